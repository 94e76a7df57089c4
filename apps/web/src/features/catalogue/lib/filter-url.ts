import type { RugFilter, RugFilterInput } from '@knotwork/shared/schemas/rug-filter';
import { RUG_PAGE_SIZE_DEFAULT } from '@knotwork/shared/constants/catalogue';
import { paths } from '@/config/paths.ts';
import { parseRugFilter } from './parse-rug-filter.ts';

/**
 * The listing's state lives in its URL (SPEC.md 2): /rug-listing is the whole catalogue, /rug-listings?data=<JSON>
 * a filtered view. These helpers read a `data` value into a RugFilter and write one back, canonically, so the same
 * selection always produces the same URL (and the same query cache key).
 */

export type ListingFilter = RugFilter;

export const EMPTY_FILTER: ListingFilter = { page: 1, pageSize: RUG_PAGE_SIZE_DEFAULT };

export interface ParsedFilter {
  filter: ListingFilter;
  /** The link carried a filter we could not read (bad JSON, not an object, or a value the schema refuses). */
  invalid: boolean;
}

/** Reads the `data` query value. Anything unreadable yields the unfiltered list plus `invalid` (never a throw). */
export function parseFilterParam(raw: string | null): ParsedFilter {
  if (raw === null || raw.trim() === '') return { filter: EMPTY_FILTER, invalid: false };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { filter: EMPTY_FILTER, invalid: true };
  }
  if (!json || typeof json !== 'object' || Array.isArray(json))
    return { filter: EMPTY_FILTER, invalid: true };
  // Read by hand, not with the shared schema: zod stays out of the listing's first paint (issue 9).
  const filter = parseRugFilter(json as Record<string, unknown>);
  return filter ? { filter, invalid: false } : { filter: EMPTY_FILTER, invalid: true };
}

const KEY_ORDER = [
  'q',
  'collections',
  'origins',
  'styles',
  'ageClasses',
  'shapes',
  'materials',
  'colours',
  'widthMin',
  'widthMax',
  'lengthMin',
  'lengthMax',
  'priceMin',
  'priceMax',
  'availability',
  'sort',
  'page',
  'pageSize',
] as const satisfies readonly (keyof ListingFilter)[];

/** Drops empty lists, blank text and defaults (page 1, the default page size), in a fixed key order. */
export function compactFilter(filter: Partial<ListingFilter>): RugFilterInput {
  const out: Record<string, unknown> = {};
  for (const key of KEY_ORDER) {
    const value = filter[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.length === 0) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'pageSize' && value === RUG_PAGE_SIZE_DEFAULT) continue;
    out[key] = value;
  }
  return out;
}

/** Where a filter lives: /rug-listing with nothing set, else /rug-listings?data=<url-encoded JSON>. */
export function filterHref(filter: Partial<ListingFilter>): string {
  const compact = compactFilter(filter);
  return Object.keys(compact).length === 0 ? paths.rugListing.href() : paths.rugListings.href(compact);
}

/** The filter narrowed to what facets depend on (no page, size or sort), for a cache key shared across pages. */
export function facetFilter(filter: ListingFilter): RugFilterInput {
  const { page: _page, pageSize: _pageSize, sort: _sort, ...rest } = filter;
  return compactFilter(rest);
}
