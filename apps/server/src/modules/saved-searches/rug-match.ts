import type { RugFilter } from '@knotwork/shared/schemas/rug-filter';

/**
 * The columns of one rug that a saved search's filter reads, as the matching job loads them (times as epoch ms,
 * money as numbers).
 */
export interface MatchRug {
  id: string;
  status: string;
  originRegion: string;
  originCountry: string;
  style: string;
  ageClass: string;
  shape: string;
  materials: readonly string[];
  colours: readonly string[];
  collectionIds: readonly string[];
  widthCm: number;
  lengthCm: number;
  priceCents: number;
  fixedPrice: number | null;
  activeEndsMs: number | null;
  lotStartsMs: number | null;
}

/** What a filter needs beyond itself: the clock, and the lookups that only the database can answer. */
export interface MatchContext {
  nowMs: number;
  /** Ids of the filter's collections (names resolved); empty when none exist. */
  collectionIds: readonly string[] | undefined;
  /** Ids of the batch's rugs whose search_vector matches the filter's `q` (by to_tsquery in SQL); empty when `q` has nothing searchable. */
  textMatches: ReadonlySet<string> | undefined;
}

const PUBLISHED = new Set(['available', 'reserved', 'sold']);

const overlaps = (a: readonly string[], b: readonly string[]) => a.some((v) => b.includes(v));

/**
 * `rugWhere` (catalogue/filter-sql.ts) as a predicate over one rug in memory, so the matching job can test
 * 10,000 searches against an import of 1,000 rugs in seconds, where one SQL statement per search spent most of its
 * time planning. The listing's SQL stays the definition: test/saved-searches/rug-match.property.test.ts checks with
 * fast-check that both agree on random filters and rugs. Full-text search is the one part left to the database
 * (`textMatches`).
 */
export function compileRugMatcher(filter: RugFilter, ctx: MatchContext): (rug: MatchRug) => boolean {
  const tests: ((r: MatchRug) => boolean)[] = [(r) => PUBLISHED.has(r.status)];
  if (filter.q !== undefined) {
    const found = ctx.textMatches;
    tests.push((r) => found?.has(r.id) ?? false);
  }
  if (filter.collections?.length) {
    const ids = ctx.collectionIds ?? [];
    tests.push(ids.length ? (r) => overlaps(r.collectionIds, ids) : () => false);
  }
  if (filter.origins?.length) {
    const lowered = filter.origins.map((o) => o.toLowerCase());
    tests.push(
      (r) =>
        lowered.includes(r.originRegion.toLowerCase()) || lowered.includes(r.originCountry.toLowerCase()),
    );
  }
  const oneOf = (values: readonly string[] | undefined, read: (r: MatchRug) => string) => {
    if (values?.length) tests.push((r) => values.includes(read(r)));
  };
  oneOf(filter.styles, (r) => r.style);
  oneOf(filter.ageClasses, (r) => r.ageClass);
  oneOf(filter.shapes, (r) => r.shape);
  const materials = filter.materials;
  if (materials?.length) tests.push((r) => overlaps(r.materials, materials));
  const colours = filter.colours;
  if (colours?.length) tests.push((r) => overlaps(r.colours, colours));
  const range = (min: number | undefined, max: number | undefined, read: (r: MatchRug) => number) => {
    if (min !== undefined) tests.push((r) => read(r) >= min);
    if (max !== undefined) tests.push((r) => read(r) <= max);
  };
  range(filter.widthMin, filter.widthMax, (r) => r.widthCm);
  range(filter.lengthMin, filter.lengthMax, (r) => r.lengthCm);
  range(filter.priceMin, filter.priceMax, (r) => r.priceCents);
  const availability = filter.availability;
  if (availability?.length) {
    const now = ctx.nowMs;
    tests.push((r) =>
      availability.some((a) => {
        switch (a) {
          case 'open':
            return (
              r.activeEndsMs !== null &&
              r.activeEndsMs > now &&
              r.lotStartsMs !== null &&
              r.lotStartsMs <= now
            );
          case 'upcoming':
            return r.activeEndsMs !== null && r.lotStartsMs !== null && r.lotStartsMs > now;
          case 'buyNow':
            return r.status === 'available' && r.fixedPrice !== null && r.activeEndsMs === null;
          case 'sold':
            return r.status === 'sold';
        }
      }),
    );
  }
  return (rug) => tests.every((test) => test(rug));
}
