import { sql, type SQL } from 'drizzle-orm';
import type { LotState } from '@knotwork/shared/bidding/types';
import type { Db } from '../../db/client.ts';
import { shapedStatement } from '../../db/raw.ts';
import { columnsFromState } from './lot-state-codec.ts';
import { consignorsAmong } from './own-lot-sql.ts';
import { unregisteredAmong } from './registration-sql.ts';
import { undepositedAmong } from './bidder-deposit-sql.ts';
import type { Tx } from './lot-repository.ts';

// Whole milliseconds, the engine's unit (floored: a time read this way is never later than the stored one).
const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)`);

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

/**
 * Which parts a statement writes: its text depends on this alone, never on the values nor on how many lots it
 * writes (each part reads a json array whose rows name their lot).
 */
interface ChangeShape {
  bids: boolean;
  events: boolean;
  keys: boolean;
  outbox: boolean;
  /** There are outbox rows, written already claimed by this process (`outboxClaimMs`). */
  claimed: boolean;
  state: boolean;
}

/** The parts any of `changes` writes (a lot that writes none of a part has no rows in its array). */
function shapeOf(changes: readonly LotChange[]): ChangeShape {
  const any = (has: (c: LotChange) => boolean) => changes.some(has);
  return {
    bids: any((c) => c.bids.length > 0),
    events: any((c) => c.events.length > 0),
    keys: any((c) => c.keys.length > 0),
    outbox: any((c) => (c.outbox?.length ?? 0) > 0),
    claimed: any((c) => (c.outbox?.length ?? 0) > 0 && c.outboxClaimMs != null),
    state: any((c) => c.state !== null),
  };
}

const shapeKey = (s: ChangeShape) => `${+s.bids}${+s.events}${+s.keys}${+s.outbox}${+s.claimed}${+s.state}`;

const $ = (name: string) => sql.placeholder(name);

/** The columns of the lots' json array (`lotsValue`), one row per lot the statement writes. */
const LOT_COLUMNS =
  sql.raw(`lot_id uuid, at timestamptz, state jsonb, status text, outcome text, ends_ms bigint,
  ends_at timestamptz, current_bid bigint, leader_id uuid, leader_max bigint, bid_count int, reserve_met boolean,
  seq bigint, hammer bigint, winner_id uuid, closed_at timestamptz, rug_id uuid, v text, av text, deadline bigint,
  users uuid[], registration boolean`);

/**
 * The data-modifying CTEs of a statement that writes lot changes: the inserts of bids, events, idempotency records
 * (read from the CTE `kin`) and outbid notices' outbox rows, and the lots' update (returning each one's new row
 * version as `u.v`). Each row names its lot, and is written only when that lot is in `lots`: the CTE `x` of every
 * lot (the locked path), or the guard's `ok` of the lots whose cached copy held (the fast path); either has the
 * lot's `lot_id` and `at`. Every value is a placeholder: the text is built once per shape.
 *
 * `plain`: only the columns a plain bid on an open lot can change are set (the fast path's lots stay open and keep
 * their end). Leaving status and ends_at out of the update's target list keeps their triggers from firing at all
 * (0040's saved-search queue fires on any update of status, 0160's listing sync is asked about ends_at).
 */
function changeParts(
  shape: ChangeShape,
  lots: 'x' | 'ok',
  plain: boolean,
  keyResponse: SQL = sql`r.response`,
): SQL[] {
  const rows = (param: string, columns: string) =>
    sql`jsonb_to_recordset(${$(param)}::jsonb) as r(lot_id uuid, ${sql.raw(columns)})
      join ${sql.raw(lots)} s on s.lot_id = r.lot_id`;
  const parts: SQL[] = [];
  if (shape.bids) {
    parts.push(sql`b as (insert into bids (id, lot_id, bidder_id, max_amount, event_seq, idempotency_key, created_at)
      select r.id, r.lot_id, r.bidder_id, r.max_amount, r.event_seq, r.idempotency_key, s.at
      from ${rows('bids', 'id uuid, bidder_id uuid, max_amount bigint, event_seq bigint, idempotency_key text')})`);
  }
  if (shape.events) {
    parts.push(sql`e as (insert into lot_events (lot_id, seq, type, payload, created_at)
      select r.lot_id, r.seq, r.type, r.payload, s.at
      from ${rows('events', 'seq bigint, type text, payload jsonb')})`);
  }
  if (shape.keys) {
    parts.push(sql`k as (insert into idempotency_keys (user_id, key, request_hash, status_code, response, created_at)
      select r.user_id, r.key, r.request_hash, r.status_code, ${keyResponse}, s.at
      from kin r join ${sql.raw(lots)} s on s.lot_id = r.lot_id)`);
  }
  if (shape.outbox) {
    // Only when someone lost the lead: the worker (notifications/outbid-notices.ts) turns it into their notice.
    const claimed = shape.claimed
      ? sql`clock_timestamp() + ${$('claimMs')} * interval '1 millisecond', 1`
      : sql`null, 0`;
    parts.push(sql`o as (insert into bid_outbox (id, lot_id, user_id, amount, created_at, claimed_until, attempts)
      select r.id, r.lot_id, r.user_id, r.amount, s.at, ${claimed}
      from ${rows('outbox', 'id uuid, user_id uuid, amount bigint')})`);
  }
  if (shape.state) {
    const settled = plain
      ? sql``
      : sql`status = x.status, outcome = x.outcome, hammer_price = x.hammer, winner_id = x.winner_id,
          closed_at = x.closed_at,
          -- Rewrite the end only when the engine moved it (keeps the stored microseconds otherwise).
          ends_at = case when floor(extract(epoch from l.ends_at) * 1000) = x.ends_ms then l.ends_at
            else x.ends_at end,`;
    const guarded = lots === 'ok' ? sql` and x.lot_id in (select lot_id from ok)` : sql``;
    parts.push(sql`u as (update lots l set ${settled} engine_state = x.state, current_bid = x.current_bid,
      leader_id = x.leader_id, leader_max = x.leader_max, bid_count = x.bid_count, reserve_met = x.reserve_met,
      seq = x.seq, updated_at = x.at
      from x where l.id = x.lot_id and x.state is not null${guarded} returning l.id, l.xmin::text as v)`);
  }
  return parts;
}

/** The lots' json array: each lot's id, time and, when it changes, its new state with its denormalised columns. */
function lotsValue(changes: readonly (LotChange & Partial<GuardedFields>)[]): string {
  return JSON.stringify(
    changes.map((change) => {
      const c = change.state ? columnsFromState(change.state) : null;
      return {
        lot_id: change.lotId,
        at: new Date(change.at).toISOString(),
        seq: change.seq,
        ...(change.state && c
          ? {
              state: change.state,
              status: c.status,
              outcome: c.outcome,
              ends_ms: change.state.endsAt,
              ends_at: c.ends_at,
              current_bid: c.current_bid,
              leader_id: c.leader_id,
              leader_max: c.leader_max,
              bid_count: c.bid_count,
              reserve_met: c.reserve_met,
              hammer: c.hammer_price,
              winner_id: c.winner_id,
              closed_at: c.closed_at,
            }
          : {}),
        ...(change.rugId
          ? {
              rug_id: change.rugId,
              v: change.lotVersion,
              av: change.auctionVersion,
              deadline: change.deadlineMs,
              users: change.userIds,
              registration: change.registrationRequired,
            }
          : {}),
      };
    }),
  );
}

/** The values of `changeParts`' placeholders (those of parts the shape leaves out go unused). */
function changeValues(changes: readonly (LotChange & Partial<GuardedFields>)[]): Record<string, unknown> {
  const rowsOf = <T>(pick: (c: LotChange) => readonly T[] | undefined) =>
    JSON.stringify(changes.flatMap((c) => (pick(c) ?? []).map((r) => ({ lot_id: c.lotId, ...r }))));
  return {
    lots: lotsValue(changes),
    bids: rowsOf((c) => c.bids),
    events: rowsOf((c) => c.events),
    keys: rowsOf((c) => c.keys),
    outbox: rowsOf((c) => c.outbox),
    claimMs: changes.find((c) => c.outboxClaimMs != null)?.outboxClaimMs ?? null,
  };
}

const KEYS_IN = sql`kin as materialized (select * from jsonb_to_recordset(${$('keys')}::jsonb)
    as r(lot_id uuid, user_id uuid, key text, request_hash text, status_code int, response jsonb))`;

const writeChange = shapedStatement(shapeKey, (shape: ChangeShape) => {
  const parts = changeParts(shape, 'x', false);
  return sql`with x as materialized (select * from jsonb_to_recordset(${$('lots')}::jsonb) as x(${LOT_COLUMNS}))
    ${shape.keys ? sql`, ${KEYS_IN}` : sql``}, ${sql.join(parts, sql`, `)}
    select ${shape.state ? sql`(select v from u)` : sql`null::text`} as v`;
});

/**
 * Round trip 2 of the locked path: one statement that inserts the bids, the events and the idempotency records and
 * writes the new engine state with its denormalised columns. `state` null leaves the lot untouched (only refusals
 * with keys). Returns the lot's new row version, or null when the lot was not written.
 */
export async function writeLotChange(tx: Tx, change: LotChange): Promise<string | null> {
  const shape = shapeOf([change]);
  // Nothing to write (`claimed` implies `outbox`).
  if (!Object.values(shape).some(Boolean)) return null;
  const [row] = await writeChange<{ v: string | null }>(tx, shape, changeValues([change]));
  return row?.v ?? null;
}

/** What the fast path's guard checks a lot's cached copy against (`writeLotChangesIfCurrent`). */
export interface GuardedFields {
  rugId: string;
  lotVersion: string;
  auctionVersion: string;
  deadlineMs: number;
  userIds: string[];
  /** Each bidder's highest maximum in the batch: checked against their limit, if they have one. */
  limits: { u: string; m: number }[];
  /** The cached sale requires registration (its row version is checked, so the flag is current). */
  registrationRequired: boolean;
}
export type GuardedLotChange = LotChange & GuardedFields;

export interface GuardedResult {
  /** The change was written: the cached copy was current and every check held. */
  applied: boolean;
  /** The lot's new row version, when its state was written. */
  lotVersion: string | null;
  /** The batch's bidders who like the rug. */
  liked: string[];
}

/**
 * The guarded write's shape: a change's parts, and whether any lot's sale requires registration. That flag is the
 * cached auction row's, and a lot is written only while its auction's row version is the cached one, so a sale read
 * as open to every bidder still is, and a statement without such a sale leaves the registration check out (decision
 * 101, fourth addendum: each subquery in the text costs PostgreSQL its set-up on every run, evaluated or not).
 */
interface GuardedShape extends ChangeShape {
  registration: boolean;
}
const guardedShapeKey = (s: GuardedShape) => `${shapeKey(s)}${s.registration ? 'r' : ''}`;

const writeChangesIfCurrent = shapedStatement(guardedShapeKey, (shape: GuardedShape) => {
  const parts = changeParts(
    shape,
    'ok',
    true,
    // A stored accepted answer says whether the bidder likes the rug (built with false, see the caller).
    sql`case when r.user_id::text = any(coalesce((select ids from lk where lk.lot_id = r.lot_id), '{}'::text[]))
      then jsonb_set(r.response, '{data,lot,liked}', 'true') else r.response end`,
  );
  return sql`with x as materialized (select * from jsonb_to_recordset(${$('lots')}::jsonb) as x(${LOT_COLUMNS})),
        -- Locked in the order of their ids, whatever the order of the batches: two statements never wait on each
        -- other in a cycle over the lots they share. One lateral probe per lot: a subquery with a locking clause is
        -- never flattened, so its plan is the same index probe whatever the batch (an "= any" of an id array here
        -- let each run's plan depend on the array's length, and PostgreSQL planned the statement afresh each run).
        target as materialized (
          select t.* from (select lot_id from x order by lot_id) o cross join lateral (
            select l.id, l.auction_id, l.estimate_low, l.xmin::text as v, a.xmin::text as av,
              a.registration_required, a.deposit_cents
            from lots l join auctions a on a.id = l.auction_id where l.id = o.lot_id for update of l
          ) t
        )
        ${shape.keys ? sql`, ${KEYS_IN}` : sql``},
        -- The limited bidders' check (migration 0490), once for the statement and only when one of its bidders has a
        -- limit (calling PL/pgSQL cost every bid 0.07 ms of PostgreSQL's CPU): it counts the locked lots first, so it
        -- locks the bidders' rows after every lot's, in user-id order across all of them.
        lim as materialized (
          select case when exists (select 1 from bidder_limits bl where bl.user_id in (select unnest(x.users) from x))
            then bidder_limits_failing(${$('limits')}::jsonb) end as failing
          from (select count(*) from target) c
        ),
        ok as materialized (
          select x.lot_id, x.at from target t join x on x.lot_id = t.id
          where t.v = x.v and t.av = x.av
            and ${ms('clock_timestamp()')} < x.deadline
            -- A scalar subquery, not \`not exists\`: PostgreSQL turns the latter into an anti-join over all users.
            and (select true from users u where u.id = any(x.users)
              and (u.bidding_blocked_at is not null or u.role <> 'user') limit 1) is null
            and ${consignorsAmong(sql`x.rug_id`, sql`x.users`)} is null
            -- Each limited bidder's maximum fits their limit.
            and not (x.lot_id = any(coalesce((select failing from lim), '{}'::uuid[])))
            ${
              shape.registration
                ? sql`and (not t.registration_required or ${unregisteredAmong(sql`t.auction_id`, sql`x.users`)} is null)`
                : sql``
            }
            and ${undepositedAmong(sql`x.users`, {
              estimateLow: sql`t.estimate_low`,
              saleId: sql`t.auction_id`,
              saleDeposit: sql`t.deposit_cents`,
            })} is null
            ${
              shape.keys
                ? sql`and not exists (select 1 from idempotency_keys i join kin r on i.user_id = r.user_id
                    and i.key = r.key where r.lot_id = x.lot_id)`
                : sql``
            }
        ),
        -- Per lot, so each reads the likes' (rug, user) index (a join hashed the whole table).
        lk as materialized (select x.lot_id, (select array_agg(k.user_id::text) from likes k
          where k.rug_id = x.rug_id and k.user_id = any(x.users)) as ids from x)
        ${parts.length ? sql`, ${sql.join(parts, sql`, `)}` : sql``}
        select x.lot_id::text as lot_id, ok.lot_id is not null as applied,
          ${shape.state ? sql`(select u.v from u where u.id = x.lot_id)` : sql`null::text`} as v, lk.ids as liked
        from x left join ok on ok.lot_id = x.lot_id left join lk on lk.lot_id = x.lot_id`;
});

