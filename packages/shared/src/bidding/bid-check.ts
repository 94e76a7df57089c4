/**
 * The one check of a bid's amount (AUCTION-RULES.md "Money" and "Proxy (maximum) bidding"): the engine refuses
 * with it and the web form answers in the field with it, so the form never accepts an amount the server refuses.
 */
import { BID_UNIT_CENTS, MAX_BID_CENTS } from './limits.ts';
import { nextMinimum } from './lot-state.ts';
import type { RefusalCode } from './refusals.ts';
import type { BidderId, Cents, LotRules, LotState } from './types.ts';

/** The refusals that depend on the amount alone and where the bidder stands. */
export type BidAmountRefusal = Extract<
  RefusalCode,
  'BID_NOT_WHOLE_UNIT' | 'BID_TOO_HIGH' | 'NOT_ABOVE_YOUR_MAX' | 'BID_TOO_LOW'
>;

/** Where a bidder stands on a lot, as far as the amount check needs it. */
export interface BidderPosition {
  /**
   * The lot's next minimum (the lot payload's `nextMinimumBid`). Null skips that check: only for a bid the engine
   * re-applies after a void (engine.ts `recompute`), which passed it when it was accepted.
   */
  nextMinimum: Cents | null;
  /** The bidder's own maximum when they are the leader; null for everyone else. */
  leaderMax: Cents | null;
}

/**
 * Why `amount` (cents, the bidder's maximum) cannot be bid, or null when it can. In this order: a whole number of
 * currency units, at most the cap, a leader's raise above their own maximum, and at least the next minimum,
 * for everyone: the leader raising their maximum too (AUCTION-RULES.md: "a bid is ... at least the lot's next
 * minimum").
 */
export function checkBidAmount(amount: Cents, position: BidderPosition): BidAmountRefusal | null {
  if (!Number.isSafeInteger(amount) || amount % BID_UNIT_CENTS !== 0) return 'BID_NOT_WHOLE_UNIT';
  if (amount > MAX_BID_CENTS) return 'BID_TOO_HIGH';
  if (position.leaderMax !== null && amount <= position.leaderMax) return 'NOT_ABOVE_YOUR_MAX';
  if (position.nextMinimum !== null && amount < position.nextMinimum) return 'BID_TOO_LOW';
  return null;
}

/** A bidder's position from the engine state. */
export function positionInState(state: LotState, rules: LotRules, bidderId: BidderId): BidderPosition {
  return {
    nextMinimum: nextMinimum(state, rules),
    leaderMax: state.leader === bidderId ? state.leaderMax : null,
  };
}

/**
 * A caller's position from a lot payload: `nextMinimumBid`, and `leading`/`myMaxBid`, which only the caller's own
 * requests carry. A maximum that no longer leads does not bind its bidder.
 */
export function positionFromLot(lot: {
  nextMinimumBid: Cents;
  leading?: boolean | undefined;
  myMaxBid?: Cents | null | undefined;
}): BidderPosition {
  return { nextMinimum: lot.nextMinimumBid, leaderMax: lot.leading ? (lot.myMaxBid ?? null) : null };
}
