import { increment } from './increments.ts';
import type { Cents, EpochMs, LotRules, LotState, LotStatus } from './types.ts';

/** A fresh lot: no bids, reserve not met (or null without a reserve). */
export function initialLotState(
  rules: LotRules,
  schedule: { startsAt: EpochMs; endsAt: EpochMs; status?: Extract<LotStatus, 'scheduled' | 'open'> },
): LotState {
  return {
    status: schedule.status ?? 'scheduled',
    outcome: null,
    startsAt: schedule.startsAt,
    endsAt: schedule.endsAt,
    currentPrice: null,
    leader: null,
    leaderMax: null,
    leaderSeq: null,
    bidCount: 0,
    maxima: [],
    reserveMet: rules.reserve === null ? null : false,
    winner: null,
    hammer: null,
    buyer: null,
    closedAt: null,
    nextSeq: 1,
  };
}

/** The lowest acceptable bid: the opening bid before the first bid, else price + increment(price). */
export function nextMinimum(state: LotState, rules: LotRules): Cents {
  if (state.currentPrice === null) return rules.openingBid;
  return state.currentPrice + increment(state.currentPrice, rules.increments);
}

/** `reserveMet` as published: null without a reserve, else whether a leader's price reached it. */
export function reserveMetAt(price: Cents | null, leader: string | null, rules: LotRules): boolean | null {
  if (rules.reserve === null) return null;
  return leader !== null && price !== null && price >= rules.reserve;
}

/**
 * Whether buy now is offered at `at`: the lot is open, has a buy-now price, and has no bid yet (with a
 * reserve: the reserve is not met yet).
 */
export function isBuyNowAvailable(state: LotState, rules: LotRules, at: EpochMs): boolean {
  if (rules.buyNowPrice === null) return false;
  if (state.status !== 'open' || at < state.startsAt || at >= state.endsAt) return false;
  return rules.reserve === null ? state.bidCount === 0 : state.reserveMet !== true;
}

/** Whether bidding is accepted at `at` (status open and `startsAt <= at < endsAt`). */
export function isAcceptingBids(state: LotState, at: EpochMs): boolean {
  return state.status === 'open' && at >= state.startsAt && at < state.endsAt;
}
