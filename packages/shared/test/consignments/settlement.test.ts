import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { percentOf, roundBpsProduct } from '../../src/consignments/percent-of.ts';
import { commissionOn, scaleCommission } from '../../src/consignments/commission.ts';
import {
  chargesOf,
  feesOf,
  reverseLines,
  settleConsignment,
  settleLot,
  sumLines,
  type SettlementLines,
} from '../../src/consignments/settlement.ts';
import { MAX_HAMMER, lot, lots, rateBps, slidingCommission, terms } from './settlement-arbitraries.ts';

const hammer = fc.integer({ min: 0, max: MAX_HAMMER });
const splitsExactly = (l: SettlementLines) => l.hammerCents === l.netCents + chargesOf(l);

describe('percentOf: one rounding, half up (decision 085)', () => {
  it('is the nearest cent, and an exact half cent goes up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), rateBps, (cents, bps) => {
        const r = percentOf(cents, bps);
        const off = cents * bps - r * 10_000; // exact: at most 1e13, well inside 2^53
        expect(Number.isInteger(r)).toBe(true);
        expect(off).toBeGreaterThanOrEqual(-5_000);
        expect(off).toBeLessThan(5_000);
      }),
    );
  });

  it('examples: halves go up, not to even', () => {
    expect(percentOf(100, 150)).toBe(2); // 1.5 -> 2
    expect(percentOf(5, 5_000)).toBe(3); // 2.5 -> 3 (half even would say 2)
    expect(percentOf(3, 5_000)).toBe(2); // 1.5 -> 2
    expect(percentOf(1, 4_999)).toBe(0); // 0.4999 -> 0
    expect(percentOf(100_501, 1_000)).toBe(10_050); // 10,050.1 -> 10,050
    expect(percentOf(0, 10_000)).toBe(0);
    expect(percentOf(1_000_000_000, 10_000)).toBe(1_000_000_000);
    expect(roundBpsProduct(15_000n)).toBe(2);
  });

  it('refuses what it cannot round exactly', () => {
    expect(() => percentOf(-1, 100)).toThrow(RangeError);
    expect(() => percentOf(1.5, 100)).toThrow(RangeError);
    expect(() => percentOf(100, 10_001)).toThrow(RangeError);
    expect(() => percentOf(100, 12.5)).toThrow(RangeError);
    expect(() => roundBpsProduct(-1n)).toThrow(RangeError);
  });
});

