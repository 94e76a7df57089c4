import { BID_RATE_PER_LOT, BID_RATE_PER_USER } from '@knotwork/shared/constants/bid-limits';
import { HttpError } from '../../lib/http-error.ts';
import type { LimitRule, RateLimits } from '../../lib/rate-limit.ts';

const rules = {
  bidLot: BID_RATE_PER_LOT,
  bidUser: BID_RATE_PER_USER,
} satisfies Record<string, LimitRule>;

/** A bid over the caller's budget: answer 429 BID_RATE_LIMITED and say when to try again. */
export interface BidRateLimited {
  retryAfterSeconds: number;
}

/**
 * Spends one bid from the caller's budgets, per lot and over all lots, before the bid reaches the lot's queue:
 * one account sending thousands of bids a minute otherwise keeps a hot lot's row lock busy for every other
 * bidder (issue 7). Shared through Redis like every limit, in process while Redis is away (decision 008).
 * `target` is the id in the URL (the rug's or the lot's): the budget over all lots caps anyone alternating them.
 */
export async function spendBidBudget(
  rateLimits: RateLimits,
  userId: string,
  target: string,
): Promise<BidRateLimited | null> {
  return (
    (await spend(rateLimits, 'bidLot', `${userId}:${target.toLowerCase()}`)) ??
    (await spend(rateLimits, 'bidUser', userId))
  );
}

/** One point of one budget; the wait when it ran out. A module function: a closure per bid showed in its profile. */
async function spend(
  rateLimits: RateLimits,
  name: keyof typeof rules,
  key: string,
): Promise<BidRateLimited | null> {
  try {
    await rateLimits.consume(name, key, rules[name]);
    return null;
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode !== 429) throw err;
    // The window of the budget that ran out: an upper bound on the wait (budgets are fixed windows).
    return { retryAfterSeconds: rules[name].duration };
  }
}
