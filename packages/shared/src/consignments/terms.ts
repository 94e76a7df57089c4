/**
 * What a consignor pays the house (issue 27, decision 085): the seller's commission, flat or on a sliding scale,
 * its minimum per lot, the per-lot fees, insurance, the buy-in fee, VAT, and an advance against proceeds. Money is
 * integer cents and every rate integer basis points (100 bps = 1 %), so no float is ever stored. One schema serves
 * the Settings form, route validation and the API document.
 */
import { z } from 'zod';
import { MAX_BID_CENTS } from '../bidding/limits.ts';
import { BPS_PER_WHOLE } from './percent-of.ts';

export const consignmentTermsMessages = {
  rateRange: 'A rate is between 0% and 100%',
  rateWhole: 'A rate is a whole number of basis points (100 = 1%)',
  amount: 'An amount is whole cents, from 0 up to 10,000,000.00',
  bandsRequired: 'Give at least one commission band',
  bandsMax: 'A sliding scale has at most 10 commission bands',
  bandsStartAtZero: 'The first commission band starts at 0',
  bandsRise: 'Commission bands must rise',
} as const;
const m = consignmentTermsMessages;

/** Up to the largest hammer a lot can reach: a band or a fee above it could never apply. */
const cents = z.number({ error: m.amount }).int(m.amount).min(0, m.amount).max(MAX_BID_CENTS, m.amount);
const rateBps = z
  .number({ error: m.rateRange })
  .int(m.rateWhole)
  .min(0, m.rateRange)
  .max(BPS_PER_WHOLE, m.rateRange);

/** A band of a sliding scale: `rateBps` applies to the part of the hammer from `fromCents` up to the next band. */
const commissionBandSchema = z.object({ fromCents: cents, rateBps }).strict();

const flatCommissionSchema = z.object({ kind: z.literal('flat'), rateBps }).strict();

/**
 * Bands are marginal, like tax brackets (decision 085): 15 % from 0, 12 % from 5,000.00, 10 % from 20,000.00 takes
 * 15 % of the first 5,000.00 of a hammer, 12 % of the part between, 10 % of the rest, so commission never jumps
 * down when a hammer crosses a band. The first band starts at 0 so every cent of a hammer has a rate.
 */
const slidingCommissionSchema = z
  .object({
    kind: z.literal('sliding'),
    bands: z
      .array(commissionBandSchema)
      .min(1, m.bandsRequired)
      .max(10, m.bandsMax)
      .superRefine((bands, ctx) => {
        if (bands[0] && bands[0].fromCents !== 0)
          ctx.addIssue({ code: 'custom', message: m.bandsStartAtZero, path: [0, 'fromCents'] });
        bands.forEach((band, i) => {
          const before = bands[i - 1];
          if (before && band.fromCents <= before.fromCents)
            ctx.addIssue({ code: 'custom', message: m.bandsRise, path: [i, 'fromCents'] });
        });
      }),
  })
  .strict();

export const commissionSchema = z.discriminatedUnion('kind', [flatCommissionSchema, slidingCommissionSchema]);

const lotTermsShape = {
  commission: commissionSchema,
  /** Per sold lot; the commission is raised to it, but never above the hammer. */
  minimumCommissionCents: cents,
  /** Per lot entered, sold or not. */
  lottingFeeCents: cents,
  /** Per lot entered, sold or not. */
  photographyFeeCents: cents,
  /** Of the hammer for a sold lot, of the low estimate for an unsold one. */
  insuranceRateBps: rateBps,
  /** Of the reserve, for a lot that does not sell. */
  buyInFeeRateBps: rateBps,
  vatRateBps: rateBps,
  /** False when the consignor is not charged VAT (the house is not registered, or the consignor is outside it). */
  vatOnCommissionAndFees: z.boolean(),
};

/** Every term but the advance: the house's defaults in Settings are one of these. */
export const lotTermsSchema = z.object(lotTermsShape).strict().meta({ id: 'ConsignmentLotTerms' });

/** The terms of one consignment: the house's defaults with its overrides, and the advance paid against it. */
export const consignmentTermsSchema = z
  .object({
    ...lotTermsShape,
    /** Paid to the consignor before the sale, recovered from the proceeds. */
    advanceCents: cents,
  })
  .strict()
  .meta({ id: 'ConsignmentTerms' });

/** What a consignment changes of the house's defaults: any term, or none. A commission replaces the whole scale. */
export const consignmentTermsOverrideSchema = consignmentTermsSchema
  .partial()
  .strict()
  .meta({ id: 'ConsignmentTermsOverride' });

export type CommissionBand = z.infer<typeof commissionBandSchema>;
export type CommissionTerms = z.infer<typeof commissionSchema>;
export type LotTerms = z.infer<typeof lotTermsSchema>;
export type ConsignmentTerms = z.infer<typeof consignmentTermsSchema>;
export type ConsignmentTermsOverride = z.infer<typeof consignmentTermsOverrideSchema>;

/**
 * A consignment's terms: the house's defaults, then each term the consignment sets. A term given as `undefined`
 * keeps the default (a form's untouched field), and the advance is 0 unless the consignment sets one.
 */
export function resolveTerms(houseDefaults: LotTerms, override: ConsignmentTermsOverride): ConsignmentTerms {
  const set = Object.fromEntries(
    Object.entries(override).filter(([, value]) => value !== undefined),
  ) as ConsignmentTermsOverride;
  return { ...houseDefaults, advanceCents: 0, ...set };
}
