/**
 * Every lot change other than a bid: open, close, withdraw, buy now, staff voids and the auctioneer's hammer at a
 * live sale, through one function that takes the lot's row lock, applies the engine (or the hammer) with the
 * database clock, and writes state, events and (when the lot sells) the order in the caller's transaction. It is
 * the one close path and the one "lot sold -> order" path for timed and live sales alike. Jobs, staff routes and
 * the live sale's clerk reuse it:
 *
 *   const result = await db.transaction((tx) => applyLotAction(tx, lotId, { type: 'close' }, deps));
 *   if (result.ok) await announceLotChange(deps, result.committed);   // after commit, never inside
 *
 * or simply `await runLotAction(deps, lotId, { type: 'close' })`, which does both (tests use closeLot and voidLotBid).
 */
import type { FastifyBaseLogger } from 'fastify';
import { applyAction } from '@knotwork/shared/bidding/engine';
import { lotPhase } from '@knotwork/shared/bidding/lot-phase';
import { refuse, type Refusal } from '@knotwork/shared/bidding/refusals';
import type { LotEvent, LotRules, LotState } from '@knotwork/shared/bidding/types';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/bus.ts';
import { num } from '../../db/raw.ts';
import { insertOrder, type OrderDbRow } from '../commerce/orders/order-repository.ts';
import { buyersPremium, PAYMENT_DUE_MS } from '../commerce/orders/pricing.ts';
import { eventRows, publishLotChange, sequence, type SequencedEvent } from './lot-events.ts';
import { lockLot, markRugSold, type Tx } from './lot-repository.ts';
import { writeLotChange } from './lot-change-repository.ts';
import { rowWithState, rulesFromRow, stateFromRow, type LockedLotRow } from './lot-state-codec.ts';
import { closeByHammer, type Hammer } from './hammer.ts';
import { recomputeWithoutBid } from './void.ts';

export type LotActionInput =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'withdraw' }
  | { type: 'buyNow'; buyerId: string }
  | { type: 'void'; bidId: string }
  /** A live sale's hammer or pass (modules/live-sales): the clerk's engine decided, the lot closes the same way. */
  | { type: 'hammer'; hammer: Hammer };

export interface LotActionDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Site currency (config CURRENCY) for orders. */
  currency: string;
}

export interface CommittedLotChange {
  row: LockedLotRow;
  state: LotState;
  previousLeader: string | null;
  seq: number;
  nowMs: number;
  events: SequencedEvent[];
  order: OrderDbRow | null;
}

export type LotActionResult =
  { ok: true; committed: CommittedLotChange } | { ok: false; refusal: Refusal; row: LockedLotRow | null };

/**
 * Apply one action to a lot inside `tx` (lot id or rug id). Buy now opens a lot that is due first, like a bid.
 * A refusal writes nothing. Safe to call after the caller locked the row itself (e.g. `for update skip locked`).
 */
