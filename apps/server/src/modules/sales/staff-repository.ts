import { sql, type SQL } from 'drizzle-orm';
import type { IncrementTable } from '@knotwork/shared/bidding/types';
import {
  saleMoveRefusal,
  type SaleFacts,
  type SaleMove,
  type SaleMoveRefusal,
} from '@knotwork/shared/sales/sale-moves';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import type { LotRow, LotStandingRow } from '../lots/lot-read-repository.ts';
import { liveLotIdOfRug } from '../lots/lot-sql.ts';
import { pageOffset } from '../../lib/paging.ts';

/** An auction as staff see it; times as epoch ms. What staff may do with it: `saleFacts` + sale-moves.ts. */
export interface AdminAuctionRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  type: 'timed' | 'live';
  status: 'draft' | 'scheduled' | 'open' | 'closed' | 'cancelled';
  starts_ms: string | number;
  ends_ms: string | number;
  stagger_seconds: number;
  buyers_premium_pct: string | number;
  increments: IncrementTable | null;
  soft_close_enabled: boolean;
  soft_close_window_seconds: number;
  soft_close_extension_seconds: number;
  registration_required: boolean;
  registration_card_required: boolean;
  pending_registrations: string | number;
  lot_count: string | number;
  active_lot_count: string | number;
  /** Some lot has opened or closed. */
  lots_started: boolean;
  /** The database clock when the row was read: the sale's moves are decided on it (sale-moves.ts). */
  now_ms: string | number;
  created_ms: string | number;
  updated_ms: string | number;
}

export interface AdminLotRow extends LotRow, LotStandingRow {
  rug_title: string;
  status: 'scheduled' | 'open' | 'closed' | 'withdrawn';
  outcome: 'sold' | 'unsold' | null;
}

const AUCTION_SELECT = sql`select a.id, a.slug, a.title, a.description, a.type, a.status,
    extract(epoch from a.starts_at) * 1000 as starts_ms, extract(epoch from a.ends_at) * 1000 as ends_ms,
    a.stagger_seconds, a.buyers_premium_pct, a.increments, a.soft_close_enabled, a.soft_close_window_seconds,
    a.soft_close_extension_seconds, a.registration_required, a.registration_card_required,
    (select count(*) from sale_registrations g where g.auction_id = a.id and g.status = 'pending') as pending_registrations,
    (select count(*) from lots l where l.auction_id = a.id) as lot_count,
    (select count(*) from lots l where l.auction_id = a.id and l.status <> 'withdrawn') as active_lot_count,
    exists (select 1 from lots x where x.auction_id = a.id and x.status in ('open', 'closed')) as lots_started,
    extract(epoch from clock_timestamp()) * 1000 as now_ms,
    extract(epoch from a.created_at) * 1000 as created_ms, extract(epoch from a.updated_at) * 1000 as updated_ms
  from auctions a`;

const LOT_SELECT =
  sql.raw(`select l.id, l.auction_id, l.rug_id, r.title as rug_title, l.lot_number, l.status, l.outcome,
    extract(epoch from l.starts_at) * 1000 as starts_ms, extract(epoch from l.ends_at) * 1000 as ends_ms,
    l.opening_bid, l.reserve, l.buy_now_price, l.estimate_low, l.estimate_high, l.current_bid, l.leader_id,
    l.leader_max, l.bid_count, l.reserve_met, l.hammer_price, l.winner_id,
    extract(epoch from l.closed_at) * 1000 as closed_ms
  from lots l join rugs r on r.id = l.rug_id`);

export interface AuctionWrite {
  slug?: string;
  title?: string;
  description?: string;
  type?: 'timed' | 'live';
  startsAt?: string;
  endsAt?: string;
  staggerSeconds?: number;
  buyersPremiumPct?: number;
  increments?: IncrementTable | null;
  softClose?: { enabled: boolean; windowSeconds: number; extensionSeconds: number };
  registration?: { required: boolean; cardRequired: boolean };
  /** Create only: hidden from visitors until published. */
  draft?: boolean;
}

export interface LotWrite {
  lotNumber?: number;
  openingBid?: number;
  reserve?: number | null;
  buyNowPrice?: number | null;
  estimateLow?: number;
  estimateHigh?: number;
}