describe('commission: marginal bands, minimum, cap', () => {
  it('a scale of one band is a flat rate', () => {
    fc.assert(
      fc.property(rateBps, hammer, (rate, h) => {
        expect(scaleCommission({ kind: 'sliding', bands: [{ fromCents: 0, rateBps: rate }] }, h)).toBe(
          scaleCommission({ kind: 'flat', rateBps: rate }, h),
        );
      }),
    );
  });

  it('never falls as the hammer rises, and one more cent of hammer adds at most one cent (no cliff at a band)', () => {
    fc.assert(
      fc.property(slidingCommission, fc.integer({ min: 0, max: MAX_HAMMER - 1 }), (scale, h) => {
        const step = scaleCommission(scale, h + 1) - scaleCommission(scale, h);
        expect(step === 0 || step === 1).toBe(true);
      }),
    );
  });

  it('at a band edge, charges every band below it in full', () => {
    fc.assert(
      fc.property(slidingCommission, (scale) => {
        const bands = scale.kind === 'sliding' ? scale.bands : [];
        let exact = 0n; // cents x bps of the full bands below the edge
        bands.forEach((band, i) => {
          expect(scaleCommission(scale, band.fromCents)).toBe(Number((exact + 5_000n) / 10_000n));
          const next = bands[i + 1];
          if (next) exact += BigInt(next.fromCents - band.fromCents) * BigInt(band.rateBps);
        });
      }),
    );
  });

  it('15% to 5,000.00, 12% to 20,000.00, 10% above: marginal, like tax brackets', () => {
    const scale = {
      kind: 'sliding' as const,
      bands: [
        { fromCents: 0, rateBps: 1_500 },
        { fromCents: 500_000, rateBps: 1_200 },
        { fromCents: 2_000_000, rateBps: 1_000 },
      ],
    };
    expect(scaleCommission(scale, 400_000)).toBe(60_000); // 15% of 4,000.00
    expect(scaleCommission(scale, 500_000)).toBe(75_000); // 15% of 5,000.00
    expect(scaleCommission(scale, 500_100)).toBe(75_012); // 75,000 + 12% of 100
    expect(scaleCommission(scale, 2_500_000)).toBe(305_000); // 75,000 + 180,000 + 10% of 500,000
    expect(scaleCommission(scale, 500_001)).toBe(75_000); // 75,000 + 0.12 = 75,000.12 -> 75,000
    // One rounding of the exact sum, not one per band: 0.5% of 100 twice is 0.5 + 0.5 = 1 cent, where rounding
    // each band's part would have charged 1 + 1 = 2.
    const halves = {
      kind: 'sliding' as const,
      bands: [0, 100].map((fromCents) => ({ fromCents, rateBps: 50 })),
    };
    expect(scaleCommission(halves, 200)).toBe(1);
  });

  it('a sold lot pays the scale raised to the minimum, never more than its hammer', () => {
    fc.assert(
      fc.property(terms, hammer, (t, h) => {
        const c = commissionOn(t, h);
        expect(c).toBe(Math.min(h, Math.max(scaleCommission(t.commission, h), t.minimumCommissionCents)));
        expect(c).toBeGreaterThanOrEqual(Math.min(t.minimumCommissionCents, h));
        expect(c).toBeLessThanOrEqual(h);
      }),
    );
  });
});

