import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import type { RealisedChartQuery, RealisedQuery } from '@knotwork/shared/schemas/realised';
import { COMPARABLES_MAX, COMPARABLES_YEARS } from '@knotwork/shared/schemas/realised';
import { COVER_COLUMNS, COVER_JOIN, type CoverColumns } from '../catalogue/cover-sql.ts';
import { toPrefixTsQuery } from '../catalogue/search-text.ts';
import { pageOffset } from '../../lib/paging.ts';

/** A sold lot with its rug and cover, as every realised-price query selects it. */
export interface RealisedRow extends CoverColumns {
  lot_id: string;
  lot_number: number;
  auction_title: string;
  auction_slug: string;
  sold_ms: string | number;
  hammer_price: string | number;
  estimate_low: string | number;
  estimate_high: string | number;
  rug_id: string;
  rug_slug: string;
  title: string;
  origin_region: string;
  origin_country: string;
  style: string;
  age_class: string;
  circa_year: number | null;
  width_cm: number;
  length_cm: number;
  total?: string | number;
}

/**
 * Sold at auction and public: the lot closed sold with a hammer price, its sale is not a draft, its rug is published.
 * Only hammer_price is read from the lot's money: the reserve and maxima never leave the database here.
 */
const SOLD = sql.raw(`l.status = 'closed' and l.outcome = 'sold' and l.hammer_price is not null
  and a.status <> 'draft' and r.status in ('available', 'reserved', 'sold')`);

const COLUMNS = sql.raw(`l.id as lot_id, l.lot_number, a.title as auction_title, a.slug as auction_slug,
  extract(epoch from coalesce(l.closed_at, l.ends_at)) * 1000 as sold_ms, l.hammer_price, l.estimate_low, l.estimate_high,
  r.id as rug_id, r.slug as rug_slug, r.title, r.origin_region, r.origin_country, r.style, r.age_class, r.circa_year,
  r.width_cm, r.length_cm`);

const FROM = sql.raw(`from lots l join auctions a on a.id = l.auction_id join rugs r on r.id = l.rug_id`);

/** When a lot sold: its close, or its end for lots closed by hand without a stamp. */
const SOLD_AT = sql.raw(`coalesce(l.closed_at, l.ends_at)`);

function originCondition(origin: string): SQL {
  const lowered = origin.toLowerCase();
  return sql`(lower(r.origin_region) = ${lowered} or lower(r.origin_country) = ${lowered})`;
}

function where(q: RealisedQuery): SQL {
  const parts: SQL[] = [SOLD];
  if (q.q !== undefined) {
    const ts = toPrefixTsQuery(q.q);
    parts.push(ts ? sql`r.search_vector @@ to_tsquery('simple', ${ts})` : sql`false`);
  }
  if (q.origin) parts.push(originCondition(q.origin));
  if (q.style) parts.push(sql`r.style = ${q.style}`);
  if (q.ageClass) parts.push(sql`r.age_class = ${q.ageClass}`);
  if (q.widthMin !== undefined) parts.push(sql`r.width_cm >= ${q.widthMin}`);
  if (q.widthMax !== undefined) parts.push(sql`r.width_cm <= ${q.widthMax}`);
  if (q.lengthMin !== undefined) parts.push(sql`r.length_cm >= ${q.lengthMin}`);
  if (q.lengthMax !== undefined) parts.push(sql`r.length_cm <= ${q.lengthMax}`);
  if (q.yearFrom !== undefined)
    parts.push(sql`${SOLD_AT} >= make_timestamptz(${q.yearFrom}, 1, 1, 0, 0, 0, 'UTC')`);
  if (q.yearTo !== undefined)
    parts.push(sql`${SOLD_AT} < make_timestamptz(${q.yearTo + 1}, 1, 1, 0, 0, 0, 'UTC')`);
  return sql.join(parts, sql` and `);
}

function orderBy(sort: RealisedQuery['sort']): SQL {
  switch (sort) {
    case 'hammerDesc':
      return sql.raw(`l.hammer_price desc, l.id`);
    case 'hammerAsc':
      return sql.raw(`l.hammer_price asc, l.id`);
    case 'sizeDesc':
      return sql.raw(`r.area_cm2 desc, l.id`);
    case 'soldDesc':
      return sql.raw(`coalesce(l.closed_at, l.ends_at) desc, l.id`);
  }
}

