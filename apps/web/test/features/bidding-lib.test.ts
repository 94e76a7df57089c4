import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkBidAmount, positionFromLot } from '@knotwork/shared/bidding/bid-check';
import { increment } from '@knotwork/shared/bidding/increments';
import { BID_UNIT_CENTS, MAX_BID_CENTS } from '@knotwork/shared/bidding/limits';
import type { Lot, RugDetail } from '@knotwork/shared/schemas/catalogue';
import {
  centsToDollarInput,
  parseMaxBid,
  prefillFromQuery,
  quickBidAmounts,
} from '@/features/bidding/lib/bid-amounts.ts';
import { formatExtension } from '@/features/bidding/lib/countdown.ts';
import { publicLotPatch } from '@/features/bidding/lib/lot-patch.ts';
import { purchaseOffer } from '@/features/buy-now/lib/purchase-price.ts';

describe('bid form amounts', () => {
  it('reads whole dollars with commas and a dollar sign, and refuses the rest', () => {
    expect(parseMaxBid('$1,250', 100_00, null, false)).toEqual({ cents: 1250_00 });
    expect(parseMaxBid('  ', 100_00, null, false)).toEqual({ problem: 'required' });
    expect(parseMaxBid('12a', 100_00, null, false)).toEqual({ problem: 'notNumber' });
    expect(parseMaxBid('100.5', 100_00, null, false)).toEqual({ problem: 'wholeUnits' });
    expect(parseMaxBid('99', 100_00, null, false)).toEqual({ problem: 'belowMinimum' });
  });

  it('a leader raising their maximum must go above it and still reach the next minimum (the old form skipped this)', () => {
    // Leading at a maximum of 500 with the next minimum at 700: 600 is above the maximum but below the minimum.
    expect(parseMaxBid('600', 700_00, 500_00, true)).toEqual({ problem: 'belowMinimum' });
    expect(parseMaxBid('500', 300_00, 500_00, true)).toEqual({ problem: 'notAboveMax' });
    expect(parseMaxBid('700', 700_00, 500_00, true)).toEqual({ cents: 700_00 });
  });

  it('refuses exactly what the engine check refuses', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null }),
        fc.boolean(),
        (dollars, minDollars, maxDollars, leading) => {
          const nextMinimum = minDollars * BID_UNIT_CENTS;
          const myMax = maxDollars === null ? null : maxDollars * BID_UNIT_CENTS;
          const parsed = parseMaxBid(String(dollars), nextMinimum, myMax, leading);
          const refusal = checkBidAmount(
            dollars * BID_UNIT_CENTS,
            positionFromLot({ nextMinimumBid: nextMinimum, leading, myMaxBid: myMax }),
          );
          expect('cents' in parsed).toBe(refusal === null);
        },
      ),
    );
  });

  it('quick bids start at the next minimum and step by the house increments, never above the maximum bid', () => {
    expect(quickBidAmounts(100_00)).toEqual([
      100_00,
      100_00 + increment(100_00),
      100_00 + increment(100_00) + increment(100_00 + increment(100_00)),
    ]);
    expect(quickBidAmounts(MAX_BID_CENTS).every((a) => a <= MAX_BID_CENTS)).toBe(true);
  });

  it('prefills only whole positive amounts and shows cents as whole dollars', () => {
    expect(prefillFromQuery('1250')).toBe(1250 * BID_UNIT_CENTS);
    expect(prefillFromQuery('0')).toBeNull();
    expect(prefillFromQuery('-5')).toBeNull();
    expect(prefillFromQuery('12.5')).toBeNull();
    expect(prefillFromQuery(null)).toBeNull();
    expect(centsToDollarInput(1250_01)).toBe('1251');
  });
});

describe('live lot patches', () => {
  it("never takes the caller's own fields from a public payload", () => {
    const lot: Partial<Lot> = { currentBid: 500, leading: true, myMaxBid: 900, liked: true };
    const patch = publicLotPatch(lot as Lot);
    expect(patch).toEqual({ currentBid: 500 });
  });

  it('splits a soft-close extension into minutes and seconds', () => {
    expect(formatExtension(125_000)).toEqual({ minutes: 2, seconds: 5 });
  });
});

describe('buy-now page offer', () => {
  const lot = {
    status: 'open',
    outcome: null,
    startsAt: '2026-01-01T10:00:00.000Z',
    endsAt: '2026-01-01T12:00:00.000Z',
    serverNow: '2026-01-01T11:00:00.000Z',
    buyNowPrice: 5000_00,
  } as Lot;
  const rug = (over: Partial<RugDetail>) =>
    ({ lot: null, fixedPrice: null, availability: 'sold', ...over }) as RugDetail;

  it("offers the lot's price while it is open at the payload's time, else the fixed price, else nothing", () => {
    expect(purchaseOffer(rug({ lot }))).toEqual({ kind: 'lot', price: 5000_00 });
    expect(purchaseOffer(rug({ lot: { ...lot, buyNowPrice: null } }))).toBeNull();
    expect(purchaseOffer(rug({ lot: { ...lot, serverNow: '2026-01-01T12:00:00.000Z' } }))).toBeNull();
    expect(purchaseOffer(rug({ fixedPrice: 900_00, availability: 'buyNow' }))).toEqual({
      kind: 'fixed',
      price: 900_00,
    });
    expect(purchaseOffer(rug({ fixedPrice: 900_00 }))).toBeNull();
  });
});
