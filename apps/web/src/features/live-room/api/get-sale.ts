import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Auction, LotWithRug } from '@knotwork/shared/schemas/sales';
import { api, isNotFound } from '@/lib/api-client.ts';

export type SaleWithLots = Auction & { lots: LotWithRug[] };

/** GET /rug/upcoming/{id|slug}: the sale and every lot in lot-number order. */
export async function getSale(idOrSlug: string, signal?: AbortSignal) {
  const res = await api<{ data: SaleWithLots }>(`/rug/upcoming/${encodeURIComponent(idOrSlug)}`, { signal });
  return { sale: res.data, receivedAt: Date.now() };
}

export function useSale(idOrSlug: string) {
  return useQuery(
    queryOptions({
      queryKey: ['live-room', 'sale', idOrSlug],
      queryFn: ({ signal }) => getSale(idOrSlug, signal),
      // The room keeps itself current over the live socket; refetch only on a new visit.
      staleTime: 60_000,
      retry: (failures, error) => !isNotFound(error) && failures < 2,
    }),
  );
}
