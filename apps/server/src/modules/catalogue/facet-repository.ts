import { sql, type SQL } from 'drizzle-orm';
import {
  AGE_CLASSES,
  AVAILABILITIES,
  RUG_COLOURS,
  RUG_MATERIALS,
  RUG_SHAPES,
  RUG_STYLES,
} from '@knotwork/shared/constants/catalogue';
import type { RugFilter } from '@knotwork/shared/schemas/rug-filter';
import type { Db } from '../../db/client.ts';
import { availabilityCondition, rugWhere, type FilterContext, type FilterPart } from './filter-sql.ts';
import { num, numOrNull, rows } from '../../db/raw.ts';

/** The facets with a fixed vocabulary: counted with `count(*) filter (...)`, many facets in one scan. */
export const FIXED_FACETS = [
  'styles',
  'ageClasses',
  'shapes',
  'materials',
  'colours',
  'availability',
] as const;
export type FixedFacet = (typeof FIXED_FACETS)[number];

export const FIXED_FACET_VALUES: Record<FixedFacet, readonly string[]> = {
  styles: RUG_STYLES,
  ageClasses: AGE_CLASSES,
  shapes: RUG_SHAPES,
  materials: RUG_MATERIALS,
  colours: RUG_COLOURS,
  availability: AVAILABILITIES,
};

function valueCondition(facet: FixedFacet, value: string, now: Date): SQL {
  switch (facet) {
    case 'styles':
      return sql`r.style = ${value}`;
    case 'ageClasses':
      return sql`r.age_class = ${value}`;
    case 'shapes':
      return sql`r.shape = ${value}`;
    // Array containment, so a rug with wool pile and wool foundation counts once.
    case 'materials':
      return sql`r.materials @> array[${value}]::text[]`;
    case 'colours':
      return sql`r.colours @> array[${value}]::text[]`;
    case 'availability':
      return availabilityCondition(value as (typeof AVAILABILITIES)[number], now);
  }
}

export type FixedCounts = Partial<Record<FixedFacet, Record<string, number>>>;

export function createFacetRepository(db: Db) {
  return {
    /** Counts of every value of `facets` among rugs matching `filter` without the `omit` parts: one table scan. */
    async fixedCounts(
      filter: RugFilter,
      ctx: FilterContext,
      facets: readonly FixedFacet[],
      omit: readonly FilterPart[],
    ): Promise<FixedCounts> {
      if (facets.length === 0) return {};
      const columns: SQL[] = [];
      const keys: [FixedFacet, string][] = [];
      for (const facet of facets) {
        for (const value of FIXED_FACET_VALUES[facet]) {
          columns.push(
            sql`count(*) filter (where ${valueCondition(facet, value, ctx.now)}) as ${sql.identifier(`f${keys.length}`)}`,
          );
          keys.push([facet, value]);
        }
      }
      const [row] = await rows<Record<string, string | number>>(
        db,
        sql`select ${sql.join(columns, sql`, `)} from rugs r where ${rugWhere(filter, ctx, omit)}`,
      );
      const out: FixedCounts = {};
      keys.forEach(([facet, value], i) => {
        (out[facet] ??= {})[value] = num(row?.[`f${i}`] ?? 0);
      });
      return out;
    },

    async originCounts(
      filter: RugFilter,
      ctx: FilterContext,
    ): Promise<{ region: string; country: string; count: number }[]> {
      const found = await rows<{ region: string; country: string; n: string | number }>(
        db,
        sql`select r.origin_region as region, min(r.origin_country) as country, count(*) as n
            from rugs r where ${rugWhere(filter, ctx, 'origins')}
            group by r.origin_region order by count(*) desc, r.origin_region limit 100`,
      );
      return found.map((r) => ({ region: r.region, country: r.country, count: num(r.n) }));
    },

    async collectionCounts(
      filter: RugFilter,
      ctx: FilterContext,
    ): Promise<{ id: string; title: string; slug: string; count: number }[]> {
      const found = await rows<{ id: string; title: string; slug: string; n: string | number }>(
        db,
        sql`select c.id, c.title, c.slug, coalesce(x.n, 0) as n
            from collections c
            left join (
              select cid as collection_id, count(*) as n from rugs r cross join unnest(r.collection_ids) as cid
              where ${rugWhere(filter, ctx, 'collections')} group by cid
            ) x on x.collection_id = c.id
            where c.status = 'published'
            order by c.sort_order, c.title`,
      );
      return found.map((r) => ({ id: r.id, title: r.title, slug: r.slug, count: num(r.n) }));
    },

    /** Size and price bounds, and the total, of rugs matching the filter without its own ranges. */
    async ranges(filter: RugFilter, ctx: FilterContext) {
      const [row] = await rows<Record<string, string | number | null>>(
        db,
        sql`select min(r.width_cm) as wmin, max(r.width_cm) as wmax, min(r.length_cm) as lmin, max(r.length_cm) as lmax,
                   min(r.price_cents) as pmin, max(r.price_cents) as pmax
            from rugs r where ${rugWhere(filter, ctx, ['width', 'length', 'price'])}`,
      );
      const pick = (k: string) => numOrNull(row?.[k]);
      return {
        widthCm: { min: pick('wmin'), max: pick('wmax') },
        lengthCm: { min: pick('lmin'), max: pick('lmax') },
        price: { min: pick('pmin'), max: pick('pmax') },
      };
    },
  };
}
export type FacetRepository = ReturnType<typeof createFacetRepository>;
