/**
 * Deposits that set a bidding limit (issue 28 §2, decision 091): a card hold the collector places with their saved
 * card, or a bank transfer staff record. While held, a deposit raises the bidder's limit to the deposit times the
 * house's multiple (packages/shared/src/bidding/exposure.ts `limitFromDeposit`).
 */
import { z } from 'zod';
import { depositMessages as m } from '../messages/deposits.ts';
import { textField } from './text.ts';

export { depositMessages } from '../messages/deposits.ts';

export const DEPOSIT_KINDS = ['card_hold', 'bank_transfer'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];
/** A deposit's state: the last event it had (a card that failed never held anything). */
export const DEPOSIT_STATES = ['held', 'released', 'applied_to_order', 'refunded', 'failed'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];
export const LIMIT_SOURCES = ['staff', 'deposit', 'registration'] as const;

/** Whole currency units in cents, from 1 unit up to 1,000,000,000 units. */
const amountCents = z
  .number({ error: m.amountInvalid })
  .int(m.amountInvalid)
  .min(100, m.amountInvalid)
  .max(100_000_000_000, m.amountInvalid)
  .multipleOf(100, m.amountInvalid);

export const depositSchema = z
  .object({
    id: textField(),
    /** The sale it is for; null: house-wide. */
    auctionId: textField().nullable(),
    saleTitle: textField().nullable(),
    kind: z.enum(DEPOSIT_KINDS),
    amountCents: z.number().int(),
    currency: textField(),
    state: z.enum(DEPOSIT_STATES),
    /** The bank's reference (bank transfers); a failed card's reason code. */
    reference: textField().nullable(),
    createdAt: textField(),
    /** When it stopped being held (or failed); null while held. */
    endedAt: textField().nullable(),
    /** The order it was applied to. */
    orderId: textField().nullable(),
  })
  .meta({ id: 'Deposit' });
export type Deposit = z.infer<typeof depositSchema>;

/** A bidder's deposits and the limit they give, as the collector (and staff) see them. */
export const depositSummarySchema = z
  .object({
    deposits: z.array(depositSchema),
    /** What is held now, in cents, and the limit it gives (heldCents x multiple). */
    heldCents: z.number().int(),
    depositLimitCents: z.number().int(),
    multiple: z.number().int(),
    /** The bidder's limit now (null: none) and who set it. */
    limitCents: z.number().int().nullable(),
    limitSource: z.enum(LIMIT_SOURCES).nullable(),
    /** Whether card holds can be placed (Stripe configured) and the saved card they would be placed on. */
    cardHolds: z.boolean(),
    savedCard: textField().nullable(),
    currency: textField(),
  })
  .meta({ id: 'DepositSummary' });
export type DepositSummary = z.infer<typeof depositSummarySchema>;
export const depositSummaryResponseSchema = z
  .object({ data: depositSummarySchema })
  .meta({ id: 'DepositSummaryResponse' });

/** POST /deposits/card-hold: a hold on the saved card; for a sale, the amount defaults to the sale's deposit. */
export const cardHoldBodySchema = z
  .object({
    amountCents: amountCents.optional(),
    auctionId: z.uuid(m.saleNotFound).nullable().default(null),
  })
  .strict()
  .meta({ id: 'CardHoldBody' });
export type CardHoldBody = z.infer<typeof cardHoldBodySchema>;

export const depositResponseSchema = z
  .object({ message: textField(), data: depositSchema, summary: depositSummarySchema })
  .meta({ id: 'DepositResponse' });

/** Staff record a bank transfer received as a deposit. */
export const bankDepositBodySchema = z
  .object({
    amountCents,
    reference: textField({ error: m.referenceRequired })
      .trim()
      .min(1, m.referenceRequired)
      .max(200, m.referenceRequired),
    auctionId: z.uuid(m.saleNotFound).nullable().default(null),
  })
  .strict()
  .meta({ id: 'BankDepositBody' });
export type BankDepositBody = z.infer<typeof bankDepositBodySchema>;

/** Release a card hold (cancelled at Stripe) or record a bank deposit sent back (with the bank's reference). */
export const releaseDepositBodySchema = z
  .object({ reference: textField().trim().max(500, m.reasonTooLong).optional() })
  .strict()
  .meta({ id: 'ReleaseDepositBody' });

export const applyDepositBodySchema = z
  .object({ orderId: z.uuid(m.orderNotFound) })
  .strict()
  .meta({ id: 'ApplyDepositBody' });

export const saleDepositBodySchema = z
  .object({ depositCents: amountCents.nullable() })
  .strict()
  .meta({ id: 'SaleDepositBody' });
export const saleDepositResponseSchema = z
  .object({ message: textField(), data: z.object({ depositCents: z.number().int().nullable() }) })
  .meta({ id: 'SaleDepositResponse' });

/** A bank deposit still held after its sale closed, with the bidder's unpaid orders of that sale: staff apply or refund. */
export const depositToApplySchema = z
  .object({
    deposit: depositSchema,
    userId: textField(),
    bidderName: textField(),
    unpaidOrderIds: z.array(textField()),
  })
  .meta({ id: 'DepositToApply' });
export type DepositToApply = z.infer<typeof depositToApplySchema>;
export const depositsToApplyResponseSchema = z
  .object({ data: z.array(depositToApplySchema) })
  .meta({ id: 'DepositsToApplyResponse' });

/** House settings 'deposits': the limit multiple, and the low estimate from which a lot needs a deposit. */
export const depositSettingsSchema = z
  .object({
    limitMultiple: z
      .number({ error: m.multipleInvalid })
      .int(m.multipleInvalid)
      .min(1, m.multipleInvalid)
      .max(100, m.multipleInvalid),
    lotDepositFromEstimateCents: z
      .number({ error: m.thresholdInvalid })
      .int(m.thresholdInvalid)
      .min(0, m.thresholdInvalid)
      .max(100_000_000_000, m.thresholdInvalid)
      .multipleOf(100, m.thresholdInvalid)
      .nullable(),
  })
  .strict()
  .meta({ id: 'DepositSettings' });
export type DepositSettings = z.infer<typeof depositSettingsSchema>;
export const DEFAULT_DEPOSIT_SETTINGS: DepositSettings = {
  limitMultiple: 10,
  lotDepositFromEstimateCents: null,
};
