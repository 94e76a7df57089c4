import { sql } from 'drizzle-orm';
import type { AnyRole } from '@knotwork/shared/abilities/staff';
import type { Db } from '../../db/client.ts';
import { num, rows } from '../../db/raw.ts';
import { pageOffset } from '../../lib/paging.ts';
import { lotIsLive } from '../lots/lot-sql.ts';

export interface BidderRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: AnyRole;
  blocked_ms: string | number | null;
  bidding_blocked_reason: string | null;
  created_ms: string | number;
  bids: string | number;
  lots_bid_on: string | number;
  wins: string | number;
  orders: string | number;
}

export interface BidderBidRow {
  id: string;
  lot_id: string;
  auction_id: string;
  lot_number: number;
  rug_title: string;
  max_amount: string | number;
  status: 'accepted' | 'voided';
  lot_status: 'scheduled' | 'open' | 'closed' | 'withdrawn';
  leading: boolean;
  won: boolean;
  created_ms: string | number;
}

export interface BidderOrderRow {
  id: string;
  rug_title: string;
  kind: string;
  status: string;
  item_price: string | number;
  currency: string;
  created_ms: string | number;
}

export interface BidderNoteRow {
  id: string;
  body: string;
  staff_name: string | null;
  created_ms: string | number;
}

/** The SQL of one bidder's staff page: every list walks an index on the user (bids_bidder_idx, orders, notes). */
export function createBidderRepository(db: Db) {
  return {
    async find(id: string): Promise<BidderRow | undefined> {
      const [row] = await rows<BidderRow>(
        db,
        sql`select u.id, u.first_name, u.last_name, u.email, u.role,
              extract(epoch from u.bidding_blocked_at) * 1000 as blocked_ms, u.bidding_blocked_reason,
              extract(epoch from u.created_at) * 1000 as created_ms,
              (select count(*) from bids b where b.bidder_id = u.id) as bids,
              (select count(distinct b.lot_id) from bids b where b.bidder_id = u.id) as lots_bid_on,
              (select count(*) from lots l where l.winner_id = u.id) as wins,
              (select count(*) from orders o where o.user_id = u.id) as orders
            from users u where u.id = ${id}::uuid`,
      );
      return row;
    },

    bids: (id: string) =>
      rows<BidderBidRow>(
        db,
        sql`select b.id, b.lot_id, l.auction_id, l.lot_number, r.title as rug_title, b.max_amount, b.status,
              l.status as lot_status, (l.leader_id = b.bidder_id and ${lotIsLive('l')}) as leading,
              (l.winner_id = b.bidder_id) as won, extract(epoch from b.created_at) * 1000 as created_ms
            from bids b join lots l on l.id = b.lot_id join rugs r on r.id = l.rug_id
            where b.bidder_id = ${id}::uuid order by b.created_at desc, b.id limit 50`,
      ),

    orders: (id: string) =>
      rows<BidderOrderRow>(
        db,
        sql`select o.id, r.title as rug_title, o.kind, o.status, o.item_price, o.currency,
              extract(epoch from o.created_at) * 1000 as created_ms
            from orders o join rugs r on r.id = o.rug_id
            where o.user_id = ${id}::uuid order by o.created_at desc, o.id limit 50`,
      ),

    notes: (tx: Db, id: string) =>
      rows<BidderNoteRow>(
        tx,
        sql`select n.id, n.body, nullif(trim(s.first_name || ' ' || s.last_name), '') as staff_name,
              extract(epoch from n.created_at) * 1000 as created_ms
            from bidder_notes n left join users s on s.id = n.staff_id
            where n.user_id = ${id}::uuid order by n.created_at desc, n.id limit 100`,
      ),

    async insertNote(tx: Db, userId: string, staffId: string, body: string): Promise<string> {
      const [row] = await rows<{ id: string }>(
        tx,
        sql`insert into bidder_notes (user_id, staff_id, body) values (${userId}::uuid, ${staffId}::uuid, ${body})
            returning id`,
      );
      return row!.id;
    },

    /**
     * Sets (upsert) or clears the bidder's limit. Taking the row lock (the upsert, or the delete) waits for a bid in
     * flight that holds it, so the next bid after the answer meets the new limit.
     */
    async setLimit(tx: Db, userId: string, staffId: string, limitCents: number | null, note: string) {
      if (limitCents === null) {
        await tx.execute(sql`delete from bidder_limits where user_id = ${userId}::uuid`);
        return;
      }
      // Set by hand: the source says so (0370); a held deposit's bookkeeping columns stay, so releasing it sees the
      // hand change (limit_cents no longer what the deposit set) and keeps it (decision 091).
      await tx.execute(sql`insert into bidder_limits (user_id, limit_cents, note, set_by, source)
          values (${userId}::uuid, ${limitCents}, ${note}, ${staffId}::uuid, 'staff')
          on conflict (user_id) do update set limit_cents = excluded.limit_cents, note = excluded.note,
            set_by = excluded.set_by, set_at = clock_timestamp(), source = 'staff'`);
    },

    async exists(tx: Db, id: string): Promise<boolean> {
      const found = await rows<{ id: string }>(tx, sql`select id from users where id = ${id}::uuid`);
      return found.length > 0;
    },
  };
}

/** An account as staff's user list shows it: role and bidding block. */
export interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: AnyRole;
  blocked_ms: string | number | null;
  bidding_blocked_reason: string | null;
  /** Strikes not cleared (0350, decision 092). */
  active_strikes: string | number;
}

const USER_SELECT = sql.raw(`select id, first_name, last_name, email, role,
  extract(epoch from bidding_blocked_at) * 1000 as blocked_ms, bidding_blocked_reason,
  (select count(*) from bidder_strikes s where s.user_id = users.id
    and not exists (select 1 from bidder_strike_clearings c where c.strike_id = s.id)) as active_strikes
  from users`);

export async function userRowOf(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await rows<UserRow>(db, sql`${USER_SELECT} where id = ${id}::uuid`);
  return row;
}

/** A page of accounts, newest first; `q` matches the e-mail or the name. */
export async function userPage(
  db: Db,
  page: { page: number; pageSize: number },
  q?: string,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = q
    ? sql`where email ilike ${`%${q}%`} or (first_name || ' ' || last_name) ilike ${`%${q}%`}`
    : sql``;
  const [data, [total]] = await Promise.all([
    rows<UserRow>(
      db,
      sql`${USER_SELECT} ${where} order by created_at desc, id limit ${page.pageSize} offset ${pageOffset(page)}`,
    ),
    rows<{ n: string | number }>(db, sql`select count(*) as n from users ${where}`),
  ]);
  return { rows: data, total: num(total?.n ?? 0) };
}

/** Stops the account bidding (the first block's time is kept when blocked again). */
export async function setBiddingBlock(
  db: Db,
  userId: string,
  staffId: string,
  reason: string | null,
): Promise<void> {
  await db.execute(sql`update users set bidding_blocked_at = coalesce(bidding_blocked_at, clock_timestamp()),
      bidding_blocked_by = ${staffId}::uuid, bidding_blocked_reason = ${reason}, updated_at = clock_timestamp()
    where id = ${userId}::uuid`);
}

export async function clearBiddingBlock(db: Db, userId: string): Promise<void> {
  await db.execute(sql`update users set bidding_blocked_at = null, bidding_blocked_by = null,
      bidding_blocked_reason = null, updated_at = clock_timestamp()
    where id = ${userId}::uuid`);
}