export async function applyLotAction(
  tx: Tx,
  lotId: string,
  input: LotActionInput,
  deps: Pick<LotActionDeps, 'currency'>,
): Promise<LotActionResult> {
  const row = await lockLot(tx, lotId);
  if (!row) return { ok: false, refusal: refuse('LOT_NOT_OPEN'), row: null };
  // A draft sale never opens by itself (decision 074): no buy now on its lots; staff corrections still apply.
  if (input.type === 'buyNow' && row.auction_status === 'draft')
    return { ok: false, refusal: refuse('LOT_NOT_OPEN'), row };
  const nowMs = Math.floor(num(row.now_ms));
  const rules = rulesFromRow(row);
  const initial = stateFromRow(row, rules);
  let state = initial;
  const engineEvents: LotEvent[] = [];

  if (input.type === 'void') {
    const recomputed = await recomputeWithoutBid(tx, row, rules, state, input.bidId);
    if (!recomputed.ok) return { ok: false, refusal: recomputed.refusal, row };
    state = recomputed.state;
    engineEvents.push(...recomputed.events);
  } else if (input.type === 'hammer') {
    // The hammer falls once: a lot closed (or withdrawn) meanwhile keeps its result.
    if (state.status === 'closed' || state.status === 'withdrawn')
      return { ok: false, refusal: refuse('LOT_NOT_OPEN'), row };
    const closed = closeByHammer(state, input.hammer, nowMs);
    state = closed.state;
    engineEvents.push(closed.event);
  } else {
    if (input.type === 'buyNow' && state.status === 'scheduled' && lotPhase(state, nowMs) === 'open') {
      const opened = applyAction(rules, state, { type: 'open', at: nowMs });
      if (opened.ok) {
        state = opened.state;
        engineEvents.push(...opened.events);
      }
    }
    const action =
      input.type === 'buyNow'
        ? { type: 'buyNow' as const, buyerId: input.buyerId, at: nowMs }
        : { type: input.type, at: nowMs };
    const result = applyAction(rules, state, action);
    if (!result.ok) return { ok: false, refusal: result.refusal, row };
    state = result.state;
    engineEvents.push(...result.events);
  }

  const lastSeq = num(row.seq);
  const events = sequence(engineEvents, lastSeq);
  const seq = lastSeq + events.length;
  await writeLotChange(tx, {
    lotId: row.id,
    at: nowMs,
    state,
    seq,
    bids: [],
    events: eventRows(events),
    keys: [],
  });

  const sold = initial.status !== 'closed' && state.status === 'closed' && state.outcome === 'sold';
  const order = sold ? await recordSale(tx, row, rules, state, deps.currency, nowMs) : null;
  return {
    ok: true,
    committed: {
      row: rowWithState(row, state, seq),
      state,
      previousLeader: initial.leader,
      seq,
      nowMs,
      events,
      order,
    },
  };
}

/**
 * The one "lot sold -> order" path, for a lot that has just closed sold (at a timed close, by buy now, or under a
 * live sale's hammer): the rug is sold, and the buyer with an account gets the order (the hammer plus the buyer's
 * premium, or the buy-now price all-in). A floor buyer at a live sale has no account here and settles in the room.
 */
async function recordSale(
  tx: Tx,
  row: LockedLotRow,
  rules: LotRules,
  state: LotState,
  currency: string,
  nowMs: number,
): Promise<OrderDbRow | null> {
  let order: OrderDbRow | null = null;
  if (state.winner) {
    const boughtNow = state.buyer !== null;
    const hammer = boughtNow ? null : state.hammer;
    const premium = hammer === null ? 0 : buyersPremium(hammer, num(row.buyers_premium_pct));
    order = await insertOrder(tx, {
      userId: state.winner,
      rugId: row.rug_id,
      lotId: row.id,
      kind: boughtNow ? 'buy_now' : 'auction',
      hammerPrice: hammer,
      buyersPremium: premium,
      itemPrice: boughtNow ? rules.buyNowPrice! : hammer! + premium,
      currency,
      at: nowMs,
      reservedUntil: null,
      dueAt: nowMs + PAYMENT_DUE_MS,
    });
  }
  // The rug is sold (awaiting payment); the lot trigger keeps its lot_* columns, this is its own status.
  await markRugSold(tx, row.rug_id);
  return order;
}

/** After commit: publish to the live channels. Never throws. */
export async function announceLotChange(
  deps: Pick<LotActionDeps, 'bus' | 'log'>,
  committed: CommittedLotChange,
): Promise<void> {
  const logError = (err: unknown) => deps.log.error({ err }, 'announcing a lot change failed');
  await publishLotChange(deps.bus, committed, logError);
}

/** One action in its own transaction, announced after commit. */
export async function runLotAction(
  deps: LotActionDeps,
  lotId: string,
  input: LotActionInput,
): Promise<LotActionResult> {
  const result = await deps.db.transaction((tx) => applyLotAction(tx, lotId, input, deps));
  if (result.ok) await announceLotChange(deps, result.committed);
  return result;
}

export const closeLot = (deps: LotActionDeps, lotId: string) => runLotAction(deps, lotId, { type: 'close' });
export const voidLotBid = (deps: LotActionDeps, lotId: string, bidId: string) =>
  runLotAction(deps, lotId, { type: 'void', bidId });
