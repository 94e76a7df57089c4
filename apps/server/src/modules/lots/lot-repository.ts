import { sql, type SQL } from 'drizzle-orm';
import type { LotState } from '@knotwork/shared/bidding/types';
import type { Db } from '../../db/client.ts';
import { preparedRows, rows, shapedStatement } from '../../db/raw.ts';
import { columnsFromState, type LockedLotRow } from './lot-state-codec.ts';
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

/** A bidder who lost the lead, for the outbid notices' outbox (migration 0430, decision 098). */
export interface NewOutboxRow {
  id: string;
  user_id: string;
  /** The lot's new price, integer cents. */
  amount: number;
}

export interface LotChange {
  lotId: string;
  at: number;
  state: LotState | null;
  seq: number;
  bids: NewBidRow[];
  events: NewEventRow[];
  keys: NewKeyRow[];
  /** Outbid notices to send after commit (bidding/outbid-outbox.ts); absent or empty: no insert at all. */
  outbox?: NewOutboxRow[];
  /**
   * The rows are written already claimed for this long by the writing process, whose worker sends them from memory
   * (decision 101); absent: written unclaimed, for any worker's claim.
   */
  outboxClaimMs?: number | null;
}

/** Which parts a lot change writes: the statement's text depends on this alone, never on the values. */
interface ChangeShape {
  bids: boolean;
  events: boolean;
  keys: boolean;
  outbox: boolean;
  /** There are outbox rows, written already claimed by this process (`outboxClaimMs`). */
  claimed: boolean;
  state: boolean;
}

function shapeOf(change: LotChange): ChangeShape {
  return {
    bids: change.bids.length > 0,
    events: change.events.length > 0,
    keys: change.keys.length > 0,
    outbox: (change.outbox?.length ?? 0) > 0,
    claimed: (change.outbox?.length ?? 0) > 0 && change.outboxClaimMs != null,
    state: change.state !== null,
  };
}

const shapeKey = (s: ChangeShape) => `${+s.bids}${+s.events}${+s.keys}${+s.outbox}${+s.claimed}${+s.state}`;

const $ = (name: string) => sql.placeholder(name);

/**
 * The data-modifying CTEs of a lot change, each written only when `guard` (a CTE name) has a row: the inserts of
 * bids, events, idempotency records and outbid notices' outbox rows, and the lot's update (returning its new row
 * version as `u.v`). Every value is a placeholder, filled from `changeValues`: the text is built once per shape.
 */
function changeParts(shape: ChangeShape, guard: SQL | null, keyResponse: SQL = sql`x.response`): SQL[] {
  const when = guard ? sql` where exists (select 1 from ${guard})` : sql``;
  const andWhen = guard ? sql` and exists (select 1 from ${guard})` : sql``;
  const parts: SQL[] = [];
  if (shape.bids) {
    parts.push(sql`b as (insert into bids (id, lot_id, bidder_id, max_amount, event_seq, idempotency_key, created_at)
      select x.id, ${$('lotId')}::uuid, x.bidder_id, x.max_amount, x.event_seq, x.idempotency_key, ${$('at')}::timestamptz
      from jsonb_to_recordset(${$('bids')}::jsonb)
        as x(id uuid, bidder_id uuid, max_amount bigint, event_seq bigint, idempotency_key text)${when})`);
  }
  if (shape.events) {
    parts.push(sql`e as (insert into lot_events (lot_id, seq, type, payload, created_at)
      select ${$('lotId')}::uuid, x.seq, x.type, x.payload, ${$('at')}::timestamptz
      from jsonb_to_recordset(${$('events')}::jsonb) as x(seq bigint, type text, payload jsonb)${when})`);
  }
  if (shape.keys) {
    parts.push(sql`k as (insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
      select x.user_id, x.key, x.request_hash, x.status_code, ${keyResponse}, ${$('at')}::timestamptz
      from jsonb_to_recordset(${$('keys')}::jsonb)
        as x(user_id uuid, key text, request_hash text, status_code int, response jsonb)${when})`);
  }
  if (shape.outbox) {
    // Only when someone lost the lead: the worker (notifications/outbid-notices.ts) turns it into their notice.
    const claimed = shape.claimed
      ? sql`clock_timestamp() + ${$('claimMs')} * interval '1 millisecond', 1`
      : sql`null, 0`;
    parts.push(sql`o as (insert into bid_outbox (id, lot_id, user_id, amount, created_at, claimed_until, attempts)
      select x.id, ${$('lotId')}::uuid, x.user_id, x.amount, ${$('at')}::timestamptz, ${claimed}
      from jsonb_to_recordset(${$('outbox')}::jsonb) as x(id uuid, user_id uuid, amount bigint)${when})`);
  }
  if (shape.state) {
    parts.push(sql`u as (update lots set engine_state = ${$('state')}::jsonb, status = ${$('status')},
      outcome = ${$('outcome')},
      -- Rewrite the end only when the engine moved it (keeps the stored microseconds otherwise).
      ends_at = case when floor(extract(epoch from ends_at) * 1000) = ${$('endsMs')} then ends_at
                     else ${$('endsAt')}::timestamptz end, current_bid = ${$('currentBid')},
      leader_id = ${$('leaderId')}::uuid, leader_max = ${$('leaderMax')}, bid_count = ${$('bidCount')},
      reserve_met = ${$('reserveMet')}, seq = ${$('seq')}, hammer_price = ${$('hammer')},
      winner_id = ${$('winnerId')}::uuid, closed_at = ${$('closedAt')}::timestamptz, updated_at = ${$('at')}::timestamptz
      where id = ${$('lotId')}::uuid${andWhen} returning xmin::text as v)`);
  }
  return parts;
}

