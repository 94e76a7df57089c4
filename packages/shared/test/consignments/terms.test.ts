import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  consignmentTermsMessages as m,
  consignmentTermsOverrideSchema,
  consignmentTermsSchema,
  lotTermsSchema,
  resolveTerms,
  type ConsignmentTerms,
  type LotTerms,
} from '../../src/consignments/terms.ts';
import { terms } from './settlement-arbitraries.ts';

const house: LotTerms = {
  commission: { kind: 'flat', rateBps: 1_500 },
  minimumCommissionCents: 5_000,
  lottingFeeCents: 1_500,
  photographyFeeCents: 2_500,
  insuranceRateBps: 150,
  buyInFeeRateBps: 500,
  vatRateBps: 2_000,
  vatOnCommissionAndFees: true,
};

/** The messages a parse answers, in order. */
const messages = (schema: typeof consignmentTermsSchema | typeof lotTermsSchema, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('consignment terms schema', () => {
  it('accepts every terms the property tests use, unchanged', () => {
    fc.assert(
      fc.property(terms, (t) => {
        expect(consignmentTermsSchema.parse(t)).toEqual(t);
      }),
    );
  });

  it('answers in plain English', () => {
    const full: ConsignmentTerms = { ...house, advanceCents: 0 };
    expect(messages(lotTermsSchema, { ...house, insuranceRateBps: 10_001 })).toEqual([m.rateRange]);
    expect(messages(lotTermsSchema, { ...house, vatRateBps: -1 })).toEqual([m.rateRange]);
    expect(messages(lotTermsSchema, { ...house, buyInFeeRateBps: 2.5 })).toEqual([m.rateWhole]);
    expect(messages(lotTermsSchema, { ...house, lottingFeeCents: 12.5 })).toEqual([m.amount]);
    expect(messages(consignmentTermsSchema, { ...full, advanceCents: -100 })).toEqual([m.amount]);
    const sliding = (bands: { fromCents: number; rateBps: number }[]) => ({
      ...house,
      commission: { kind: 'sliding', bands },
    });
    expect(messages(lotTermsSchema, sliding([]))).toEqual([m.bandsRequired]);
    expect(
      messages(
        lotTermsSchema,
        sliding([
          { fromCents: 0, rateBps: 1_500 },
          { fromCents: 2_000_000, rateBps: 1_200 },
          { fromCents: 500_000, rateBps: 1_000 },
        ]),
      ),
    ).toEqual([m.bandsRise]);
    expect(
      messages(
        lotTermsSchema,
        sliding([
          { fromCents: 0, rateBps: 1_500 },
          { fromCents: 0, rateBps: 1_200 },
        ]),
      ),
    ).toEqual([m.bandsRise]);
    expect(messages(lotTermsSchema, sliding([{ fromCents: 100, rateBps: 1_500 }]))).toEqual([
      m.bandsStartAtZero,
    ]);
    expect(
      messages(
        lotTermsSchema,
        sliding(Array.from({ length: 11 }, (_, i) => ({ fromCents: i * 100, rateBps: 1_000 }))),
      ),
    ).toEqual([m.bandsMax]);
  });

  it('the house defaults hold no advance; a stray field is refused', () => {
    expect(lotTermsSchema.safeParse({ ...house, advanceCents: 0 }).success).toBe(false);
    expect(consignmentTermsSchema.safeParse(house).success).toBe(false);
    expect(consignmentTermsSchema.safeParse({ ...house, advanceCents: 0 }).success).toBe(true);
  });

  it('an override may set any term or none', () => {
    expect(consignmentTermsOverrideSchema.parse({})).toEqual({});
    expect(consignmentTermsOverrideSchema.parse({ vatOnCommissionAndFees: false })).toEqual({
      vatOnCommissionAndFees: false,
    });
    expect(consignmentTermsOverrideSchema.safeParse({ insuranceRateBps: 20_000 }).success).toBe(false);
    expect(consignmentTermsOverrideSchema.safeParse({ surprise: 1 }).success).toBe(false);
  });
});

describe('resolveTerms', () => {
  it('takes the house defaults, and no advance, when the consignment sets nothing', () => {
    expect(resolveTerms(house, {})).toEqual({ ...house, advanceCents: 0 });
  });

  it('each term set replaces the default; one left undefined keeps it; a commission replaces the whole scale', () => {
    const bands = [
      { fromCents: 0, rateBps: 1_500 },
      { fromCents: 500_000, rateBps: 1_200 },
    ];
    expect(
      resolveTerms(house, {
        commission: { kind: 'sliding', bands },
        photographyFeeCents: 0,
        vatOnCommissionAndFees: false,
        advanceCents: 300_000,
        lottingFeeCents: undefined,
      }),
    ).toEqual({
      ...house,
      commission: { kind: 'sliding', bands },
      photographyFeeCents: 0,
      vatOnCommissionAndFees: false,
      advanceCents: 300_000,
    });
  });

  it('whatever is overridden, the result is valid terms', () => {
    fc.assert(
      fc.property(
        terms,
        terms,
        fc.array(fc.constantFrom(...Object.keys(house), 'advanceCents')),
        (a, b, keys) => {
          const { advanceCents: _ignored, ...defaults } = a;
          const override = Object.fromEntries(keys.map((k) => [k, b[k as keyof ConsignmentTerms]]));
          const resolved = resolveTerms(defaults, override);
          expect(consignmentTermsSchema.parse(resolved)).toEqual(resolved);
          for (const k of keys)
            expect(resolved[k as keyof ConsignmentTerms]).toEqual(b[k as keyof ConsignmentTerms]);
        },
      ),
    );
  });
});
