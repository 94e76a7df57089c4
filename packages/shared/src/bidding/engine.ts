/**
 * The auction engine: one pure step from a lot's state, its rules and one action to the next state and the
 * events it causes, or a refusal. No I/O and no clock: the time comes in with the action, so the server can
 * apply it under a row lock with its own clock, the client can preview it, and tests can replay it.
 */
import { checkBidAmount, positionInState } from './bid-check.ts';
import { isBuyNowAvailable, nextMinimum, reserveMetAt } from './lot-state.ts';
import { resolveProxyBid } from './proxy.ts';
import { refuse } from './refusals.ts';
import { extendedEnd } from './soft-close.ts';
import type {
  ApplyResult,
  BidAction,
  BidderMaximum,
  BuyNowAction,
  CloseAction,
  LotEvent,
  LotRules,
  LotState,
  OpenAction,
  StepAction,
  WithdrawAction,
} from './types.ts';

export interface StepOptions {
  /**
   * Re-applying an already accepted bid while recomputing a lot after a void (see replay.ts). The checks made
   * when it was accepted are not repeated: not the clock (it may sit inside an extension the voided bid
   * caused) and not the next minimum (removing a bid can raise the price at a later point, because a raise by
   * the leader moves no price while the same bid from a non-leader does; the maximum was a valid commitment).
   * A bid that can no longer take effect (a non-leader's maximum below the recomputed price) is refused as
   * BID_SUPERSEDED, so the price still never falls.
   */
  recompute?: boolean;
}

/** Apply one action. A refusal leaves the lot untouched; the caller keeps `state`. */
export function applyAction(
  rules: LotRules,
  state: LotState,
  action: StepAction,
  options: StepOptions = {},
): ApplyResult {
  switch (action.type) {
    case 'open':
      return open(state, action, options);
    case 'bid':
      return bid(rules, state, action, options);
    case 'buyNow':
      return buyNow(rules, state, action);
    case 'close':
      return close(state, action);
    case 'withdraw':
      return withdraw(state, action);
  }
}

function open(state: LotState, action: OpenAction, options: StepOptions): ApplyResult {
  if (state.status === 'open') return refused('LOT_ALREADY_OPEN');
  if (state.status === 'closed') return refused('LOT_CLOSED');
  if (state.status === 'withdrawn') return refused('LOT_WITHDRAWN');
  if (!options.recompute) {
    if (action.at < state.startsAt) return refused('LOT_NOT_STARTED');
    // A lot whose end passed before it opened is closed (as unsold), not opened.
    if (action.at >= state.endsAt) return refused('LOT_CLOSED');
  }
  return { ok: true, state: { ...state, status: 'open' }, events: [{ type: 'lot_opened', at: action.at }] };
}

function bid(rules: LotRules, state: LotState, action: BidAction, options: StepOptions): ApplyResult {
  const { bidderId, amount, at } = action;
  if (state.status === 'closed') return refused('LOT_CLOSED');
  if (state.status !== 'open') return refused('LOT_NOT_OPEN');
  if (!options.recompute) {
    if (at < state.startsAt) return refused('LOT_NOT_OPEN');
    if (at >= state.endsAt) return refused('LOT_CLOSED');
  }
  // The next minimum is checked for everyone, the leader too, and even when the proxy would answer the bid anyway;
  // not when re-applying a bid after a void (see StepOptions.recompute).
  const position = positionInState(state, rules, bidderId);
  if (options.recompute) position.nextMinimum = null;
  const problem = checkBidAmount(amount, position);
  if (problem === 'BID_TOO_LOW') {
    return { ok: false, refusal: refuse('BID_TOO_LOW', { nextMinimum: nextMinimum(state, rules) }) };
  }
  if (problem) return refused(problem);
  if (options.recompute) {
    const below = state.currentPrice !== null && state.leader !== bidderId && amount < state.currentPrice;
    if (amount < rules.openingBid || below) return refused('BID_SUPERSEDED');
  }

  const seq = state.nextSeq;
  const bidId = action.bidId ?? null;
  const outcome = resolveProxyBid(state, rules, { bidderId, amount, seq });
  const reserveMet = reserveMetAt(outcome.price, outcome.leader, rules);
  const endsAt = extendedEnd(state.endsAt, at, rules.softClose);

  const events: LotEvent[] = [];
  if (outcome.rule === 2) {
    events.push({ type: 'max_raised', seq, bidId, bidderId, maximum: amount, at });
  }
  for (const visible of outcome.lines) events.push({ type: 'bid_placed', seq, bidId, at, ...visible });
  if (state.leader !== null && state.leader !== outcome.leader) {
    events.push({
      type: 'outbid',
      previousLeader: state.leader,
      newLeader: outcome.leader,
      amount: outcome.price,
      at,
    });
  }
  if (reserveMet === true && state.reserveMet !== true) {
    events.push({ type: 'reserve_met', amount: outcome.price, at });
  }
  if (endsAt !== state.endsAt) {
    events.push({ type: 'soft_close_extended', previousEndsAt: state.endsAt, newEndsAt: endsAt, at });
  }

  return {
    ok: true,
    state: {
      ...state,
      endsAt,
      currentPrice: outcome.price,
      leader: outcome.leader,
      leaderMax: outcome.leaderMax,
      leaderSeq: outcome.leaderSeq,
      bidCount: state.bidCount + 1,
      maxima: withMaximum(state.maxima, { bidderId, maximum: amount, seq, at, firstSeq: seq }),
      reserveMet,
      nextSeq: seq + 1,
    },
    events,
  };
}

