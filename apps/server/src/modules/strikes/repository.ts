import { sql, type SQL } from 'drizzle-orm';
import { UNPAID_BLOCK_REASON } from '@knotwork/shared/schemas/strikes';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';

/**
 * The SQL of strikes (decision 092). Every write is an insert that a unique key makes happen once (`on conflict do
 * nothing ... returning`), so any number of processes may run the job at the same time: only the one whose insert
 * returned a row goes on to block, audit and tell the bidder.
 */

/** The strike is active: no clearing row. */
const active = (s: string) =>
  sql.raw(`not exists (select 1 from bidder_strike_clearings c where c.strike_id = ${s}.id)`);

/** A user's active strikes, as a scalar subquery (for the bidder list and the registration rules). */
export const activeStrikesOf = (userId: SQL): SQL =>
  sql`(select count(*) from bidder_strikes s where s.user_id = ${userId} and ${active('s')})`;

/**
 * Writes a strike for up to `limit` orders unpaid past their due date, most overdue first: auction and buy-now orders
 * still awaiting payment (a fixed-price hold expires by itself and frees the rug). Walks orders_due_idx.
 */
export async function writeDueStrikes(db: Db, limit: number): Promise<number> {
  const written = await rows<{ id: string }>(
    db,
    sql`insert into bidder_strikes (order_id, user_id, amount_cents, currency, due_at)
          select o.id, o.user_id, o.item_price, o.currency, o.due_at from orders o
          where o.status = 'awaiting_payment' and o.due_at < clock_timestamp() and o.kind <> 'fixed_price'
            and not exists (select 1 from bidder_strikes s where s.order_id = o.id)
          order by o.due_at, o.id limit ${limit}
        on conflict (order_id) do nothing
        returning id`,
  );
  return written.length;
}

/** Clears up to `limit` active strikes whose order has since been paid (paid_at is set by every payment path). */
export async function clearPaidStrikes(db: Db, limit: number): Promise<number> {
  const cleared = await rows<{ id: string }>(
    db,
    sql`insert into bidder_strike_clearings (strike_id, cause)
          select s.id, 'paid' from bidder_strikes s join orders o on o.id = s.order_id
          where o.paid_at is not null and ${active('s')}
          order by s.created_at, s.id limit ${limit}
        on conflict (strike_id) do nothing
        returning id`,
  );
  return cleared.length;
}

/** A bidder whose newest active strike took them to the house's threshold, and was not acted on yet. */
export interface DueBlock {
  user_id: string;
  strike_id: string;
  active_strikes: string | number;
}

/**
 * Bidders with at least `blockAfter` active strikes whose newest active strike has no block row yet, up to `limit`.
 * A bidder staff let bid again is found again only when a new strike arrives.
 */
export function findDueBlocks(db: Db, blockAfter: number, limit: number): Promise<DueBlock[]> {
  return rows<DueBlock>(
    db,
    sql`with counted as (
          select distinct on (s.user_id) s.user_id, s.id as strike_id,
            count(*) over (partition by s.user_id) as active_strikes
          from bidder_strikes s where ${active('s')}
          order by s.user_id, s.created_at desc, s.id desc)
        select c.user_id, c.strike_id, c.active_strikes from counted c
        where c.active_strikes >= ${blockAfter}
          and not exists (select 1 from bidder_strike_blocks b where b.strike_id = c.strike_id)
        limit ${limit}`,
  );
}

/**
 * Records the block for that strike (once: the unique strike_id) and, when the bidder is not blocked already, blocks
 * them with reason 'unpaid' (a block staff set for another reason keeps its reason). Null when another process got
 * there first; else whether the block was applied, with what the notice needs.
 */
export async function recordBlock(
  tx: Db,
  due: { userId: string; strikeId: string; activeStrikes: number; blockAfter: number },
): Promise<{ applied: boolean; email: string; firstName: string; language: string } | null> {
  const [user] = await rows<{ blocked: boolean; email: string; first_name: string; language: string }>(
    tx,
    sql`select bidding_blocked_at is not null as blocked, email, first_name, language from users
        where id = ${due.userId}::uuid for update`,
  );
  if (!user) return null;
  const [row] = await rows<{ applied: boolean }>(
    tx,
    sql`insert into bidder_strike_blocks (strike_id, user_id, active_strikes, block_after, applied)
        values (${due.strikeId}::uuid, ${due.userId}::uuid, ${due.activeStrikes}, ${due.blockAfter}, ${!user.blocked})
        on conflict (strike_id) do nothing returning applied`,
  );
  if (!row) return null;
  if (row.applied) {
    await tx.execute(sql`update users set bidding_blocked_at = clock_timestamp(), bidding_blocked_by = null,
        bidding_blocked_reason = ${UNPAID_BLOCK_REASON}, updated_at = clock_timestamp()
      where id = ${due.userId}::uuid and bidding_blocked_at is null`);
  }
  return { applied: row.applied, email: user.email, firstName: user.first_name, language: user.language };
}

