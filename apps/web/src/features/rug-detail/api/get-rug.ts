import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RugDetail } from '@knotwork/shared/schemas/catalogue';
import { api, isNotFound } from '@/lib/api-client.ts';

export interface RugDetailResult {
  rug: RugDetail;
  /** This browser's clock when the answer arrived: paired with the lot's serverNow, it gives the clock offset. */
  receivedAt: number;
}

/** GET /rug/{id|slug}: one published rug with its pictures, collections, current or last lot and related rugs. */
export async function getRug(idOrSlug: string, signal?: AbortSignal): Promise<RugDetailResult> {
  const res = await api<{ data: RugDetail }>(`/rug/${encodeURIComponent(idOrSlug)}`, { signal });
  return { rug: res.data, receivedAt: Date.now() };
}

export function getRugQueryOptions(idOrSlug: string) {
  return queryOptions({
    queryKey: ['rug-detail', idOrSlug],
    queryFn: ({ signal }) => getRug(idOrSlug, signal),
    // Bids move; a rug seen a few seconds ago is shown at once and refreshed in the background.
    staleTime: 15_000,
    // An unknown rug will not appear by asking again.
    retry: (failures, error) => !isNotFound(error) && failures < 2,
  });
}

export function useRug(idOrSlug: string) {
  return useQuery(getRugQueryOptions(idOrSlug));
}
