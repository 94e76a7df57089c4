import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LiveSaleResponse } from '@knotwork/shared/schemas/live-sales';
import { api, isNotFound } from '@/lib/api-client.ts';
import { keepNewestView } from '../lib/newest-view.ts';

export type RoomView = LiveSaleResponse['data'];

export const liveSaleKey = (id: string) => ['live-sales', 'room', id] as const;

/** GET /live/{id}: the sale as the room sees it (the lot on the block, the ask, the bid lines, the lots to come). */
export function getLiveSale(id: string, signal?: AbortSignal): Promise<RoomView> {
  return api<LiveSaleResponse>(`/live/${encodeURIComponent(id)}`, { signal }).then((r) => r.data);
}

export function useLiveSale(id: string) {
  return useQuery(
    queryOptions({
      queryKey: liveSaleKey(id),
      queryFn: ({ signal }) => getLiveSale(id, signal),
      // Kept current by the live socket; refetched when the socket comes back.
      staleTime: Infinity,
      structuralSharing: keepNewestView,
      retry: (failures, error) => !isNotFound(error) && failures < 2,
    }),
  );
}
