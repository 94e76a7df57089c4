import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MediaImageRow } from '../../db/schema/media.ts';
import { PUBLISHED, rugOrderBy, rugWhere, type FilterContext } from './filter-sql.ts';
import type { RugFilter } from '@knotwork/shared/schemas/rug-filter';
import { LOT_JOINED_SELECT, type LotJoinedRow } from '../lots/lot-read-repository.ts';
import { isUuid, num, preparedRows, rows } from '../../db/raw.ts';
import { COVER_COLUMNS, COVER_JOIN, coverImage, type CoverColumns } from './cover-sql.ts';
import { pageOffset } from '../../lib/paging.ts';

/** The columns a listing card needs; times as epoch ms. */
const SUMMARY_COLUMNS =
  sql.raw(`r.id, r.slug, r.title, r.origin_country, r.origin_region, r.style, r.age_class, r.circa_year,
  r.width_cm, r.length_cm, r.shape, r.colours, r.pile_materials, r.condition_grade, r.estimate_low, r.estimate_high,
  r.fixed_price, r.price_cents, r.status, r.lot_id, r.lot_status, r.active_ends_at is not null as lot_active,
  extract(epoch from r.lot_starts_at) * 1000 as lot_starts_ms, extract(epoch from r.lot_ends_at) * 1000 as lot_ends_ms`);

const DETAIL_COLUMNS =
  sql.raw(`r.description, r.foundation_materials, r.knot_type, r.knot_density, r.condition_report,
  extract(epoch from r.published_at) * 1000 as published_ms`);

export interface RugSummaryRow {
  id: string;
  slug: string;
  title: string;
  origin_country: string;
  origin_region: string;
  style: string;
  age_class: string;
  circa_year: number | null;
  width_cm: number;
  length_cm: number;
  shape: string;
  colours: string[];
  pile_materials: string[];
  condition_grade: string;
  estimate_low: string | number;
  estimate_high: string | number;
  fixed_price: string | number | null;
  price_cents: string | number;
  status: string;
  lot_id: string | null;
  lot_status: string | null;
  lot_active: boolean;
  lot_starts_ms: string | number | null;
  lot_ends_ms: string | number | null;
}

/** A listing row: the card's columns and its cover image (all null without one). */
export interface RugPageRow extends RugSummaryRow, CoverColumns {
  /** The card's current or last lot with its sale (row_to_json of LOT_JOINED_SELECT), or null. */
  lot_row: LotJoinedRow | null;
}

/** `Plan Rows` of an EXPLAIN (FORMAT JSON) answer; drivers hand the json column back parsed or as text. */
function planRows(plan: unknown): number {
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    { Plan?: { 'Plan Rows'?: number } }[] | undefined;
  return parsed?.[0]?.Plan?.['Plan Rows'] ?? 0;
}

/** The cover of a listing row as an image row, or null. */
export function coverOf(row: RugPageRow): RugImageRow | null {
  const image = coverImage(row);
  return image && { rugId: row.id, alt: row.cover_alt, image };
}

export interface RugDetailRow extends RugSummaryRow {
  description: string;
  foundation_materials: string[];
  knot_type: string | null;
  knot_density: number | null;
  condition_report: string;
  published_ms: string | number;
}

export interface RugImageRow {
  rugId: string;
  alt: string | null;
  image: Pick<MediaImageRow, 'id' | 'width' | 'height' | 'placeholder' | 'dominantColor' | 'variants'> & {
    zoom?: MediaImageRow['zoom'];
  };
}