describe('settleLot', () => {
  it('splits to the cent: hammer = net + commission + fees + VAT, every line whole cents', () => {
    fc.assert(
      fc.property(terms, lot, (t, l) => {
        const { lines } = settleLot(t, l);
        for (const v of Object.values(lines)) expect(Number.isSafeInteger(v)).toBe(true);
        expect(splitsExactly(lines)).toBe(true);
      }),
    );
  });

  it('no charge is ever negative; the commission never exceeds the hammer', () => {
    fc.assert(
      fc.property(terms, lot, (t, l) => {
        const { lines } = settleLot(t, l);
        for (const key of [
          'hammerCents',
          'commissionCents',
          'lottingFeeCents',
          'photographyFeeCents',
          'insuranceCents',
          'buyInFeeCents',
          'vatCents',
        ] as const)
          expect(lines[key]).toBeGreaterThanOrEqual(0);
        expect(lines.commissionCents).toBeLessThanOrEqual(lines.hammerCents);
      }),
    );
  });

  it('sold: commission with its minimum, insurance on the hammer, no buy-in fee', () => {
    fc.assert(
      fc.property(terms, lot, (t, l) => {
        const { lines } = settleLot(t, { ...l, outcome: 'sold' });
        expect(lines.hammerCents).toBe(l.hammerCents);
        expect(lines.commissionCents).toBe(commissionOn(t, l.hammerCents));
        expect(lines.commissionCents).toBeGreaterThanOrEqual(
          Math.min(t.minimumCommissionCents, l.hammerCents),
        );
        expect(lines.insuranceCents).toBe(percentOf(l.hammerCents, t.insuranceRateBps));
        expect(lines.buyInFeeCents).toBe(0);
        // Only the fixed fees and their VAT can take a sold lot below zero.
        if (feesOf(lines) === 0 && lines.vatCents === 0) expect(lines.netCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('unsold or passed: nothing collected, insurance on the low estimate, buy-in fee on the reserve, net = -(fees + VAT)', () => {
    fc.assert(
      fc.property(terms, lot, (t, l) => {
        const unsold = settleLot(t, { ...l, outcome: 'unsold' }).lines;
        const passed = settleLot(t, { ...l, outcome: 'passed' }).lines;
        expect(passed).toEqual(unsold);
        expect(unsold.hammerCents).toBe(0);
        expect(unsold.commissionCents).toBe(0);
        expect(unsold.insuranceCents).toBe(percentOf(l.lowEstimateCents, t.insuranceRateBps));
        expect(unsold.buyInFeeCents).toBe(percentOf(l.reserveCents, t.buyInFeeRateBps));
        expect(unsold.netCents).toBe(0 - (feesOf(unsold) + unsold.vatCents));
        expect(unsold.netCents).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('VAT is its rate of commission plus fees, rounded once, or nothing when the consignor is not charged VAT', () => {
    fc.assert(
      fc.property(terms, lot, (t, l) => {
        const { lines } = settleLot(t, l);
        expect(lines.vatCents).toBe(
          t.vatOnCommissionAndFees ? percentOf(lines.commissionCents + feesOf(lines), t.vatRateBps) : 0,
        );
      }),
    );
  });

  it('keeps the lot id, and refuses amounts that are not whole cents', () => {
    const t = fc.sample(terms, { numRuns: 1, seed: 1 })[0]!;
    const base = { outcome: 'sold' as const, hammerCents: 100, lowEstimateCents: 0, reserveCents: 0 };
    expect(settleLot(t, { ...base, lotId: 'lot-7' }).lotId).toBe('lot-7');
    expect('lotId' in settleLot(t, base)).toBe(false);
    expect(() => settleLot(t, { ...base, hammerCents: -1 })).toThrow(RangeError);
    expect(() => settleLot(t, { ...base, reserveCents: 0.5 })).toThrow(RangeError);
    // @ts-expect-error an outcome from outside the list
    expect(() => settleLot(t, { ...base, outcome: 'withdrawn' })).toThrow(RangeError);
  });
});

describe('reverseLines', () => {
  it('negates every line: original plus reversal is zero, and the reversal still splits exactly', () => {
    fc.assert(
      fc.property(terms, lot, (t, l) => {
        const { lines } = settleLot(t, l);
        const reversed = reverseLines(lines);
        expect(splitsExactly(reversed)).toBe(true);
        for (const v of Object.values(sumLines([lines, reversed]))) expect(v).toBe(0);
        expect(reverseLines(reversed)).toEqual(lines);
      }),
    );
  });
});

describe('settleConsignment', () => {
  it('sums its lots and takes off the advance; what is left is paid, or carried as a debit', () => {
    fc.assert(
      fc.property(terms, lots, (t, ls) => {
        const s = settleConsignment(t, ls);
        const each = ls.map((l) => settleLot(t, l).lines);
        expect(s.lots.map((x) => x.lines)).toEqual(each);
        expect(s.totals).toEqual(sumLines(each));
        expect(splitsExactly(s.totals)).toBe(true);
        expect(s.advanceRecoveredCents).toBe(t.advanceCents);
        expect(s.balanceCents).toBe(s.totals.netCents - t.advanceCents);
        expect(s.payableCents - s.debitCarriedCents).toBe(s.balanceCents);
        expect(s.payableCents).toBeGreaterThanOrEqual(0);
        expect(s.debitCarriedCents).toBeGreaterThanOrEqual(0);
        expect(s.payableCents === 0 || s.debitCarriedCents === 0).toBe(true);
      }),
    );
  });

  it('recovers only what is still outstanding when told, and refuses a negative advance', () => {
    fc.assert(
      fc.property(terms, lots, fc.integer({ min: 0, max: 5_000_000 }), (t, ls, outstanding) => {
        const s = settleConsignment(t, ls, outstanding);
        expect(s.advanceRecoveredCents).toBe(outstanding);
        expect(s.balanceCents).toBe(s.totals.netCents - outstanding);
      }),
    );
    const t = fc.sample(terms, { numRuns: 1, seed: 2 })[0]!;
    expect(() => settleConsignment(t, [], -1)).toThrow(RangeError);
  });
});