/** The SQL of staff's sale and lot administration. */
export function createAdminAuctionRepository(db: Db) {
  return {
    async page(page: number, pageSize: number, q: string | undefined) {
      const where = q ? sql`where a.title ilike ${`%${q}%`} or a.slug ilike ${`%${q}%`}` : sql``;
      const [data, [total]] = await Promise.all([
        rows<AdminAuctionRow>(
          db,
          sql`${AUCTION_SELECT} ${where} order by a.starts_at desc, a.id limit ${pageSize} offset ${pageOffset({ page, pageSize })}`,
        ),
        rows<{ n: string | number }>(db, sql`select count(*) as n from auctions a ${where}`),
      ]);
      return { data, total: num(total?.n ?? 0) };
    },

    async find(tx: Db, id: string, lock = false): Promise<AdminAuctionRow | undefined> {
      if (lock) await tx.execute(sql`select 1 from auctions where id = ${id}::uuid for update`);
      const [row] = await rows<AdminAuctionRow>(tx, sql`${AUCTION_SELECT} where a.id = ${id}::uuid`);
      return row;
    },

    /**
     * Inserts the sale unless its slug is taken; undefined then. `on conflict do nothing` waits for a
     * concurrent insert of the same slug and yields to it instead of failing the transaction.
     */
    async insert(
      tx: Db,
      a: Required<Omit<AuctionWrite, 'slug'>> & { slug: string },
    ): Promise<string | undefined> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into auctions (slug, title, description, type, status, starts_at, ends_at, stagger_seconds,
              buyers_premium_pct, increments, soft_close_enabled, soft_close_window_seconds, soft_close_extension_seconds,
              registration_required, registration_card_required)
            values (${a.slug}, ${a.title}, ${a.description}, ${a.type}, ${a.draft ? 'draft' : 'scheduled'}, ${a.startsAt}::timestamptz,
              ${a.endsAt}::timestamptz, ${a.staggerSeconds}, ${a.buyersPremiumPct},
              ${a.increments === null ? null : JSON.stringify(a.increments)}::jsonb, ${a.softClose.enabled},
              ${a.softClose.windowSeconds}, ${a.softClose.extensionSeconds}, ${a.registration.required},
              ${a.registration.cardRequired})
            on conflict (slug) do nothing
            returning id`,
      );
      return row?.id;
    },

    async update(tx: Db, id: string, a: AuctionWrite): Promise<void> {
      const sets: SQL[] = [];
      if (a.slug !== undefined) sets.push(sql`slug = ${a.slug}`);
      if (a.title !== undefined) sets.push(sql`title = ${a.title}`);
      if (a.description !== undefined) sets.push(sql`description = ${a.description}`);
      if (a.type !== undefined) sets.push(sql`type = ${a.type}`);
      if (a.startsAt !== undefined) sets.push(sql`starts_at = ${a.startsAt}::timestamptz`);
      if (a.endsAt !== undefined) sets.push(sql`ends_at = ${a.endsAt}::timestamptz`);
      if (a.staggerSeconds !== undefined) sets.push(sql`stagger_seconds = ${a.staggerSeconds}`);
      if (a.buyersPremiumPct !== undefined) sets.push(sql`buyers_premium_pct = ${a.buyersPremiumPct}`);
      if (a.increments !== undefined) {
        sets.push(sql`increments = ${a.increments === null ? null : JSON.stringify(a.increments)}::jsonb`);
      }
      if (a.softClose !== undefined) {
        sets.push(sql`soft_close_enabled = ${a.softClose.enabled}`);
        sets.push(sql`soft_close_window_seconds = ${a.softClose.windowSeconds}`);
        sets.push(sql`soft_close_extension_seconds = ${a.softClose.extensionSeconds}`);
      }
      if (a.registration !== undefined) {
        sets.push(sql`registration_required = ${a.registration.required}`);
        sets.push(sql`registration_card_required = ${a.registration.cardRequired}`);
      }
      sets.push(sql`updated_at = clock_timestamp()`);
      await tx.execute(sql`update auctions set ${sql.join(sets, sql`, `)} where id = ${id}::uuid`);
    },

    /**
     * Every lot of a not-yet-started sale follows its schedule: opens at the sale's start and ends at
     * `end of lot 1 + (n - 1) * stagger` (AUCTION-RULES.md). Their engine state is dropped: no lot of an
     * unstarted sale has bids, and the bidding core rebuilds the state from the columns on first touch.
     */
    async rescheduleLots(tx: Db, auctionId: string): Promise<void> {
      await tx.execute(sql`update lots l set starts_at = a.starts_at,
          ends_at = a.ends_at + make_interval(secs => (l.lot_number - 1) * a.stagger_seconds),
          engine_state = null, updated_at = clock_timestamp()
        from auctions a where a.id = l.auction_id and l.auction_id = ${auctionId}::uuid and l.status = 'scheduled'`);
    },

    async lots(tx: Db, auctionId: string): Promise<AdminLotRow[]> {
      return rows<AdminLotRow>(
        tx,
        sql`${LOT_SELECT} where l.auction_id = ${auctionId}::uuid order by l.lot_number`,
      );
    },

    async findLot(tx: Db, lotId: string, lock = false): Promise<AdminLotRow | undefined> {
      const [row] = await rows<AdminLotRow>(
        tx,
        sql`${LOT_SELECT} where l.id = ${lotId}::uuid ${lock ? sql`for update of l` : sql``}`,
      );
      return row;
    },

    async nextLotNumber(tx: Db, auctionId: string): Promise<number> {
      const [row] = await rows<{ n: string | number }>(
        tx,
        sql`select coalesce(max(lot_number), 0) + 1 as n from lots where auction_id = ${auctionId}::uuid`,
      );
      return num(row!.n);
    },

    async rugForLot(tx: Db, rugId: string): Promise<{ status: string; in_lot: boolean } | undefined> {
      const [row] = await rows<{ status: string; in_lot: boolean }>(
        tx,
        sql`select r.status, ${liveLotIdOfRug(sql`r.id`)} is not null as in_lot
            from rugs r where r.id = ${rugId}::uuid for update of r`,
      );
      return row;
    },

    async insertLot(tx: Db, auctionId: string, rugId: string, l: Required<LotWrite>): Promise<string> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into lots (auction_id, rug_id, lot_number, opening_bid, reserve, buy_now_price, estimate_low,
              estimate_high, status, starts_at, ends_at)
            select a.id, ${rugId}::uuid, ${l.lotNumber}, ${l.openingBid}, ${l.reserve}, ${l.buyNowPrice},
              ${l.estimateLow}, ${l.estimateHigh}, 'scheduled', a.starts_at,
              a.ends_at + make_interval(secs => (${l.lotNumber} - 1) * a.stagger_seconds)
            from auctions a where a.id = ${auctionId}::uuid
            returning id`,
      );
      return row!.id;
    },

    async updateLot(tx: Db, lotId: string, l: LotWrite): Promise<void> {
      const sets: SQL[] = [];
      if (l.lotNumber !== undefined) sets.push(sql`lot_number = ${l.lotNumber}`);
      if (l.openingBid !== undefined) sets.push(sql`opening_bid = ${l.openingBid}`);
      if (l.reserve !== undefined) sets.push(sql`reserve = ${l.reserve}`);
      if (l.buyNowPrice !== undefined) sets.push(sql`buy_now_price = ${l.buyNowPrice}`);
      if (l.estimateLow !== undefined) sets.push(sql`estimate_low = ${l.estimateLow}`);
      if (l.estimateHigh !== undefined) sets.push(sql`estimate_high = ${l.estimateHigh}`);
      sets.push(sql`engine_state = null`, sql`updated_at = clock_timestamp()`);
      await tx.execute(sql`update lots set ${sql.join(sets, sql`, `)} where id = ${lotId}::uuid`);
    },
  };
}
export type AdminAuctionRepository = ReturnType<typeof createAdminAuctionRepository>;

