/** Random terms and lots for the consignment property tests: every kind of term, hammers 0 to 100,000.00. */
import fc from 'fast-check';
import type { CommissionTerms, ConsignmentTerms } from '../../src/consignments/terms.ts';
import { LOT_OUTCOMES, type LotInput } from '../../src/consignments/settlement.ts';

export const MAX_HAMMER = 10_000_000;

export const rateBps = fc.integer({ min: 0, max: 10_000 });
/** Everyday rates (up to 30 %) most of the time, any rate sometimes. */
const likelyRate = fc.oneof(fc.integer({ min: 0, max: 3_000 }), rateBps);
const fee = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50_000 }));

/** A scale of one to five bands: the first from 0, each start above the last. */
export const slidingCommission = fc
  .uniqueArray(fc.integer({ min: 1, max: MAX_HAMMER }), { maxLength: 4 })
  .chain((starts) =>
    fc
      .array(likelyRate, { minLength: starts.length + 1, maxLength: starts.length + 1 })
      .map((rates): CommissionTerms => {
        const froms = [0, ...[...starts].sort((a, b) => a - b)];
        return {
          kind: 'sliding',
          bands: froms.map((fromCents, i) => ({ fromCents, rateBps: rates[i] ?? 0 })),
        };
      }),
  );

export const commission: fc.Arbitrary<CommissionTerms> = fc.oneof(
  likelyRate.map((r): CommissionTerms => ({ kind: 'flat', rateBps: r })),
  slidingCommission,
);

export const terms: fc.Arbitrary<ConsignmentTerms> = fc.record({
  commission,
  // Sometimes above a cheap lot's hammer, to exercise the cap.
  minimumCommissionCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 200_000 })),
  lottingFeeCents: fee,
  photographyFeeCents: fee,
  insuranceRateBps: likelyRate,
  buyInFeeRateBps: likelyRate,
  vatRateBps: likelyRate,
  vatOnCommissionAndFees: fc.boolean(),
  advanceCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5_000_000 })),
});

const amount = fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: MAX_HAMMER }));

export const lot: fc.Arbitrary<LotInput> = fc.record({
  outcome: fc.constantFrom(...LOT_OUTCOMES),
  hammerCents: amount,
  lowEstimateCents: amount,
  reserveCents: amount,
});

export const lots = fc.array(lot, { maxLength: 12 });

export const consignorIds = fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,8}$/), {
  minLength: 1,
  maxLength: 3,
});
