import { sql } from 'drizzle-orm';
import type { AbsenteeBid, LiveLotState } from '@knotwork/shared/bidding/live/clerk';
import type { IncrementTable, LotStatus } from '@knotwork/shared/bidding/types';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import { COVER_COLUMNS, COVER_JOIN, type CoverColumns } from '../catalogue/cover-sql.ts';
import { consignorsAmong } from '../lots/own-lot-sql.ts';
import { unregisteredAmong } from '../lots/registration-sql.ts';
import { undepositedAmong } from '../lots/bidder-deposit-sql.ts';
import { saleIsPublic } from '../lots/sale-sql.ts';

/** The SQL of live sales (decision 051). Every function takes the caller's transaction. */

export interface LockedSaleRow {
  auction_id: string;
  current_lot_id: string | null;
  seq: string | number;
  type: string;
  title: string;
  slug: string;
  increments: IncrementTable | null;
  buyers_premium_pct: string | number;
  updated_ms: string | number;
  now_ms: string | number;
}

/** The sale's id from its id or slug (the URL may carry either), if it exists and is not a draft. */
export async function findSaleId(db: Db, ref: string): Promise<string | undefined> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`select a.id from auctions a where (a.id::text = ${ref.toLowerCase()} or a.slug = ${ref}) and ${saleIsPublic('a')}`,
  );
  return row?.id;
}

/**
 * Takes the sale's lock: every clerk action and online bid on one sale runs after this, one at a time across all
 * server processes. The row is created on first use (two first users wait on the unique key, then both lock it).
 */
export async function lockSale(tx: Db, auctionId: string): Promise<LockedSaleRow | undefined> {
  await tx.execute(
    sql`insert into live_sales (auction_id) values (${auctionId}::uuid) on conflict do nothing`,
  );
  const [row] = await rows<LockedSaleRow>(
    tx,
    sql`with s as materialized (select * from live_sales where auction_id = ${auctionId}::uuid for update)
        select s.auction_id, s.current_lot_id, s.seq, a.type, a.title, a.slug, a.increments, a.buyers_premium_pct,
          extract(epoch from s.updated_at) * 1000 as updated_ms,
          floor(extract(epoch from clock_timestamp()) * 1000) as now_ms
        from s join auctions a on a.id = s.auction_id`,
  );
  return row;
}

/** Reads the sale without the lock (GET: the view as of the last commit). */
export async function readSale(
  db: Db,
  auctionId: string,
): Promise<Omit<LockedSaleRow, 'now_ms'> | undefined> {
  const [row] = await rows<Omit<LockedSaleRow, 'now_ms'>>(
    db,
    sql`select a.id as auction_id, s.current_lot_id, coalesce(s.seq, 0) as seq, a.type, a.title, a.slug, a.increments,
          a.buyers_premium_pct, extract(epoch from coalesce(s.updated_at, a.updated_at)) * 1000 as updated_ms
        from auctions a left join live_sales s on s.auction_id = a.id where a.id = ${auctionId}::uuid`,
  );
  return row;
}

export interface SaleLotRow extends CoverColumns {
  id: string;
  rug_id: string;
  lot_number: number;
  status: LotStatus;
  outcome: string | null;
  opening_bid: string | number;
  reserve: string | number | null;
  estimate_low: string | number;
  estimate_high: string | number;
  rug_slug: string;
  rug_title: string;
  origin_region: string;
  origin_country: string;
  circa_year: number | null;
  width_cm: number;
  length_cm: number;
  live_state: LiveLotState | null;
}

/** Every lot of the sale (withdrawn ones left out), in lot order, with its rug, cover and clerk state. */
export async function saleLots(db: Db, auctionId: string): Promise<SaleLotRow[]> {
  return rows<SaleLotRow>(
    db,
    sql`select l.id, l.rug_id, l.lot_number, l.status, l.outcome, l.opening_bid, l.reserve, l.estimate_low,
          l.estimate_high, r.slug as rug_slug, r.title as rug_title, r.origin_region, r.origin_country, r.circa_year,
          r.width_cm, r.length_cm, ${COVER_COLUMNS}, ll.state as live_state
        from lots l join rugs r on r.id = l.rug_id ${COVER_JOIN}
          left join live_lots ll on ll.lot_id = l.id
        where l.auction_id = ${auctionId}::uuid and l.status <> 'withdrawn'
        order by l.lot_number`,
  );
}

