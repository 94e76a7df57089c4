import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RugFilterInput } from '@knotwork/shared/schemas/rug-filter';
import type { RugFacets } from '@knotwork/shared/schemas/catalogue';
import { api } from '@/lib/api-client.ts';
import { facetFilter, type ListingFilter } from '../lib/filter-url.ts';

/** GET /rug/facets?data=...: counts per filter value (each facet ignoring its own selection) and range bounds. */
export async function getRugFacets(filter: RugFilterInput, signal?: AbortSignal): Promise<RugFacets> {
  const res = await api<{ data: RugFacets }>('/rug/facets', {
    query: { data: JSON.stringify(filter) },
    signal,
  });
  return res.data;
}

/** Keyed without page, page size and sort: turning a page or re-sorting does not recount anything. */
export function getRugFacetsQueryOptions(filter: ListingFilter | RugFilterInput) {
  const key = facetFilter(filter as ListingFilter);
  return queryOptions({
    queryKey: ['catalogue', 'facets', key],
    queryFn: ({ signal }) => getRugFacets(key, signal),
    staleTime: 60_000,
  });
}

export function useRugFacets(filter: ListingFilter) {
  return useQuery({ ...getRugFacetsQueryOptions(filter), placeholderData: keepPreviousData });
}
