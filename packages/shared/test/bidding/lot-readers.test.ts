/**
 * The rules a lot's readers derive from its columns (the lot payload: next minimum, buy-now availability,
 * pseudonyms) agree with the engine that moves the lot, over random sales.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_INCREMENTS } from '@knotwork/shared/bidding/increments';
import { effectiveLotStatus } from '@knotwork/shared/bidding/lot-phase';
import {
  buyNowOffered,
  isBuyNowAvailable,
  nextMinimum,
  nextMinimumBid,
} from '@knotwork/shared/bidding/lot-state';
import {
  bidderNumbers,
  bidderNumbersInState,
  bidderPseudonym,
  pseudonymOf,
} from '@knotwork/shared/bidding/pseudonyms';
import { replay, voidBid } from '@knotwork/shared/bidding/replay';
import type { BidAction } from '@knotwork/shared/bidding/types';
import { u } from './helpers.ts';
import { acceptedBids, saleArb, simulate } from './sale-sim.ts';

const NUM_RUNS = 300;

describe('next minimum from the columns', () => {
  it('uses the default table when the auction has none', () => {
    expect(nextMinimumBid(u(100), null, null)).toBe(u(100));
    expect(nextMinimumBid(u(100), u(300), null)).toBe(u(320));
    expect(nextMinimumBid(u(100), u(1000), [])).toBe(u(1100));
    expect(nextMinimumBid(u(100), u(300), [{ from: 0, increment: u(5) }])).toBe(u(305));
    expect(nextMinimumBid(u(100), u(300), DEFAULT_INCREMENTS)).toBe(u(320));
  });

  it('agrees with the engine after every bid', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(saleArb(true), (sale) => {
        for (const { before } of simulate(sale).steps) {
          const { rules } = sale;
          expect(nextMinimumBid(rules.openingBid, before.currentPrice, rules.increments)).toBe(
            nextMinimum(before, rules),
          );
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('buy-now availability from the columns', () => {
  it('agrees with the engine at every step of an open lot', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(saleArb(true), (sale) => {
        const { rules } = sale;
        for (const { action, before } of simulate(sale).steps) {
          if (before.status !== 'open' || !('at' in action)) continue;
          const at = action.at;
          // As the lot mapper reads a row: the effective status and the stored reserveMet (false without reserve).
          const offered = buyNowOffered({
            open: effectiveLotStatus(before, at) === 'open',
            buyNowPrice: rules.buyNowPrice,
            reserve: rules.reserve,
            reserveMet: before.reserveMet === true,
            bidCount: before.bidCount,
          });
          expect(offered).toBe(isBuyNowAvailable(before, rules, at));
        }
      }),
      { numRuns: NUM_RUNS },
    );
  });
});

describe('pseudonyms', () => {
  it('read "Bidder N"', () => {
    expect(bidderPseudonym(3)).toBe('Bidder 3');
    expect(
      pseudonymOf(
        new Map([
          ['a', 1],
          ['b', 2],
        ]),
        'b',
      ),
    ).toBe('Bidder 2');
  });

  it(
    'number the same from the history and from the engine state, before and after a void',
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(saleArb(false), fc.nat(), (sale, pick) => {
          const { rules } = sale;
          const { initial, steps } = simulate(sale);
          const accepted = acceptedBids(steps).map((s) => s.action);
          const before = replay(rules, initial, accepted);
          expect(bidderNumbers(before.history)).toEqual(bidderNumbersInState(before.state));
          const target: BidAction | undefined = accepted[pick % Math.max(1, accepted.length)];
          if (!target?.bidId || before.state.status !== 'open') return;
          const after = voidBid(rules, initial, before.accepted, target.bidId);
          expect(bidderNumbers(after.history)).toEqual(bidderNumbersInState(after.state));
        }),
        { numRuns: NUM_RUNS },
      );
    },
  );
});
