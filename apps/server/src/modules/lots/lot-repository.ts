import { sql, type SQL } from 'drizzle-orm';
import type { LotState } from '@knotwork/shared/bidding/types';
import type { Db } from '../../db/client.ts';
import { preparedRows } from '../../db/raw.ts';
import { columnsFromState, type LockedLotRow } from './lot-state-codec.ts';
import { lotIdOf } from './lot-sql.ts';

/** A transaction or the database: both run raw statements the same way. */
export type Tx = Db;

// Whole milliseconds, the engine's unit (floored: a time read this way is never later than the stored one).
const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)`);


/** Per-caller facts the bid answer needs, read in the same statement as the lock. */
export interface CallerFacts {
  blocked: string[];
  /** Staff may not bid or buy at auction (no bidding on the house's own sales). */
  staff: string[];
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
): Promise<(LockedLotRow & CallerFacts) | undefined> {
  const userIds = sql.param(callers.userIds);
  const keyUsers = sql.param(callers.keys.map((k) => k.userId));
  const keyNames = sql.param(callers.keys.map((k) => k.key));
  // Prepared (raw.ts): planning this statement took longer than running it, on every bid batch.
  const [row] = await preparedRows<LockedLotRow & { blocked: string[] | null; staff: string[] | null; liked: string[] | null; keys: CallerFacts['keys'] | null }>(
    tx,
    sql`with target as materialized (
          select * from lots where id = ${lotIdOf(id)} for update
        )
        select t.id, t.auction_id, a.title as auction_title, a.slug as auction_slug, a.type as auction_type,
          a.increments, t.rug_id, t.lot_number, t.status, t.outcome, ${ms('t.starts_at')} as starts_ms,
          ${ms('t.ends_at')} as ends_ms, t.opening_bid, t.reserve, t.buy_now_price, t.estimate_low, t.estimate_high,
          t.current_bid, t.bid_count, t.reserve_met, t.hammer_price, t.leader_id, t.leader_max, t.seq, t.winner_id,
          ${ms('t.closed_at')} as closed_ms, t.engine_state, a.soft_close_enabled, a.soft_close_window_seconds,
          a.soft_close_extension_seconds, a.buyers_premium_pct,
          (select array_agg(u.id::text) from users u where u.id = any(${userIds}::uuid[])
             and u.bidding_blocked_at is not null) as blocked,
          (select array_agg(u.id::text) from users u where u.id = any(${userIds}::uuid[]) and u.role <> 'user') as staff,
          (select array_agg(k.user_id::text) from likes k where k.rug_id = t.rug_id and k.user_id = any(${userIds}::uuid[])) as liked,
          (select json_agg(json_build_object('user_id', i.user_id, 'key', i.key, 'request_hash', i.request_hash,
              'status_code', i.status_code, 'response', i.response))
             from idempotency_keys i join unnest(${keyUsers}::uuid[], ${keyNames}::text[]) as w(u, k)
               on i.user_id = w.u and i.key = w.k) as keys,
          ${ms('clock_timestamp()')} as now_ms
        from target t join auctions a on a.id = t.auction_id`,
  );
  if (!row) return undefined;
  return { ...row, blocked: row.blocked ?? [], staff: row.staff ?? [], liked: row.liked ?? [], keys: row.keys ?? [] };
}

export interface NewBidRow {
  id: string;
  bidder_id: string;
  max_amount: number;
  event_seq: number;
  idempotency_key: string | null;
}
export interface NewEventRow {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
}
export interface NewKeyRow {
  user_id: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: unknown;
}

/**
 * Round trip 2: one statement that inserts the bids, the events and the idempotency records and writes the new
 * engine state with its denormalised columns. `state` null leaves the lot untouched (only refusals with keys).
 */
export async function writeLotChange(
  tx: Tx,
  change: { lotId: string; at: number; state: LotState | null; seq: number; bids: NewBidRow[]; events: NewEventRow[]; keys: NewKeyRow[] },
): Promise<void> {
  const at = new Date(change.at).toISOString();
  const parts: SQL[] = [];
  if (change.bids.length > 0) {
    parts.push(sql`b as (insert into bids (id, lot_id, bidder_id, max_amount, event_seq, idempotency_key, created_at)
      select x.id, ${change.lotId}::uuid, x.bidder_id, x.max_amount, x.event_seq, x.idempotency_key, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(change.bids)}::jsonb)
        as x(id uuid, bidder_id uuid, max_amount bigint, event_seq bigint, idempotency_key text))`);
  }
  if (change.events.length > 0) {
    parts.push(sql`e as (insert into lot_events (lot_id, seq, type, payload, created_at)
      select ${change.lotId}::uuid, x.seq, x.type, x.payload, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(change.events)}::jsonb) as x(seq bigint, type text, payload jsonb))`);
  }
  if (change.keys.length > 0) {
    parts.push(sql`k as (insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
      select x.user_id, x.key, x.request_hash, x.status_code, x.response, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(change.keys)}::jsonb)
        as x(user_id uuid, key text, request_hash text, status_code int, response jsonb))`);
  }
  if (change.state) {
    const c = columnsFromState(change.state);
    parts.push(sql`u as (update lots set engine_state = ${JSON.stringify(change.state)}::jsonb, status = ${c.status},
      outcome = ${c.outcome},
      -- Rewrite the end only when the engine moved it (keeps the stored microseconds otherwise).
      ends_at = case when floor(extract(epoch from ends_at) * 1000) = ${change.state.endsAt} then ends_at
                     else ${c.ends_at}::timestamptz end, current_bid = ${c.current_bid},
      leader_id = ${c.leader_id}::uuid, leader_max = ${c.leader_max}, bid_count = ${c.bid_count},
      reserve_met = ${c.reserve_met}, seq = ${change.seq}, hammer_price = ${c.hammer_price},
      winner_id = ${c.winner_id}::uuid, closed_at = ${c.closed_at}::timestamptz, updated_at = ${at}::timestamptz
      where id = ${change.lotId}::uuid)`);
  }
  if (parts.length === 0) return;
  // Prepared: its text depends only on which parts are present (a few shapes).
  await preparedRows(tx, sql`with ${sql.join(parts, sql`, `)} select 1`);
}