export function createRugRepository(db: Db) {
  return {
    /**
     * One page of listing cards with each rug's cover image. The page of ids is found first in a subquery that
     * the covering indexes of migration 0007 answer with an index-only scan (filters, sort and offset never touch
     * the ~1.8 KB heap rows); only the rows shown are then read, with their cover and lot in the same round trip
     * (each query is a round trip, and on small machines the socket calls cost more than the SQL).
     */
    async list(
      filter: RugFilter,
      ctx: FilterContext,
      sort: RugFilter['sort'],
      rank = true,
    ): Promise<RugPageRow[]> {
      const offset = pageOffset(filter);
      const order = rugOrderBy(sort, ctx, rank);
      return preparedRows<RugPageRow>(
        db,
        sql`select ${SUMMARY_COLUMNS}, ${COVER_COLUMNS}, lot.lot_row
            from (select r.id from rugs r where ${rugWhere(filter, ctx)}
                  order by ${order} limit ${filter.pageSize} offset ${offset}) page
            join rugs r on r.id = page.id
            ${COVER_JOIN}
            left join lateral (
              select row_to_json(x) as lot_row from (${LOT_JOINED_SELECT} where l.id = r.lot_id) x
            ) lot on true
            order by ${order}`,
      );
    },

    /** The exact number of matches (a full count: used off the request path and by the benchmark). */
    async count(filter: RugFilter, ctx: FilterContext): Promise<number> {
      const [row] = await rows<{ n: string | number }>(
        db,
        sql`select count(*) as n from rugs r where ${rugWhere(filter, ctx)}`,
      );
      return num(row?.n ?? 0);
    },

    /** The number of matches, but stops at `limit + 1`: cheap for broad filters, exact for narrow ones. */
    async countUpTo(filter: RugFilter, ctx: FilterContext, limit: number): Promise<number> {
      const [row] = await preparedRows<{ n: string | number }>(
        db,
        sql`select count(*) as n from (select 1 from rugs r where ${rugWhere(filter, ctx)} limit ${limit + 1}) m`,
      );
      return num(row?.n ?? 0);
    },

    /** The planner's estimate of the matches (statistics only, nothing is scanned). */
    async estimate(filter: RugFilter, ctx: FilterContext): Promise<number> {
      const [row] = await rows<{ 'QUERY PLAN': unknown }>(
        db,
        sql`explain (format json) select 1 from rugs r where ${rugWhere(filter, ctx)}`,
      );
      return Math.round(planRows(row?.['QUERY PLAN']));
    },

    /** A published rug by id or slug. */
    async findDetail(idOrSlug: string): Promise<RugDetailRow | undefined> {
      const key: SQL = isUuid(idOrSlug)
        ? sql`r.id = ${idOrSlug}::uuid`
        : sql`r.slug = ${idOrSlug.toLowerCase()}`;
      const [row] = await rows<RugDetailRow>(
        db,
        sql`select ${SUMMARY_COLUMNS}, ${DETAIL_COLUMNS} from rugs r where ${key} and ${PUBLISHED} limit 1`,
      );
      return row;
    },

    async findSummariesByIds(ids: readonly string[]): Promise<RugSummaryRow[]> {
      if (ids.length === 0) return [];
      return rows<RugSummaryRow>(
        db,
        sql`select ${SUMMARY_COLUMNS} from rugs r where r.id = any(${sql.param([...ids])}::uuid[])`,
      );
    },

    /**
     * Rugs like this one, best first: same collection, same weaving centre, same style; then the closest in
     * price. Each candidate set is small and indexed, so this stays cheap at 100,000 rugs.
     */
    async related(
      rug: { id: string; style: string; origin_region: string; price_cents: string | number },
      limit: number,
    ): Promise<RugSummaryRow[]> {
      const price = num(rug.price_cents);
      return rows<RugSummaryRow>(
        db,
        sql`with candidates as (
              (select rc2.rug_id as id, 3 as score from rug_collections rc1
                 join rug_collections rc2 on rc2.collection_id = rc1.collection_id
               where rc1.rug_id = ${rug.id}::uuid limit 200)
              union all
              (select id, 2 from rugs where lower(origin_region) = lower(${rug.origin_region}) limit 200)
              union all
              (select id, 1 from rugs where style = ${rug.style} limit 200)
            ), scored as (
              select id, sum(score) as score from candidates where id <> ${rug.id}::uuid group by id
            )
            select ${SUMMARY_COLUMNS} from scored s join rugs r on r.id = s.id
            where ${PUBLISHED}
            order by s.score desc, abs(r.price_cents - ${price}) asc, r.id
            limit ${limit}`,
      );
    },

    /** Every image of the given rugs in display order; `firstOnly` keeps the cover of each. */
    async images(rugIds: readonly string[], firstOnly: boolean): Promise<RugImageRow[]> {
      if (rugIds.length === 0) return [];
      const found = await rows<{
        rug_id: string;
        alt: string | null;
        id: string;
        width: number;
        height: number;
        placeholder: string;
        dominant_color: string;
        variants: MediaImageRow['variants'];
        zoom?: MediaImageRow['zoom'];
      }>(
        db,
        firstOnly
          ? sql`select distinct on (ri.rug_id) ri.rug_id, ri.alt, m.id, m.width, m.height, m.placeholder, m.dominant_color, m.variants
                from rug_images ri join media_images m on m.id = ri.image_id
                where ri.rug_id = any(${sql.param([...rugIds])}::uuid[])
                order by ri.rug_id, ri.position, ri.image_id`
          : // The whole gallery (the rug page) carries each picture's Deep Zoom pyramid; cards need none.
            sql`select ri.rug_id, ri.alt, m.id, m.width, m.height, m.placeholder, m.dominant_color, m.variants, m.zoom
                from rug_images ri join media_images m on m.id = ri.image_id
                where ri.rug_id = any(${sql.param([...rugIds])}::uuid[])
                order by ri.rug_id, ri.position, ri.image_id`,
      );
      return found.map((r) => ({
        rugId: r.rug_id,
        alt: r.alt,
        image: {
          id: r.id,
          width: r.width,
          height: r.height,
          placeholder: r.placeholder,
          dominantColor: r.dominant_color,
          variants: r.variants,
          ...(r.zoom ? { zoom: r.zoom } : {}),
        },
      }));
    },

    async collectionsOf(rugId: string): Promise<{ id: string; title: string; slug: string }[]> {
      return rows(
        db,
        sql`select c.id, c.title, c.slug from rug_collections rc join collections c on c.id = rc.collection_id
            where rc.rug_id = ${rugId}::uuid and c.status = 'published' order by c.sort_order, c.title`,
      );
    },

    /** Which of `rugIds` the user likes: one query for a whole page of cards. */
    async likedAmong(userId: string, rugIds: readonly string[]): Promise<Set<string>> {
      if (rugIds.length === 0) return new Set();
      const found = await rows<{ rug_id: string }>(
        db,
        sql`select rug_id from likes where user_id = ${userId}::uuid and rug_id = any(${sql.param([...rugIds])}::uuid[])`,
      );
      return new Set(found.map((r) => r.rug_id));
    },

    /** Published collection ids for titles or slugs, case-insensitively (the web footer links by title). */
    async resolveCollections(names: readonly string[]): Promise<string[]> {
      const lowered = names.map((n) => n.toLowerCase());
      const found = await rows<{ id: string }>(
        db,
        sql`select id from collections where status = 'published'
              and (lower(title) = any(${sql.param(lowered)}::text[]) or lower(slug) = any(${sql.param(lowered)}::text[]))`,
      );
      return found.map((r) => r.id);
    },
  };
}
export type RugRepository = ReturnType<typeof createRugRepository>;