/** The facts sale-moves.ts decides on, from a row. */
export const saleFacts = (row: AdminAuctionRow): SaleFacts => ({
  status: row.status,
  startsAt: num(row.starts_ms),
  activeLotCount: num(row.active_lot_count),
  lotsStarted: row.lots_started,
});

/** The sale's refusal of `move` at the database clock of the row's read, or null when allowed. */
export const refusalOf = (row: AdminAuctionRow, move: SaleMove): SaleMoveRefusal | null =>
  saleMoveRefusal(saleFacts(row), move, num(row.now_ms));

/** Deletes a draft and its lots (their bids and events cascade); the audit rows keep their text. */
export async function deleteAuction(tx: Db, id: string): Promise<void> {
  await tx.execute(sql`delete from lots where auction_id = ${id}::uuid`);
  await tx.execute(sql`delete from auctions where id = ${id}::uuid`);
}

/** A sale's visibility: `scheduled` (published) or back to `draft`. */
export async function setSaleStatus(db: Db, id: string, status: 'scheduled' | 'draft'): Promise<void> {
  await db.execute(
    sql`update auctions set status = ${status}, updated_at = clock_timestamp() where id = ${id}::uuid`,
  );
}

/** The ids of a sale's lots, locked for a renumbering. */
export async function lockSaleLotIds(db: Db, id: string): Promise<string[]> {
  return (
    await rows<{ id: string }>(db, sql`select id from lots where auction_id = ${id}::uuid for update`)
  ).map((l) => l.id);
}

/**
 * Lot numbers 1..n in the order given. Two statements because the (sale, lot number) index is unique: the numbers
 * first move out of the way, then take their places.
 */
export async function renumberLots(db: Db, id: string, lotIds: string[]): Promise<void> {
  await db.execute(sql`update lots set lot_number = lot_number + 1000000 where auction_id = ${id}::uuid`);
  await db.execute(sql`update lots l set lot_number = o.n::int, updated_at = clock_timestamp()
      from unnest(${sql.param(lotIds)}::uuid[]) with ordinality as o(id, n)
      where l.id = o.id and l.auction_id = ${id}::uuid`);
}

/** Whether `at` lies ahead on the database's clock (the server's clock rules). */
export async function isAfterNow(db: Db, at: string): Promise<boolean> {
  const [row] = await rows<{ ok: boolean }>(db, sql`select ${at}::timestamptz > clock_timestamp() as ok`);
  return row?.ok === true;
}