/**
 * The bid fast path's one round trip (bidding/bid-fast-path.ts): a single statement, so a single implicit
 * transaction, that locks the lots and writes each change computed from a cached copy of its lot only if that copy
 * is still the truth: the lot's and its auction's row versions are the ones cached, the database clock is still
 * before `deadlineMs` (the engine's decisions did not depend on the exact time), no bidder is staff, blocked from
 * bidding or the rug's consignor, each one's maximum fits their bidding limit if they have one (a refusal takes the
 * locked path, which answers it with its figures), none lacks an approved registration in a sale that requires one
 * or a deposit it asks, and none of the idempotency keys is already stored. A lot whose copy fails is not written
 * and says so (its caller runs the locked path); the others are. Also answers which bidders like each rug (their
 * stored answers are corrected here).
 *
 * Several lots' changes share the statement's set-up and its commit (bid-write-combiner.ts, decision
 * 103). Their bidders must be distinct: one bidder's checks in two lots of one statement would not see each
 * other's writes (their limit above all).
 */
export async function writeLotChangesIfCurrent(
  db: Db,
  changes: readonly GuardedLotChange[],
): Promise<GuardedResult[]> {
  const shape = { ...shapeOf(changes), registration: changes.some((c) => c.registrationRequired) };
  const rows = await writeChangesIfCurrent<{
    lot_id: string;
    applied: boolean;
    v: string | null;
    liked: string[] | null;
  }>(db, shape, {
    ...changeValues(changes),
    limits: JSON.stringify(changes.flatMap((c) => c.limits.map(({ u, m }) => ({ l: c.lotId, u, m })))),
  });
  const byLot = new Map(rows.map((r) => [r.lot_id, r]));
  return changes.map((c) => {
    const row = byLot.get(c.lotId);
    return {
      applied: row?.applied === true,
      lotVersion: row?.v ?? null,
      liked: row?.liked ?? [],
    };
  });
}
