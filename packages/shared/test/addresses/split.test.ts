import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { splitByWeight } from '../../src/shipping/split.ts';

describe('splitByWeight: a shared charge split by largest remainder', () => {
  it('splits in proportion, the leftover cents to the largest remainders, ties to the earlier part', () => {
    expect(splitByWeight(9_500, [100_000, 100_000])).toEqual([4_750, 4_750]);
    expect(splitByWeight(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByWeight(24_500, [125_001, 62_503, 30_000])).toEqual([14_080, 7_041, 3_379]);
    expect(splitByWeight(0, [5, 7])).toEqual([0, 0]);
    expect(splitByWeight(7, [0, 0])).toEqual([4, 3]);
    expect(splitByWeight(5, [])).toEqual([]);
  });

  it('shares are whole, never negative, add up exactly, and each is within a cent of its exact share (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000_000_000 }), { minLength: 1, maxLength: 12 }),
        (amount, weights) => {
          const shares = splitByWeight(amount, weights);
          expect(shares).toHaveLength(weights.length);
          expect(shares.reduce((s, x) => s + x, 0)).toBe(amount);
          const total = weights.reduce((s, w) => s + w, 0);
          shares.forEach((share, i) => {
            expect(Number.isInteger(share) && share >= 0).toBe(true);
            const exact = total > 0 ? (amount * weights[i]!) / total : amount / weights.length;
            expect(Math.abs(share - exact)).toBeLessThan(1 + 1e-6 * exact);
          });
        },
      ),
    );
  });
});