/** An order the bidder still owes (awaiting payment), with what the notice and the standing show. */
export interface UnpaidOrderRow {
  id: string;
  rug_title: string;
  lot_number: number | null;
  item_price: string | number;
  currency: string;
  due_ms: string | number;
  overdue: boolean;
}

/** The bidder's auction and buy-now orders awaiting payment, most overdue first. */
export function unpaidOrders(db: Db, userId: string): Promise<UnpaidOrderRow[]> {
  return rows<UnpaidOrderRow>(
    db,
    sql`select o.id, r.title as rug_title, l.lot_number, o.item_price, o.currency,
          extract(epoch from o.due_at) * 1000 as due_ms, o.due_at < clock_timestamp() as overdue
        from orders o join rugs r on r.id = o.rug_id left join lots l on l.id = o.lot_id
        where o.user_id = ${userId}::uuid and o.status = 'awaiting_payment' and o.kind <> 'fixed_price'
        order by o.due_at, o.id limit 50`,
  );
}

/** One strike with its order and clearing, for the bidder's staff page. */
export interface StrikeRow {
  id: string;
  order_id: string;
  rug_title: string;
  lot_number: number | null;
  amount_cents: string | number;
  currency: string;
  due_ms: string | number;
  created_ms: string | number;
  order_status: string;
  cause: 'paid' | 'staff' | null;
  reason: string | null;
  by_name: string | null;
  cleared_ms: string | number | null;
  user_id: string;
}

const STRIKE_SELECT = sql`select s.id, s.order_id, r.title as rug_title, l.lot_number, s.amount_cents, s.currency,
    extract(epoch from s.due_at) * 1000 as due_ms, extract(epoch from s.created_at) * 1000 as created_ms,
    o.status as order_status, c.cause, c.reason, nullif(trim(u.first_name || ' ' || u.last_name), '') as by_name,
    extract(epoch from c.created_at) * 1000 as cleared_ms, s.user_id
  from bidder_strikes s join orders o on o.id = s.order_id join rugs r on r.id = o.rug_id
    left join lots l on l.id = o.lot_id left join bidder_strike_clearings c on c.strike_id = s.id
    left join users u on u.id = c.cleared_by`;

export function strikesOf(db: Db, userId: string): Promise<StrikeRow[]> {
  return rows<StrikeRow>(
    db,
    sql`${STRIKE_SELECT} where s.user_id = ${userId}::uuid order by s.created_at desc, s.id desc limit 200`,
  );
}

export async function activeCount(db: Db, userId: string): Promise<number> {
  const [row] = await rows<{ n: string | number }>(
    db,
    sql`select ${activeStrikesOf(sql`${userId}::uuid`)} as n`,
  );
  return Number(row?.n ?? 0);
}

/** The strike's bidder and order; undefined when there is none. */
export async function findStrike(
  tx: Db,
  id: string,
): Promise<{ user_id: string; order_id: string } | undefined> {
  const [row] = await rows<{ user_id: string; order_id: string }>(
    tx,
    sql`select user_id, order_id from bidder_strikes where id = ${id}::uuid`,
  );
  return row;
}

/** Clears a strike for staff; false when it was cleared already (by payment or by someone else). */
export async function clearByStaff(tx: Db, id: string, staffId: string, reason: string): Promise<boolean> {
  const done = await rows<{ id: string }>(
    tx,
    sql`insert into bidder_strike_clearings (strike_id, cause, reason, cleared_by)
        values (${id}::uuid, 'staff', ${reason}, ${staffId}::uuid)
        on conflict (strike_id) do nothing returning id`,
  );
  return done.length > 0;
}

/** The user's block, or undefined when there is no such user. */
export async function blockOf(
  db: Db,
  userId: string,
): Promise<{ blocked: boolean; reason: string | null } | undefined> {
  const [row] = await rows<{ blocked: boolean; reason: string | null }>(
    db,
    sql`select bidding_blocked_at is not null as blocked, bidding_blocked_reason as reason
        from users where id = ${userId}::uuid`,
  );
  return row;
}