export interface AbsenteeRow {
  lot_id: string;
  bidder_id: string;
  max: string | number;
  placed_ms: string | number;
  name: string;
}

/**
 * The book: every maximum bid left on these lots before the sale (the timed bid route takes them until the lot
 * goes on the block), one per bidder, with the bidder's name for the clerk. A maximum left by the rug's own
 * consignor (one taken before the rug was consigned: the bid route refuses them since) is not in the book.
 */
export async function absenteeBids(db: Db, lotIds: readonly string[]): Promise<AbsenteeRow[]> {
  if (lotIds.length === 0) return [];
  return rows<AbsenteeRow>(
    db,
    sql`select b.lot_id, b.bidder_id, max(b.max_amount) as max, extract(epoch from min(b.created_at)) * 1000 as placed_ms,
          min(u.first_name || ' ' || u.last_name) as name
        from bids b join users u on u.id = b.bidder_id join lots l on l.id = b.lot_id
        where b.lot_id = any(${sql.param([...lotIds])}::uuid[]) and b.status = 'accepted'
          and ${consignorsAmong(sql`l.rug_id`, sql`array[b.bidder_id]`)} is null
        group by b.lot_id, b.bidder_id`,
  );
}

export const toAbsentee = (r: AbsenteeRow): AbsenteeBid => ({
  bidderId: r.bidder_id,
  max: num(r.max),
  placedAt: num(r.placed_ms),
});

/** Display names of bidders (clerk only). */
export async function bidderNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: string; name: string }>(
    db,
    sql`select id, first_name || ' ' || last_name as name from users where id = any(${sql.param([...ids])}::uuid[])`,
  );
  return new Map(found.map((r) => [r.id, r.name]));
}

/** Whether a user may bid online: an ordinary account, e-mail verified, not blocked. */
export async function bidderFacts(
  db: Db,
  userId: string,
): Promise<{ role: string; blocked: boolean; verified: boolean } | undefined> {
  const [row] = await rows<{ role: string; blocked: boolean; verified: boolean }>(
    db,
    sql`select role, bidding_blocked_at is not null as blocked, email_verified_at is not null as verified
        from users where id = ${userId}::uuid`,
  );
  return row;
}

/** A sale's approved registrations, by paddle: the clerk names floor paddles and online leaders by them. */
export async function salePaddles(
  db: Db,
  auctionId: string,
): Promise<{ paddle: number; userId: string; name: string }[]> {
  return rows<{ paddle: number; userId: string; name: string }>(
    db,
    sql`select g.paddle, g.user_id::text as "userId", trim(u.first_name || ' ' || u.last_name) as name
        from sale_registrations g join users u on u.id = g.user_id
        where g.auction_id = ${auctionId}::uuid and g.status = 'approved' order by g.paddle`,
  );
}

/** The registered bidder holding `paddle` in the sale (approved), or undefined: a floor entry on their behalf. */
export async function paddleHolder(tx: Db, auctionId: string, paddle: number): Promise<string | undefined> {
  const [row] = await rows<{ user_id: string }>(
    tx,
    sql`select user_id::text as user_id from sale_registrations
        where auction_id = ${auctionId}::uuid and paddle = ${paddle} and status = 'approved'`,
  );
  return row?.user_id;
}

/**
 * Whether the user lacks an approved registration in a sale that requires one (decision 090): their registration's
 * status (null: none), or undefined when they may bid. Read in the online bid's transaction, under the sale's lock.
 */
export async function unregisteredIn(
  tx: Db,
  auctionId: string,
  userId: string,
): Promise<'pending' | 'rejected' | null | undefined> {
  const [row] = await rows<{ found: { status: 'pending' | 'rejected' | null }[] | null }>(
    tx,
    sql`select ${unregisteredAmong(sql`a.id`, sql`array[${userId}::uuid]`)} as found
        from auctions a where a.id = ${auctionId}::uuid and a.registration_required`,
  );
  return row?.found?.[0] ? row.found[0].status : undefined;
}