export interface RugForComparison {
  id: string;
  origin_region: string;
  style: string;
  age_class: string;
  circa_year: number | null;
  area_cm2: number;
}

export function createRealisedRepository(db: Db) {
  return {
    async list(q: RealisedQuery): Promise<{ rows: RealisedRow[]; total: number }> {
      const found = await rows<RealisedRow>(
        db,
        sql`select ${COLUMNS}, ${COVER_COLUMNS}, count(*) over () as total
            ${FROM} ${COVER_JOIN}
            where ${where(q)}
            order by ${orderBy(q.sort)}
            limit ${q.pageSize} offset ${pageOffset(q)}`,
      );
      let total = found[0] ? num(found[0].total) : 0;
      // Past the last page the window count is absent: count once so the pager still knows the size.
      if (found.length === 0 && q.page > 1) {
        const [row] = await rows<{ n: string | number }>(
          db,
          sql`select count(*) as n ${FROM} where ${where(q)}`,
        );
        total = num(row?.n ?? 0);
      }
      return { rows: found, total };
    },

    async rug(idOrSlug: string, isUuid: boolean): Promise<RugForComparison | null> {
      const [row] = await rows<RugForComparison>(
        db,
        sql`select r.id, r.origin_region, r.style, r.age_class, r.circa_year, r.area_cm2 from rugs r
            where ${isUuid ? sql`r.id = ${idOrSlug}::uuid` : sql`r.slug = ${idOrSlug}`}
              and r.status in ('available', 'reserved', 'sold')`,
      );
      return row ?? null;
    },

    /**
     * Up to six sold lots like `rug`, of the last five years: the same weaving centre or style, then the closest in
     * size (log of the area ratio, within a third to three times) and age (circa year, else age class), newest first.
     */
    async comparables(rug: RugForComparison): Promise<RealisedRow[]> {
      const area = Math.max(1, num(rug.area_cm2));
      const circa = rug.circa_year;
      const ageDistance =
        circa === null
          ? sql`(case when r.age_class = ${rug.age_class} then 0 else 1 end)`
          : sql`(case when r.circa_year is null then (case when r.age_class = ${rug.age_class} then 0.5 else 1 end)
                 else least(abs(r.circa_year - ${circa}) / 40.0, 1.5) end)`;
      return rows<RealisedRow>(
        db,
        sql`select ${COLUMNS}, ${COVER_COLUMNS}
            ${FROM} ${COVER_JOIN}
            where ${SOLD} and r.id <> ${rug.id}::uuid
              and (lower(r.origin_region) = lower(${rug.origin_region}) or r.style = ${rug.style})
              and ${SOLD_AT} > now() - make_interval(years => ${COMPARABLES_YEARS})
              and r.area_cm2 between ${Math.floor(area / 3)} and ${Math.ceil(area * 3)}
            order by (lower(r.origin_region) = lower(${rug.origin_region})) desc,
              abs(ln(r.area_cm2::float8 / ${area})) + ${ageDistance}, ${SOLD_AT} desc, l.id
            limit ${COMPARABLES_MAX}`,
      );
    },

    /** Hammer per square metre by year of sale: median, lowest and highest, for one origin or style (or all). */
    async chart(q: RealisedChartQuery) {
      const parts: SQL[] = [SOLD];
      if (q.origin) parts.push(originCondition(q.origin));
      if (q.style) parts.push(sql`r.style = ${q.style}`);
      const found = await rows<{
        year: number;
        count: string | number;
        median: number;
        low: number;
        high: number;
      }>(
        db,
        sql`select extract(year from ${SOLD_AT} at time zone 'UTC')::int as year, count(*) as count,
              percentile_cont(0.5) within group (order by per_sqm) as median, min(per_sqm) as low, max(per_sqm) as high
            from (select l.*, l.hammer_price::float8 * 10000 / r.area_cm2 as per_sqm ${FROM}
                  where ${sql.join(parts, sql` and `)}) l
            group by 1 order by 1`,
      );
      return found.map((r) => ({
        year: num(r.year),
        count: num(r.count),
        medianPerSqm: Math.round(num(r.median)),
        lowPerSqm: Math.round(num(r.low)),
        highPerSqm: Math.round(num(r.high)),
      }));
    },
  };
}
