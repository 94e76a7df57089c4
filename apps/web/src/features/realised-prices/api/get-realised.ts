import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RealisedListResponse, RealisedQueryInput } from '@knotwork/shared/schemas/realised';
import { api } from '@/lib/api-client.ts';

/** GET /realised: sold lots with their hammer prices, filtered and paged (plain query parameters). */
export async function getRealised(
  query: RealisedQueryInput,
  signal?: AbortSignal,
): Promise<RealisedListResponse> {
  return api<RealisedListResponse>('/realised', {
    query: query as Record<string, string | number | undefined>,
    signal,
  });
}

export function getRealisedQueryOptions(query: RealisedQueryInput) {
  return queryOptions({
    queryKey: ['realised', 'list', query],
    queryFn: ({ signal }) => getRealised(query, signal),
    staleTime: 60_000,
  });
}

export function useRealised(query: RealisedQueryInput) {
  return useQuery({ ...getRealisedQueryOptions(query), placeholderData: keepPreviousData });
}
