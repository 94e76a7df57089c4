import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RealisedLot } from '@knotwork/shared/schemas/realised';
import { api } from '@/lib/api-client.ts';

/** GET /rug/{id}/comparables: up to six sold rugs like this one, with their hammer prices and dates. */
export async function getComparables(rugId: string, signal?: AbortSignal): Promise<RealisedLot[]> {
  const res = await api<{ data: RealisedLot[] }>(`/rug/${encodeURIComponent(rugId)}/comparables`, { signal });
  return res.data;
}

export function useComparables(rugId: string) {
  return useQuery(
    queryOptions({
      queryKey: ['realised', 'comparables', rugId],
      queryFn: ({ signal }) => getComparables(rugId, signal),
      staleTime: 5 * 60_000,
    }),
  );
}
