import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedRows, rows } from '../../db/raw.ts';
import type { LockedLotRow } from './lot-state-codec.ts';
import { lotIdOf } from './lot-sql.ts';
import { limitedAmong } from './bidder-limit-sql.ts';
import { consignorsAmong } from './own-lot-sql.ts';
import { unregisteredAmong } from './registration-sql.ts';
import { undepositedAmong } from './bidder-deposit-sql.ts';

/** A transaction or the database: both run raw statements the same way. */
export type Tx = Db;

// Whole milliseconds, the engine's unit (floored: a time read this way is never later than the stored one).
const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)`);

/** Per-caller facts the bid answer needs, read in the same statement as the lock. */
export interface CallerFacts {
  blocked: string[];
  /** Staff may not bid or buy at auction (no bidding on the house's own sales). */
  staff: string[];
  /** A consignor may not bid on or buy their own rug (own-lot-sql.ts). */
  consignors: string[];
  /** Bidders with a bidding limit (decision 090): the transaction then locks their rows and reads their exposure. */
  limited: string[];
  /**
   * In a sale that requires registration (decision 090): the callers without an approved one, with their
   * registration's status (null: none). Empty in a sale open to every bidder.
   */
  unregistered: { user_id: string; status: 'pending' | 'rejected' | null }[];
  /** Callers without the deposit the sale, or the lot by its estimate, asks (decision 091). */
  undeposited: string[];
  liked: string[];
  keys: { user_id: string; key: string; request_hash: string; status_code: number; response: unknown }[];
}

/**
 * Round trip 1 of a lot change: lock the lot row and read everything the engine and the answer need, with
 * clock_timestamp() read after the lock is granted (the materialized CTE runs, and waits, before the outer
 * projection evaluates the clock). Returns undefined when no lot matches.
 */
export async function lockLot(
  tx: Tx,
  id: string,
  callers: { userIds: string[]; keys: { userId: string; key: string }[] } = { userIds: [], keys: [] },
  /** false: the same read without the row lock (the bid fast path's first look at a lot, outside a transaction). */
  lock = true,
): Promise<(LockedLotRow & CallerFacts) | undefined> {
  const userIds = sql.param(callers.userIds);
  const keyUsers = sql.param(callers.keys.map((k) => k.userId));
  const keyNames = sql.param(callers.keys.map((k) => k.key));
  // Prepared (raw.ts): planning this statement took longer than running it, on every bid batch.
  const [row] = await preparedRows<
    LockedLotRow & {
      blocked: string[] | null;
      staff: string[] | null;
      consignors: string[] | null;
      limited: string[] | null;
      unregistered: CallerFacts['unregistered'] | null;
      undeposited: string[] | null;
      liked: string[] | null;
      keys: CallerFacts['keys'] | null;
    }
  >(
    tx,
    sql`with target as materialized (
          select *, xmin::text as lot_version from lots where id = ${lotIdOf(id)} ${lock ? sql`for update` : sql``}
        )
        select t.id, t.auction_id, a.title as auction_title, a.slug as auction_slug, a.type as auction_type,
          a.increments, t.rug_id, t.lot_number, t.status, t.outcome, ${ms('t.starts_at')} as starts_ms,
          ${ms('t.ends_at')} as ends_ms, t.opening_bid, t.reserve, t.buy_now_price, t.estimate_low, t.estimate_high,
          t.current_bid, t.bid_count, t.reserve_met, t.hammer_price, t.leader_id, t.leader_max, t.seq, t.winner_id,
          ${ms('t.closed_at')} as closed_ms, t.engine_state, a.soft_close_enabled, a.soft_close_window_seconds,
          a.soft_close_extension_seconds, a.buyers_premium_pct, t.lot_version, a.xmin::text as auction_version,
          a.status as auction_status, a.registration_required,
          (select array_agg(u.id::text) from users u where u.id = any(${userIds}::uuid[])
             and u.bidding_blocked_at is not null) as blocked,
          (select array_agg(u.id::text) from users u where u.id = any(${userIds}::uuid[]) and u.role <> 'user') as staff,
          ${consignorsAmong(sql`t.rug_id`, sql`${userIds}::uuid[]`)} as consignors,
          ${limitedAmong(sql`${userIds}::uuid[]`)} as limited,
          case when a.registration_required then ${unregisteredAmong(sql`t.auction_id`, sql`${userIds}::uuid[]`)} end
            as unregistered,
          ${undepositedAmong(sql`${userIds}::uuid[]`, {
            estimateLow: sql`t.estimate_low`,
            saleId: sql`t.auction_id`,
            saleDeposit: sql`a.deposit_cents`,
          })} as undeposited,
          (select array_agg(k.user_id::text) from likes k where k.rug_id = t.rug_id and k.user_id = any(${userIds}::uuid[])) as liked,
          (select json_agg(json_build_object('user_id', i.user_id, 'key', i.key, 'request_hash', i.request_hash,
              'status_code', i.status_code, 'response', i.response))
             from idempotency_keys i join unnest(${keyUsers}::uuid[], ${keyNames}::text[]) as w(u, k)
               on i.user_id = w.u and i.key = w.k) as keys,
          ${ms('clock_timestamp()')} as now_ms
        from target t join auctions a on a.id = t.auction_id`,
  );
  if (!row) return undefined;
  return {
    ...row,
    blocked: row.blocked ?? [],
    staff: row.staff ?? [],
    consignors: row.consignors ?? [],
    limited: row.limited ?? [],
    unregistered: row.unregistered ?? [],
    undeposited: row.undeposited ?? [],
    liked: row.liked ?? [],
    keys: row.keys ?? [],
  };
}

/**
 * A live sale's lot goes on the block (modules/live-sales): it is open, and its timed end is now, so the timed bid
 * route (which took the absentee maxima) refuses any further bid on it, and the timed close job leaves lots of live
 * sales alone. From here the clerk's engine runs the lot; the hammer closes it through lot-actions.ts.
 */
export async function putLotOnBlock(tx: Tx, lotId: string): Promise<void> {
  await tx.execute(sql`update lots set status = 'open',
      starts_at = least(starts_at, clock_timestamp() - interval '1 second'),
      ends_at = least(ends_at, clock_timestamp()), updated_at = clock_timestamp()
    where id = ${lotId}::uuid`);
}

/** One line of a lot's log as the void replays it (void.ts): a bid, voided or not, or an earlier void. */
export interface LoggedActionRow {
  seq: string | number;
  kind: 'bid' | 'void';
  id: string;
  bidder_id: string | null;
  max_amount: string | number | null;
  at_ms: string | number | null;
}

/**
 * A lot's log as the server lived it, for a staff void's replay: every bid (the voided ones too) and each earlier
 * void where it happened (the `bid_voided` event's seq), in seq order. Read under the lot's row lock.
 */
export async function lotActionLog(tx: Tx, lotId: string): Promise<LoggedActionRow[]> {
  return rows<LoggedActionRow>(
    tx,
    sql`select event_seq as seq, 'bid' as kind, id::text as id, bidder_id::text as bidder_id, max_amount,
          extract(epoch from created_at) * 1000 as at_ms
        from bids where lot_id = ${lotId}::uuid
        union all
        select seq, 'void' as kind, payload->>'bidId' as id, null, null, null
        from lot_events where lot_id = ${lotId}::uuid and type = 'bid_voided'
        order by seq`,
  );
}

/**
 * A staff void's bookkeeping, in the lot's transaction (void.ts): the bid is voided and the lot's live history lines
 * are superseded; the caller appends the recomputed lines as new events, so the log stays append-only.
 */
export async function markBidVoided(tx: Tx, lotId: string, bidId: string): Promise<void> {
  await tx.execute(
    sql`update bids set status = 'voided', voided_at = clock_timestamp() where id = ${bidId}::uuid`,
  );
  await tx.execute(
    sql`update lot_events set superseded = true where lot_id = ${lotId}::uuid and type = 'bid_placed' and not superseded`,
  );
}

/** The rug of a lot that just closed sold is sold (awaiting payment); the lot trigger keeps its lot_* columns. */
export async function markRugSold(tx: Tx, rugId: string): Promise<void> {
  await tx.execute(sql`update rugs set status = 'sold', updated_at = now() where id = ${rugId}::uuid`);
}
