import { sql, type SQL } from 'drizzle-orm';
import type { AuctionListQuery } from '@knotwork/shared/schemas/sales';
import type { Db } from '../../db/client.ts';
import type { MediaImageRow } from '../../db/schema/media.ts';
import { isUuid, num, rows } from '../../db/raw.ts';
import { createLotReads } from '../lots/lot-read-repository.ts';
import { saleIsPublic, salePhaseAt } from '../lots/sale-sql.ts';
import { pageOffset } from '../../lib/paging.ts';
export type { LotJoinedRow } from '../lots/lot-read-repository.ts';

export interface AuctionJoinedRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  type: string;
  status: string;
  starts_ms: string | number;
  ends_ms: string | number;
  last_end_ms: string | number | null;
  stagger_seconds: number;
  buyers_premium_pct: string | number;
  soft_close_enabled: boolean;
  soft_close_window_seconds: number;
  soft_close_extension_seconds: number;
  registration_required: boolean;
  registration_card_required: boolean;
  lot_count: string | number;
  cover: Pick<MediaImageRow, 'id' | 'width' | 'height' | 'placeholder' | 'dominantColor' | 'variants'> | null;
}

const AUCTION_SELECT = sql.raw(`select a.id, a.slug, a.title, a.description, a.type, a.status,
    extract(epoch from a.starts_at) * 1000 as starts_ms, extract(epoch from a.ends_at) * 1000 as ends_ms,
    extract(epoch from s.last_end) * 1000 as last_end_ms, a.stagger_seconds, a.buyers_premium_pct,
    a.soft_close_enabled, a.soft_close_window_seconds, a.soft_close_extension_seconds, a.registration_required,
    a.registration_card_required, s.lot_count,
    case when m.id is null then null else json_build_object('id', m.id, 'width', m.width, 'height', m.height,
      'placeholder', m.placeholder, 'dominantColor', m.dominant_color, 'variants', m.variants) end as cover
  from auctions a
  left join lateral (
    select count(*) as lot_count, max(ends_at) as last_end from lots where auction_id = a.id and status <> 'withdrawn'
  ) s on true
  left join media_images m on m.id = a.cover_image_id`);

/** Public sales: not drafts. */
const VISIBLE = saleIsPublic('a');

export function createSalesRepository(db: Db) {
  return {
    ...createLotReads(db),

    async listAuctions(
      query: AuctionListQuery,
      now: Date,
    ): Promise<{ rows: AuctionJoinedRow[]; total: number }> {
      const at = sql`${now.toISOString()}::timestamptz`;
      // The sale's phase (packages/shared/src/sales/sale-phase.ts), the rule the API's status follows too
      // (auction-mapper.ts), so the tab a sale is listed under agrees with what its card says.
      const phase = salePhaseAt('a', sql`s.last_end`, at);
      const [when, order]: [SQL, SQL] = {
        current: [sql`${phase} in ('scheduled', 'open')`, sql`a.starts_at asc, a.id`],
        upcoming: [sql`${phase} = 'scheduled'`, sql`a.starts_at asc, a.id`],
        live: [sql`${phase} = 'open'`, sql`a.ends_at asc, a.id`],
        past: [sql`${phase} in ('closing', 'closed', 'cancelled')`, sql`a.ends_at desc, a.id`],
        all: [sql`true`, sql`a.starts_at desc, a.id`],
      }[query.when] as [SQL, SQL];
      const where = sql`${VISIBLE} and (${when})`;
      const [found, [count]] = await Promise.all([
        rows<AuctionJoinedRow>(
          db,
          sql`${AUCTION_SELECT} where ${where} order by ${order} limit ${query.pageSize} offset ${pageOffset(query)}`,
        ),
        rows<{ n: string | number }>(
          db,
          sql`select count(*) as n from auctions a left join lateral (
                select max(ends_at) as last_end from lots where auction_id = a.id and status <> 'withdrawn') s on true
              where ${where}`,
        ),
      ]);
      return { rows: found, total: num(count?.n ?? 0) };
    },

    async findAuction(idOrSlug: string): Promise<AuctionJoinedRow | undefined> {
      const key = isUuid(idOrSlug) ? sql`a.id = ${idOrSlug}::uuid` : sql`a.slug = ${idOrSlug.toLowerCase()}`;
      const [row] = await rows<AuctionJoinedRow>(
        db,
        sql`${AUCTION_SELECT} where ${key} and ${VISIBLE} limit 1`,
      );
      return row;
    },
  };
}
export type SalesRepository = ReturnType<typeof createSalesRepository>;
