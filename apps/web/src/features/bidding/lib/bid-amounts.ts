import { checkBidAmount, positionFromLot, type BidAmountRefusal } from '@knotwork/shared/bidding/bid-check';
import { increment } from '@knotwork/shared/bidding/increments';
import { BID_UNIT_CENTS, MAX_BID_CENTS } from '@knotwork/shared/bidding/limits';

/**
 * The quick-bid amounts: the next minimum, then two increment steps above it (AUCTION-RULES.md house table).
 * An auction with its own table may accept other steps; any whole amount at or above the minimum is valid, so
 * these are always acceptable bids, only the spacing may differ from that sale's table.
 */
export function quickBidAmounts(nextMinimum: number): number[] {
  const first = nextMinimum;
  const second = first + increment(first);
  const third = second + increment(second);
  return [first, second, third].filter((a) => a <= MAX_BID_CENTS);
}

export type MaxBidProblem =
  'required' | 'notNumber' | 'wholeUnits' | 'belowMinimum' | 'notAboveMax' | 'tooHigh';

const PROBLEM_OF: Record<BidAmountRefusal, MaxBidProblem> = {
  BID_NOT_WHOLE_UNIT: 'wholeUnits',
  BID_TOO_HIGH: 'tooHigh',
  NOT_ABOVE_YOUR_MAX: 'notAboveMax',
  BID_TOO_LOW: 'belowMinimum',
};

/**
 * The maximum typed in the field (dollars, whole units: "1,250" or "$1250") as cents, or why it cannot be bid.
 * The amount goes through the engine's own check (checkBidAmount), so the field refuses exactly what the server
 * would: a leader raising their maximum must go above it and still reach the next minimum.
 */
export function parseMaxBid(
  input: string,
  nextMinimum: number,
  myMaxBid: number | null | undefined,
  leading: boolean,
): { cents: number } | { problem: MaxBidProblem } {
  const cleaned = input.replace(/[\s,$]/g, '');
  if (cleaned === '') return { problem: 'required' };
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return { problem: 'notNumber' };
  const value = Number(cleaned);
  if (!Number.isInteger(value)) return { problem: 'wholeUnits' };
  const cents = value * BID_UNIT_CENTS;
  const problem = checkBidAmount(cents, positionFromLot({ nextMinimumBid: nextMinimum, leading, myMaxBid }));
  return problem ? { problem: PROBLEM_OF[problem] } : { cents };
}

/** Cents as the whole dollars a field shows ("1250"). */
export const centsToDollarInput = (cents: number) => String(Math.ceil(cents / BID_UNIT_CENTS));

/** `?bid=1250` (dollars) from a "bid again" link, as cents; null when absent or not a whole positive amount. */
export function prefillFromQuery(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const cents = Number(value) * BID_UNIT_CENTS;
  return cents > 0 && cents <= MAX_BID_CENTS ? cents : null;
}
