import { describe, expect, it } from 'vitest';
import { buyersPremium } from '../../../src/modules/commerce/orders/pricing.ts';

describe('buyersPremium: integer basis points, half a cent rounds up', () => {
  it('exact half cents round up', () => {
    expect(buyersPremium(100_100, 12.5)).toBe(12_513); // 12,512.5 -> 12,513
    expect(buyersPremium(1, 50)).toBe(1); // 0.5 -> 1
    expect(buyersPremium(3, 50)).toBe(2); // 1.5 -> 2
    expect(buyersPremium(201, 25)).toBe(50); // 50.25 -> 50
    expect(buyersPremium(202, 25)).toBe(51); // 50.5 -> 51
    expect(buyersPremium(50, 1)).toBe(1); // 0.5 -> 1
    expect(buyersPremium(150, 1)).toBe(2); // 1.5 -> 2
  });

  it('cases floating point gets wrong (the old Math.round(hammer * pct / 100) rounded these down)', () => {
    // 24.99% of $50.00 = 1,249.5 cents; in floating point 5000 * 24.99 / 100 = 1249.4999999999998.
    expect((5000 * 24.99) / 100).toBeLessThan(1249.5);
    expect(buyersPremium(5_000, 24.99)).toBe(1_250);
    // 20.15% of $30.00 = 604.5 cents (float: 604.4999999999999).
    expect(buyersPremium(3_000, 20.15)).toBe(605);
    // 0.35% of $110.00 = 38.5 cents (float: 38.49999999999999).
    expect(buyersPremium(11_000, 0.35)).toBe(39);
    // 0.07% of $50,000 = 3,500 cents exactly (0.07 * 100 is 7.000000000000001 in floating point).
    expect(buyersPremium(5_000_000, 0.07)).toBe(3_500);
  });

  it('just below and above a half cent', () => {
    expect(buyersPremium(4_999, 0.01)).toBe(0); // 0.4999
    expect(buyersPremium(5_000, 0.01)).toBe(1); // 0.5
    expect(buyersPremium(14_999, 0.01)).toBe(1); // 1.4999
    expect(buyersPremium(15_000, 0.01)).toBe(2); // 1.5
  });

  it('usual rates and the ends of the range', () => {
    expect(buyersPremium(55_000, 25)).toBe(13_750);
    expect(buyersPremium(55_000, 0)).toBe(0);
    expect(buyersPremium(55_000, 100)).toBe(55_000);
    expect(buyersPremium(0, 25)).toBe(0);
    // A hammer so large that hammer * basis points passes 2^53 stays exact.
    expect(buyersPremium(9_007_199_254_740_991, 12.5)).toBe(1_125_899_906_842_624); // ...3.875 -> ...4
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => buyersPremium(100.5, 25)).toThrow(RangeError);
    expect(() => buyersPremium(-1, 25)).toThrow(RangeError);
    expect(() => buyersPremium(100, Number.NaN)).toThrow(RangeError);
  });
});
