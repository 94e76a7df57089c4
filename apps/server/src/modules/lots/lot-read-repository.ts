import { sql, type SQL } from 'drizzle-orm';
import type { IncrementTable } from '@knotwork/shared/bidding/types';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import { lotOpenAt } from './lot-sql.ts';
import { saleIsPublic } from './sale-sql.ts';
import { pageOffset } from '../../lib/paging.ts';

/** The lot's own columns as every reader selects them; times as epoch ms (int8/numeric arrive as strings). */
export interface LotRow {
  id: string;
  auction_id: string;
  rug_id: string;
  lot_number: number;
  status: string;
  outcome: string | null;
  starts_ms: string | number;
  ends_ms: string | number;
  opening_bid: string | number;
  reserve: string | number | null;
  buy_now_price: string | number | null;
  estimate_low: string | number;
  estimate_high: string | number;
  current_bid: string | number | null;
  bid_count: number;
  reserve_met: boolean;
  hammer_price: string | number | null;
}

/** The lot's server-side standing (staff and the engine only: never in a public payload). */
export interface LotStandingRow {
  leader_id: string | null;
  leader_max: string | number | null;
  winner_id: string | null;
  closed_ms: string | number | null;
}

/** A lot with what its API shape needs from its auction. Reserve/leader max stay server-side. */
export interface LotJoinedRow extends LotRow {
  auction_title: string;
  auction_slug: string;
  auction_type: string;
  increments: IncrementTable | null;
}

const LOT_COLUMNS =
  sql.raw(`l.id, l.auction_id, a.title as auction_title, a.slug as auction_slug, a.type as auction_type,
  a.increments, l.rug_id, l.lot_number, l.status, l.outcome,
  extract(epoch from l.starts_at) * 1000 as starts_ms, extract(epoch from l.ends_at) * 1000 as ends_ms,
  l.opening_bid, l.reserve, l.buy_now_price, l.estimate_low, l.estimate_high, l.current_bid, l.bid_count,
  l.reserve_met, l.hammer_price`);

/**
 * A lot with its sale's columns, as a subquery other modules embed (the rug listing reads each card's lot in the
 * same round trip as the page); append a `where` on `l`.
 */
export const LOT_JOINED_SELECT = sql`select ${LOT_COLUMNS} from lots l join auctions a on a.id = l.auction_id`;

/** Lots of public sales only (not drafts). */
const VISIBLE_SALE = saleIsPublic('a');

/** The lot read model: lots with their sale, as every reader (catalogue, sales, bidding, live replay) gets them. */
export function createLotReads(db: Db) {
  return {
    async lotsByIds(ids: readonly string[]): Promise<LotJoinedRow[]> {
      if (ids.length === 0) return [];
      return rows<LotJoinedRow>(
        db,
        sql`select ${LOT_COLUMNS} from lots l join auctions a on a.id = l.auction_id where l.id = any(${sql.param([...ids])}::uuid[])`,
      );
    },

    async lotsOfAuction(auctionId: string): Promise<LotJoinedRow[]> {
      return rows<LotJoinedRow>(
        db,
        sql`select ${LOT_COLUMNS} from lots l join auctions a on a.id = l.auction_id
            where l.auction_id = ${auctionId}::uuid and l.status <> 'withdrawn' order by l.lot_number`,
      );
    },

    /** Lots taking bids at `now`, soonest end first; optionally of one sale. */
    async openLots(
      now: Date,
      page: number,
      pageSize: number,
      auctionId?: string,
    ): Promise<{ rows: LotJoinedRow[]; total: number }> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const where: SQL = sql`${lotOpenAt('l', at)} and ${VISIBLE_SALE}
        ${auctionId ? sql`and l.auction_id = ${auctionId}::uuid` : sql``}`;
      const [found, [count]] = await Promise.all([
        rows<LotJoinedRow>(
          db,
          sql`select ${LOT_COLUMNS} from lots l join auctions a on a.id = l.auction_id where ${where}
              order by l.ends_at, l.lot_number, l.id limit ${pageSize} offset ${pageOffset({ page, pageSize })}`,
        ),
        rows<{ n: string | number }>(
          db,
          sql`select count(*) as n from lots l join auctions a on a.id = l.auction_id where ${where}`,
        ),
      ]);
      return { rows: found, total: num(count?.n ?? 0) };
    },
  };
}
export type LotReads = ReturnType<typeof createLotReads>;

/** The caller's standing on one lot, as `callerFieldRows` reads it (caller-fields.ts maps it). */
export interface CallerFieldRow {
  id: string;
  leading: boolean;
  my_max: string | number | null;
  liked: boolean;
}

/**
 * The caller's standing on a set of lots, in one query: leading (the lot's leader), their own maximum (their latest
 * accepted bid: a bidder's every new bid exceeds their previous maximum), and whether they like the rug.
 */
export async function callerFieldRows(
  db: Db,
  userId: string,
  lotIds: readonly string[],
): Promise<CallerFieldRow[]> {
  return rows<CallerFieldRow>(
    db,
    sql`select l.id, coalesce(l.leader_id = ${userId}::uuid, false) as leading,
          (select max(b.max_amount) from bids b where b.lot_id = l.id and b.bidder_id = ${userId}::uuid and b.status = 'accepted') as my_max,
          exists (select 1 from likes k where k.user_id = ${userId}::uuid and k.rug_id = l.rug_id) as liked
        from lots l where l.id = any(${sql.param([...lotIds])}::uuid[])`,
  );
}