/** The values of `changeParts`' placeholders (those of parts the shape leaves out go unused). */
function changeValues(change: LotChange): Record<string, unknown> {
  const values: Record<string, unknown> = {
    lotId: change.lotId,
    at: new Date(change.at).toISOString(),
    bids: JSON.stringify(change.bids),
    events: JSON.stringify(change.events),
    keys: JSON.stringify(change.keys),
    outbox: JSON.stringify(change.outbox ?? []),
    claimMs: change.outboxClaimMs ?? null,
    seq: change.seq,
  };
  if (change.state) {
    const c = columnsFromState(change.state);
    Object.assign(values, {
      state: JSON.stringify(change.state),
      status: c.status,
      outcome: c.outcome,
      endsMs: change.state.endsAt,
      endsAt: c.ends_at,
      currentBid: c.current_bid,
      leaderId: c.leader_id,
      leaderMax: c.leader_max,
      bidCount: c.bid_count,
      reserveMet: c.reserve_met,
      hammer: c.hammer_price,
      winnerId: c.winner_id,
      closedAt: c.closed_at,
    });
  }
  return values;
}

const writeChange = shapedStatement(shapeKey, (shape: ChangeShape) => {
  const parts = changeParts(shape, null);
  return sql`with ${sql.join(parts, sql`, `)} select ${shape.state ? sql`(select v from u)` : sql`null::text`} as v`;
});

/**
 * Round trip 2 of the locked path: one statement that inserts the bids, the events and the idempotency records and
 * writes the new engine state with its denormalised columns. `state` null leaves the lot untouched (only refusals
 * with keys). Returns the lot's new row version, or null when the lot was not written.
 */
export async function writeLotChange(tx: Tx, change: LotChange): Promise<string | null> {
  const shape = shapeOf(change);
  // Nothing to write (`claimed` implies `outbox`).
  if (!Object.values(shape).some(Boolean)) return null;
  const [row] = await writeChange<{ v: string | null }>(tx, shape, changeValues(change));
  return row?.v ?? null;
}

/**
 * The guarded write's shape: a lot change's, and whether the lot's sale requires registration. That flag is the
 * cached auction row's, and the statement only applies while the auction's row version is the cached one, so a sale
 * read as open to every bidder still is, and its statement leaves the registration check out (decision 101, fourth
 * addendum: each subquery in the text costs PostgreSQL its set-up on every run, whether or not it is evaluated).
 */
interface GuardedShape extends ChangeShape {
  registration: boolean;
}
const guardedShapeKey = (s: GuardedShape) => `${shapeKey(s)}${s.registration ? 'r' : ''}`;

