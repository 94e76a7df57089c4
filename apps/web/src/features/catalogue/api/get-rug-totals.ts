import { useQueries } from '@tanstack/react-query';
import type { ListingFilter } from '../lib/filter-url.ts';
import { getRugFacetsQueryOptions } from './get-rug-facets.ts';

/**
 * How many rugs each alternative filter would list (the empty state's "remove this filter" suggestions), from
 * GET /rug/facets. Its own file: only the empty state, which loads when nothing matched, needs TanStack's
 * useQueries, so the listing's first download does not carry it (issue 9).
 */
export function useRugTotals(filters: ListingFilter[], enabled: boolean) {
  return useQueries({
    queries: filters.map((f) => ({ ...getRugFacetsQueryOptions(f), enabled })),
    combine: (results) => results.map((r) => r.data?.total),
  });
}
