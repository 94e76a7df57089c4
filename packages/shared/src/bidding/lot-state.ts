import { increment, tableOrDefault } from './increments.ts';
import type { Cents, EpochMs, IncrementTable, LotRules, LotState, LotStatus } from './types.ts';

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
  return nextMinimumBid(rules.openingBid, state.currentPrice, rules.increments);
}

/**
 * The same from a lot's columns (readers without the engine state): the opening bid while `currentPrice` is
 * null, else price + increment(price). An auction without its own table (null or empty) uses the default one.
 */
export function nextMinimumBid(
  openingBid: Cents,
  currentPrice: Cents | null,
  table: IncrementTable | null,
): Cents {
  if (currentPrice === null) return openingBid;
  return currentPrice + increment(currentPrice, tableOrDefault(table));
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
  return buyNowOffered({
    open: isAcceptingBids(state, at),
    buyNowPrice: rules.buyNowPrice,
    reserve: rules.reserve,
    reserveMet: state.reserveMet,
    bidCount: state.bidCount,
  });
}

/**
 * The buy-now rule over plain facts (AUCTION-RULES.md "Buy now"), for the engine and for readers of a lot's
 * columns: `open` is whether the lot takes bids now (for a reader: its effective status is `open`).
 */
export function buyNowOffered(lot: {
  open: boolean;
  buyNowPrice: Cents | null;
  reserve: Cents | null;
  reserveMet: boolean | null;
  bidCount: number;
}): boolean {
  if (!lot.open || lot.buyNowPrice === null) return false;
  return lot.reserve === null ? lot.bidCount === 0 : lot.reserveMet !== true;
}

/** Whether bidding is accepted at `at` (status open and `startsAt <= at < endsAt`). */
export function isAcceptingBids(state: LotState, at: EpochMs): boolean {
  return state.status === 'open' && at >= state.startsAt && at < state.endsAt;
}