const writeChangeIfCurrent = shapedStatement(guardedShapeKey, (shape: GuardedShape) => {
  const parts = changeParts(
    shape,
    sql.raw('ok'),
    // A stored accepted answer says whether the bidder likes the rug (built with false, see the caller).
    sql`case when x.user_id::text = any(coalesce((select ids from lk), '{}'::text[])) then jsonb_set(x.response, '{data,lot,liked}', 'true') else x.response end`,
  );
  const userIds = sql`${$('userIds')}::uuid[]`;
  return sql`with target as materialized (
          select l.id, l.auction_id, l.estimate_low, l.xmin::text as v, a.xmin::text as av, a.registration_required,
            a.deposit_cents
          from lots l join auctions a on a.id = l.auction_id where l.id = ${$('lotId')}::uuid for update of l
        ),
        ok as materialized (
          select 1 from target t
          where t.v = ${$('lotVersion')} and t.av = ${$('auctionVersion')}
            and ${ms('clock_timestamp()')} < ${$('deadlineMs')}
            and not exists (select 1 from users u where u.id = any(${userIds})
              and (u.bidding_blocked_at is not null or u.role <> 'user'))
            and ${consignorsAmong(sql`${$('rugId')}::uuid`, userIds)} is null
            -- A limited bidder's maximum fits their limit (0380): their row locked after the lot's. The function
            -- only when one of them has a limit: calling PL/pgSQL cost every bid 0.07 ms of PostgreSQL's CPU.
            and case when exists (select 1 from bidder_limits bl where bl.user_id = any(${userIds}))
              then bidder_limits_hold(t.id, ${$('limits')}::jsonb) else true end
            ${
              shape.registration
                ? sql`and (not t.registration_required or ${unregisteredAmong(sql`t.auction_id`, userIds)} is null)`
                : sql``
            }
            and ${undepositedAmong(userIds, {
              estimateLow: sql`t.estimate_low`,
              saleId: sql`t.auction_id`,
              saleDeposit: sql`t.deposit_cents`,
            })} is null
            and not exists (select 1 from idempotency_keys i join unnest(${$('keyUsers')}::uuid[], ${$('keyNames')}::text[])
              as w(u, k) on i.user_id = w.u and i.key = w.k)
        ),
        lk as (select array_agg(k.user_id::text) as ids from likes k
          where k.rug_id = ${$('rugId')}::uuid and k.user_id = any(${userIds}))
        ${parts.length ? sql`, ${sql.join(parts, sql`, `)}` : sql``}
        select exists (select 1 from ok) as applied,
          ${shape.state ? sql`(select v from u)` : sql`null::text`} as v, (select ids from lk) as liked`;
});

/**
 * The bid fast path's one round trip (bidding/bid-fast-path.ts): a single statement, so a single implicit
 * transaction, that locks the lot and writes the change computed from a cached copy of it only if that copy is
 * still the truth: the lot's and its auction's row versions are the ones cached, the database clock is still before
 * `deadlineMs` (the engine's decisions did not depend on the exact time), no bidder is staff, blocked from
 * bidding or the rug's consignor, each one's maximum fits their bidding limit if they have one (a refusal takes
 * the locked path, which answers it with its figures), none lacks an approved
 * registration in a sale that requires one, and none of the idempotency keys is already stored. Otherwise it writes nothing
 * and says so; the caller runs the locked path. Also answers which bidders like the rug (their stored answers are
 * corrected here).
 */
export async function writeLotChangeIfCurrent(
  db: Db,
  change: LotChange & {
    rugId: string;
    lotVersion: string;
    auctionVersion: string;
    deadlineMs: number;
    userIds: string[];
    /** Each bidder's highest maximum in the batch: checked against their limit, if they have one. */
    limits: { u: string; m: number }[];
    /** The cached sale requires registration (its row version is checked, so the flag is current). */
    registrationRequired: boolean;
  },
): Promise<{ applied: boolean; lotVersion: string | null; liked: string[] }> {
  const [row] = await writeChangeIfCurrent<{ applied: boolean; v: string | null; liked: string[] | null }>(
    db,
    { ...shapeOf(change), registration: change.registrationRequired },
    {
      ...changeValues(change),
      rugId: change.rugId,
      lotVersion: change.lotVersion,
      auctionVersion: change.auctionVersion,
      deadlineMs: change.deadlineMs,
      userIds: change.userIds,
      limits: JSON.stringify(change.limits),
      keyUsers: change.keys.map((k) => k.user_id),
      keyNames: change.keys.map((k) => k.key),
    },
  );
  return { applied: row?.applied === true, lotVersion: row?.v ?? null, liked: row?.liked ?? [] };
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
