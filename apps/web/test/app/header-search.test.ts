import { describe, expect, it } from 'vitest';
import { RUG_QUERY_MAX } from '@knotwork/shared/constants/catalogue';
import { parseFilterParam } from '@/features/catalogue/lib/filter-url.ts';
import { HEADER_QUERY_MAX, headerSearchHref } from '@/app/layout/header-search.tsx';

describe('header search (issue 24.5)', () => {
  it('keeps the listing’s query limit', () => {
    expect(HEADER_QUERY_MAX).toBe(RUG_QUERY_MAX);
  });

  it('opens the listing’s text search with what was typed, trimmed; an empty search opens the whole catalogue', () => {
    expect(headerSearchHref('')).toBe('/rug-listing');
    expect(headerSearchHref('   ')).toBe('/rug-listing');
    const href = headerSearchHref('  Heriz & silk "1890" ');
    const url = new URL(href, 'https://knotwork.test');
    expect(url.pathname).toBe('/rug-listings');
    expect(parseFilterParam(url.searchParams.get('data'))).toEqual({
      filter: expect.objectContaining({ q: 'Heriz & silk "1890"' }),
      invalid: false,
    });
    const long = headerSearchHref('x'.repeat(500));
    expect(
      parseFilterParam(new URL(long, 'https://knotwork.test').searchParams.get('data')).filter.q,
    ).toHaveLength(RUG_QUERY_MAX);
  });
});