function buyNow(rules: LotRules, state: LotState, action: BuyNowAction): ApplyResult {
  const { buyerId, at } = action;
  if (state.status === 'closed') return refused('LOT_CLOSED');
  if (state.status !== 'open' || at < state.startsAt) return refused('LOT_NOT_OPEN');
  if (at >= state.endsAt) return refused('LOT_CLOSED');
  if (rules.buyNowPrice === null || !isBuyNowAvailable(state, rules, at))
    return refused('BUY_NOW_UNAVAILABLE');
  return {
    ok: true,
    state: { ...state, status: 'closed', outcome: 'sold', winner: buyerId, buyer: buyerId, closedAt: at },
    events: [
      { type: 'bought_now', buyerId, amount: rules.buyNowPrice, at },
      { type: 'lot_closed', outcome: 'sold', winner: buyerId, hammer: null, boughtNow: true, at },
    ],
  };
}

function close(state: LotState, action: CloseAction): ApplyResult {
  // Closing twice is refused, so "apply close" succeeding is the one signal to notify and create the order.
  if (state.status === 'closed') return refused('LOT_CLOSED');
  if (state.status === 'withdrawn') return refused('LOT_WITHDRAWN');
  if (action.at < state.endsAt) return refused('LOT_NOT_ENDED');
  // A scheduled lot whose end has passed (it never opened) closes unsold like an open lot without bids.
  const sold = state.leader !== null && state.reserveMet !== false;
  const winner = sold ? state.leader : null;
  const hammer = sold ? state.currentPrice : null;
  const outcome = sold ? 'sold' : 'unsold';
  return {
    ok: true,
    state: { ...state, status: 'closed', outcome, winner, hammer, closedAt: action.at },
    events: [{ type: 'lot_closed', outcome, winner, hammer, boughtNow: false, at: action.at }],
  };
}

function withdraw(state: LotState, action: WithdrawAction): ApplyResult {
  if (state.status === 'closed') return refused('LOT_CLOSED');
  if (state.status === 'withdrawn') return refused('LOT_WITHDRAWN');
  return {
    ok: true,
    state: { ...state, status: 'withdrawn', closedAt: action.at },
    events: [{ type: 'lot_withdrawn', at: action.at }],
  };
}

/** Replace the bidder's maximum (keeping when they first bid), or add them at the end. */
function withMaximum(maxima: readonly BidderMaximum[], next: BidderMaximum): BidderMaximum[] {
  const existing = maxima.find((m) => m.bidderId === next.bidderId);
  if (!existing) return [...maxima, next];
  return maxima.map((m) => (m === existing ? { ...next, firstSeq: existing.firstSeq } : m));
}

const refused = (code: Parameters<typeof refuse>[0]): ApplyResult => ({ ok: false, refusal: refuse(code) });
