import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { EMPTY_FILTER, filterHref, parseFilterParam, type ListingFilter } from '../lib/filter-url.ts';

/**
 * The filter in the address bar right now. react-router updates history at once but renders the new location in a
 * transition, so a second click (or the search debounce) may run before this component has re-rendered: changes
 * are computed from the live URL, never from a possibly stale render.
 */
function liveFilter(): ListingFilter {
  const { pathname, search } = window.location;
  return pathname === paths.rugListings.path
    ? parseFilterParam(new URLSearchParams(search).get('data')).filter
    : EMPTY_FILTER;
}

/**
 * The filter of a change made earlier in this same task, not yet in the address bar: the router writes history a
 * few microtasks after `navigate`, so two changes in one task (the choices a visitor made on the server-rendered
 * page before its scripts ran, applied together after hydration) would otherwise each start from the old URL.
 */
let pendingInThisTask: ListingFilter | null = null;

export type FilterUpdate = (latest: ListingFilter) => ListingFilter;

export interface SetFilterOptions {
  /** Replace the current history entry instead of pushing one (typing in the search box). */
  replace?: boolean;
}

/**
 * The listing's filter, read from and written to the URL: every change is a navigation, so the link can be shared
 * and Back/Forward step through the visitor's choices. /rug-listing ignores any query; /rug-listings reads `data`.
 */
export function useListingFilter() {
  const location = useLocation();
  const navigate = useNavigate();
  const raw =
    location.pathname === paths.rugListings.path ? new URLSearchParams(location.search).get('data') : null;
  const parsed = useMemo(() => parseFilterParam(raw), [raw]);
  const current = location.pathname + location.search;

  const updateFilter = useCallback(
    (update: FilterUpdate, options: SetFilterOptions = {}) => {
      const next = update(pendingInThisTask ?? liveFilter());
      const href = filterHref(next);
      if (href === window.location.pathname + window.location.search) return;
      if (pendingInThisTask === null)
        setTimeout(() => {
          pendingInThisTask = null;
        }, 0);
      pendingInThisTask = next;
      void navigate(href, { replace: options.replace, preventScrollReset: true });
    },
    [navigate],
  );

  return { filter: parsed.filter, invalid: parsed.invalid, updateFilter, currentUrl: current };
}
