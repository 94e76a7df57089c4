import { sql, type SQL } from 'drizzle-orm';
import type { Availability } from '@knotwork/shared/constants/catalogue';
import type { RugFacetKey, RugFilter } from '@knotwork/shared/schemas/rug-filter';

/** Rugs the public catalogue shows; every listing index is partial on exactly this predicate. */
export const PUBLISHED = sql.raw(`r.status in ('available', 'reserved', 'sold')`);

/** What the filter needs beyond itself: the clock (one per request) and lookups done before building SQL. */
export interface FilterContext {
  now: Date;
  /** Ids of the chosen collections (titles/slugs resolved); empty when none of the names exist. */
  collectionIds: string[] | undefined;
  /** Folded prefix tsquery for `q`, or null when `q` has nothing searchable. */
  tsQuery: string | null | undefined;
}

/** A facet or range whose own selection is left out when counting its values. */
export type FilterPart = RugFacetKey | 'width' | 'length' | 'price';

const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** The SQL condition for one availability, as of `now` (times decide; the closing job only tidies up later). */
export function availabilityCondition(a: Availability, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (a) {
    // active_ends_at is set exactly while the lot is scheduled or open, and then equals lot_ends_at (migration
    // 0003's trigger); written on it, "open" and "upcoming" imply the partial index rugs_active_lot_cover_idx (0007).
    // As in mappers.ts, times decide: a lot marked open before its start is still upcoming.
    case 'open':
      return sql`(r.active_ends_at > ${at} and r.lot_starts_at <= ${at})`;
    case 'upcoming':
      return sql`(r.active_ends_at is not null and r.lot_starts_at > ${at})`;
    case 'buyNow':
      return sql`(r.status = 'available' and r.fixed_price is not null and r.active_ends_at is null)`;
    case 'sold':
      return sql`(r.status = 'sold')`;
  }
}

/**
 * The WHERE clause for `filter` over `rugs r`. `omitParts` leaves facets' selections out (facet counts are for
 * "the current filter except this facet", as shops count them).
 */
export function rugWhere(
  filter: RugFilter,
  ctx: FilterContext,
  omitParts: FilterPart | readonly FilterPart[] = [],
): SQL {
  const omitted = new Set<FilterPart>(typeof omitParts === 'string' ? [omitParts] : omitParts);
  const omit = (part: FilterPart) => omitted.has(part);
  const parts: SQL[] = [PUBLISHED];
  if (filter.q !== undefined) {
    parts.push(ctx.tsQuery ? sql`r.search_vector @@ to_tsquery('simple', ${ctx.tsQuery})` : sql`false`);
  }
  if (filter.collections?.length && !omit('collections')) {
    const ids = ctx.collectionIds ?? [];
    parts.push(
      ids.length
        ? // collection_ids mirrors rug_collections (migration 0009) and the covering indexes carry it, so this is
          // checked inside an index-only walk in sort order instead of hashing the whole collection first.
          sql`r.collection_ids && ${sql.param(ids)}::uuid[]`
        : sql`false`,
    );
  }
  if (filter.origins?.length && !omit('origins')) {
    const lowered = textArray(filter.origins.map((o) => o.toLowerCase()));
    parts.push(sql`(lower(r.origin_region) = any(${lowered}) or lower(r.origin_country) = any(${lowered}))`);
  }
  if (filter.styles?.length && !omit('styles')) parts.push(sql`r.style = any(${textArray(filter.styles)})`);
  if (filter.ageClasses?.length && !omit('ageClasses'))
    parts.push(sql`r.age_class = any(${textArray(filter.ageClasses)})`);
  if (filter.shapes?.length && !omit('shapes')) parts.push(sql`r.shape = any(${textArray(filter.shapes)})`);
  if (filter.materials?.length && !omit('materials'))
    parts.push(sql`r.materials && ${textArray(filter.materials)}`);
  if (filter.colours?.length && !omit('colours')) parts.push(sql`r.colours && ${textArray(filter.colours)}`);
  if (!omit('width')) {
    if (filter.widthMin !== undefined) parts.push(sql`r.width_cm >= ${filter.widthMin}`);
    if (filter.widthMax !== undefined) parts.push(sql`r.width_cm <= ${filter.widthMax}`);
  }
  if (!omit('length')) {
    if (filter.lengthMin !== undefined) parts.push(sql`r.length_cm >= ${filter.lengthMin}`);
    if (filter.lengthMax !== undefined) parts.push(sql`r.length_cm <= ${filter.lengthMax}`);
  }
  if (!omit('price')) {
    if (filter.priceMin !== undefined) parts.push(sql`r.price_cents >= ${filter.priceMin}`);
    if (filter.priceMax !== undefined) parts.push(sql`r.price_cents <= ${filter.priceMax}`);
  }
  if (filter.availability?.length && !omit('availability')) {
    parts.push(
      sql`(${sql.join(
        filter.availability.map((a) => availabilityCondition(a, ctx.now)),
        sql` or `,
      )})`,
    );
  }
  return sql.join(parts, sql` and `);
}

/**
 * ORDER BY for a sort; `id` last keeps pages stable when the key ties, in the direction that lets PostgreSQL walk
 * the (key, id) index forwards or backwards.
 */
export function rugOrderBy(sort: RugFilter['sort'], ctx: FilterContext, rank = true): SQL {
  switch (sort) {
    case 'relevance':
      // `rank` is false when the match set is too large to score every match (listing-limits.ts): newest first then.
      return ctx.tsQuery && rank
        ? sql`ts_rank(r.search_vector, to_tsquery('simple', ${ctx.tsQuery})) desc, r.published_at desc, r.id`
        : sql`r.published_at desc, r.id`;
    case 'endingSoon':
      // Rugs without a scheduled/open lot follow, newest first.
      return sql`r.active_ends_at asc nulls last, r.published_at desc, r.id`;
    case 'priceAsc':
      return sql`r.price_cents asc, r.id`;
    case 'priceDesc':
      return sql`r.price_cents desc, r.id desc`;
    case 'sizeAsc':
      return sql`r.area_cm2 asc, r.id`;
    case 'sizeDesc':
      return sql`r.area_cm2 desc, r.id desc`;
    case 'newest':
    case undefined:
      return sql`r.published_at desc, r.id`;
  }
}