/** Whether the lot asks a deposit (its sale's, or by its estimate) the user has not placed (decision 091). */
export async function undepositedIn(tx: Db, lotId: string, userId: string): Promise<boolean> {
  const [row] = await rows<{ missing: boolean }>(
    tx,
    sql`select ${undepositedAmong(sql`array[${userId}::uuid]`, {
      estimateLow: sql`l.estimate_low`,
      saleId: sql`a.id`,
      saleDeposit: sql`a.deposit_cents`,
    })} is not null as missing
        from lots l join auctions a on a.id = l.auction_id where l.id = ${lotId}::uuid`,
  );
  return row?.missing ?? false;
}

/** Whether the user consigned the rug (lots/own-lot-sql.ts): read in the online bid's transaction. */
export async function consignedBy(tx: Db, rugId: string, userId: string): Promise<boolean> {
  const [row] = await rows<{ own: boolean }>(
    tx,
    sql`select ${consignorsAmong(sql`${rugId}::uuid`, sql`array[${userId}::uuid]`)} is not null as own`,
  );
  return row?.own ?? false;
}

/** Whether the user bid online earlier in this sale (the room asks to confirm only the first time). */
export async function hasBidInSale(db: Db, auctionId: string, userId: string): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from live_events where auction_id = ${auctionId}::uuid and type = 'onlineBid'
          and actor_id = ${userId}::uuid) as found`,
  );
  return row?.found ?? false;
}

export async function writeLiveLot(
  tx: Db,
  lotId: string,
  auctionId: string,
  state: LiveLotState,
): Promise<void> {
  const closed = state.status === 'sold' || state.status === 'passed';
  await tx.execute(sql`insert into live_lots (lot_id, auction_id, state, closed_at)
    values (${lotId}::uuid, ${auctionId}::uuid, ${JSON.stringify(state)}::jsonb, ${closed ? sql`clock_timestamp()` : sql`null`})
    on conflict (lot_id) do update set state = excluded.state, closed_at = excluded.closed_at`);
}

/** Bumps the sale's seq, records the action in the log and moves the current lot. Returns the new seq. */
export async function recordEvent(
  tx: Db,
  sale: LockedSaleRow,
  event: { lotId: string | null; type: string; actorId: string | null; payload: Record<string, unknown> },
  currentLotId: string | null,
): Promise<number> {
  const seq = num(sale.seq) + 1;
  await tx.execute(sql`with e as (
      insert into live_events (auction_id, seq, lot_id, type, actor_id, payload)
      values (${sale.auction_id}::uuid, ${seq}, ${event.lotId}::uuid, ${event.type}, ${event.actorId}::uuid,
        ${JSON.stringify(event.payload)}::jsonb))
    update live_sales set seq = ${seq}, current_lot_id = ${currentLotId}::uuid, updated_at = clock_timestamp()
    where auction_id = ${sale.auction_id}::uuid`);
  return seq;
}

export interface PhoneLineCount {
  lines: number;
  ready: number;
  unassigned: number;
}

/**
 * Telephone lines booked per lot of the sale not yet sold or passed (issue 29 §1, decision 097): the clerk's markers
 * and the check before a lot opens. The bookings themselves are the telephone-bids module's.
 */
export async function phoneLines(
  db: Db,
  auctionId: string,
  lotId?: string,
): Promise<Map<string, PhoneLineCount>> {
  const found = await rows<{
    lot_id: string;
    lines: string | number;
    ready: string | number;
    unassigned: string | number;
  }>(
    db,
    sql`select b.lot_id::text as lot_id, count(*) as lines, count(b.ready_at) as ready,
          count(*) filter (where b.operator_id is null) as unassigned
        from telephone_bookings b left join live_lots ll on ll.lot_id = b.lot_id
        where b.auction_id = ${auctionId}::uuid and b.cancelled_at is null and ll.closed_at is null
          ${lotId ? sql`and b.lot_id = ${lotId}::uuid` : sql``}
        group by b.lot_id`,
  );
  return new Map(
    found.map((r) => [
      r.lot_id,
      { lines: Number(r.lines), ready: Number(r.ready), unassigned: Number(r.unassigned) },
    ]),
  );
}
