/**
 * Replaying a lot's action log through the engine, and voiding a bid by replaying without it
 * (AUCTION-RULES.md: "the lot is then recomputed by replaying the remaining bids in their original order").
 */
import { applyAction } from './engine.ts';
import { refuse, type Refusal } from './refusals.ts';
import type {
  BidAction,
  HistoryEntry,
  LotAction,
  LotEvent,
  LotRules,
  LotState,
  StepAction,
  VoidAction,
} from './types.ts';

export interface ReplayResult {
  state: LotState;
  /** Every event in the order it was emitted (a void adds one `bid_voided`, not the recomputed run). */
  events: LotEvent[];
  /** The public bid history as it stands now: store it whole after a void, since a void rewrites it. */
  history: HistoryEntry[];
  /**
   * The actions that took effect, voids and the bids they voided included: replaying this log from the same
   * initial state gives the same result. This is the log to persist.
   */
  accepted: LotAction[];
  /** Actions that were refused, plus bids a void left without effect (BID_SUPERSEDED, see `voidBid`). */
  refused: { action: LotAction; refusal: Refusal }[];
}

/** Apply `actions` in order from `initial`; refused actions are skipped and listed. */
export function replay(rules: LotRules, initial: LotState, actions: readonly LotAction[]): ReplayResult {
  let state = initial;
  let history: HistoryEntry[] = [];
  const events: LotEvent[] = [];
  const accepted: LotAction[] = [];
  const refused: ReplayResult['refused'] = [];

  for (const action of actions) {
    if (action.type === 'void') {
      const result = recomputeWithout(rules, initial, state, accepted, action);
      if (!result.ok) {
        refused.push({ action, refusal: result.refusal });
        continue;
      }
      state = result.state;
      history = result.history;
      events.push(result.event);
      accepted.push(action);
      refused.push(...result.dropped);
      continue;
    }
    const result = applyAction(rules, state, action);
    if (!result.ok) {
      refused.push({ action, refusal: result.refusal });
      continue;
    }
    state = result.state;
    events.push(...result.events);
    for (const event of result.events) if (event.type === 'bid_placed') history.push(historyEntry(event));
    accepted.push(action);
  }
  return { state, events, history, accepted, refused };
}

/**
 * Void an accepted bid of an open lot: the lot is recomputed by replaying its remaining bids in their
 * original order. `history` is the log `replay` accepted (e.g. the persisted one).
 *
 * Choices the rules leave open, made so nobody loses by staff's correction:
 * - The end is not moved earlier: if the voided bid extended the lot, the extension stands (bidders saw it).
 * - Remaining bids keep the maxima they committed to: they are re-applied through the proxy rules without
 *   repeating the clock and next-minimum checks they passed when accepted (engine.ts `recompute`). One that
 *   can no longer take effect (a maximum below the recomputed price) is listed in `refused` as
 *   BID_SUPERSEDED; it stays in `accepted`, so a later void reconsiders it.
 *
 * Sequence numbers are positions in the live list and shift after a void; key stored bids by `bidId`.
 */
export function voidBid(
  rules: LotRules,
  initial: LotState,
  history: readonly LotAction[],
  bidId: string,
): ReplayResult {
  return replay(rules, initial, [...history, { type: 'void', bidId }]);
}

type Recomputed =
  | {
      ok: true;
      state: LotState;
      history: HistoryEntry[];
      event: LotEvent;
      dropped: { action: LotAction; refusal: Refusal }[];
    }
  | { ok: false; refusal: Refusal };

function recomputeWithout(
  rules: LotRules,
  initial: LotState,
  current: LotState,
  accepted: readonly LotAction[],
  action: VoidAction,
): Recomputed {
  if (current.status === 'closed') return { ok: false, refusal: refuse('LOT_CLOSED') };
  if (current.status === 'withdrawn') return { ok: false, refusal: refuse('LOT_WITHDRAWN') };
  const voided = new Set(accepted.filter((a): a is VoidAction => a.type === 'void').map((a) => a.bidId));
  const target = accepted.find((a): a is BidAction => a.type === 'bid' && a.bidId === action.bidId);
  if (!target || voided.has(action.bidId)) return { ok: false, refusal: refuse('BID_NOT_FOUND') };
  voided.add(action.bidId);

  const live = accepted.filter(
    (a): a is StepAction =>
      a.type !== 'void' && !(a.type === 'bid' && a.bidId !== undefined && voided.has(a.bidId)),
  );
  let state = initial;
  const history: HistoryEntry[] = [];
  const dropped: { action: LotAction; refusal: Refusal }[] = [];
  for (const step of live) {
    const result = applyAction(rules, state, step, { recompute: true });
    if (!result.ok) {
      dropped.push({ action: step, refusal: result.refusal });
      continue;
    }
    state = result.state;
    for (const event of result.events) if (event.type === 'bid_placed') history.push(historyEntry(event));
  }
  state = { ...state, endsAt: Math.max(state.endsAt, current.endsAt) };
  return {
    ok: true,
    state,
    history,
    dropped,
    event: {
      type: 'bid_voided',
      bidId: action.bidId,
      bidderId: target.bidderId,
      previousLeader: current.leader,
      newLeader: state.leader,
      previousPrice: current.currentPrice,
      newPrice: state.currentPrice,
    },
  };
}

function historyEntry(event: Extract<LotEvent, { type: 'bid_placed' }>): HistoryEntry {
  const { type: _type, ...entry } = event;
  return entry;
}
