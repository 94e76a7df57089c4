/**
 * Non-payers (issue 28 §4, decision 092): an order unpaid past its due date is a strike; N active strikes (Settings,
 * default 2) block the bidder's bidding with reason 'unpaid'. Staff read and clear strikes on the bidder's page; the
 * collector reads why they cannot bid and what to do (GET /rug/offer/standing).
 */
import { z } from 'zod';
import { textField } from './text.ts';

const isoTime = textField().meta({ description: 'ISO 8601 UTC time' });
const cents = z.number().int().meta({ description: 'Amount in cents' });

export const strikeMessages = {
  clearReasonRequired: 'Say why the strike is cleared (1 to 500 characters)',
  strikeNotFound: 'Strike not found',
  strikeAlreadyCleared: 'This strike is already cleared',
  strikeCleared: 'Strike cleared',
  blockAfterInvalid: 'Enter a whole number of strikes from 0 (never block) to 20',
} as const;

/** The block reason the strikes job writes on users.bidding_blocked_reason: shown in words, never as the code. */
export const UNPAID_BLOCK_REASON = 'unpaid';

/** House setting `strikes`: after how many active strikes bidding is blocked (0: strikes are kept, never block). */
export const DEFAULT_STRIKES_BEFORE_BLOCK = 2;
export const strikeSettingsSchema = z
  .object({
    blockAfter: z
      .number({ error: strikeMessages.blockAfterInvalid })
      .int(strikeMessages.blockAfterInvalid)
      .min(0, strikeMessages.blockAfterInvalid)
      .max(20, strikeMessages.blockAfterInvalid),
  })
  .strict()
  .meta({ id: 'StrikeSettings' });
export type StrikeSettings = z.infer<typeof strikeSettingsSchema>;

export const STRIKE_CLEAR_CAUSES = ['paid', 'staff'] as const;

/** One strike as staff see it: the order, what it asked, when, and whether and why it was cleared. */
export const adminStrikeSchema = z
  .object({
    id: textField(),
    orderId: textField(),
    rugTitle: textField(),
    lotNumber: z.number().int().nullable(),
    amountCents: cents,
    currency: textField(),
    dueAt: isoTime,
    createdAt: isoTime,
    /** The order's status now (awaiting_payment, paid, cancelled, ...). */
    orderStatus: textField(),
    cleared: z
      .object({
        cause: z.enum(STRIKE_CLEAR_CAUSES),
        reason: textField().nullable(),
        byName: textField().nullable(),
        at: isoTime,
      })
      .nullable(),
  })
  .meta({ id: 'AdminStrike' });
export type AdminStrike = z.infer<typeof adminStrikeSchema>;

/** GET /admin/users/{id}/strikes: every strike, newest first, the active count and the house's threshold. */
export const adminStrikesSchema = z
  .object({
    activeCount: z.number().int(),
    blockAfter: z.number().int(),
    strikes: z.array(adminStrikeSchema),
  })
  .meta({ id: 'AdminStrikes' });
export type AdminStrikes = z.infer<typeof adminStrikesSchema>;
export const adminStrikesResponseSchema = z
  .object({ data: adminStrikesSchema })
  .meta({ id: 'AdminStrikesResponse' });

/** POST /admin/strikes/{id}/clear: why (shown on the bidder's page and in the audit log). */
export const adminClearStrikeBodySchema = z
  .object({
    reason: textField({ error: strikeMessages.clearReasonRequired })
      .trim()
      .min(1, strikeMessages.clearReasonRequired)
      .max(500, strikeMessages.clearReasonRequired),
  })
  .strict()
  .meta({ id: 'AdminClearStrikeBody' });
export type AdminClearStrikeBody = z.infer<typeof adminClearStrikeBodySchema>;
export const adminClearStrikeResponseSchema = z
  .object({ message: textField(), data: adminStrikesSchema })
  .meta({ id: 'AdminClearStrikeResponse' });

/** An order the collector still owes, with where to pay it. */
export const unpaidOrderSchema = z
  .object({
    orderId: textField(),
    rugTitle: textField(),
    lotNumber: z.number().int().nullable(),
    amountCents: cents,
    currency: textField(),
    dueAt: isoTime,
    overdue: z.boolean(),
  })
  .meta({ id: 'UnpaidOrder' });

/**
 * GET /rug/offer/standing: whether the caller may bid, and if not why ('unpaid': blocked for unpaid orders;
 * 'other': blocked by the house, ask them) and what to do: the orders to pay. Strikes and the threshold let the page
 * warn before a block.
 */
export const biddingStandingSchema = z
  .object({
    blocked: z.boolean(),
    reason: z.enum(['unpaid', 'other']).nullable(),
    activeStrikes: z.number().int(),
    blockAfter: z.number().int(),
    unpaidOrders: z.array(unpaidOrderSchema),
  })
  .meta({ id: 'BiddingStanding' });
export type BiddingStanding = z.infer<typeof biddingStandingSchema>;
export const biddingStandingResponseSchema = z
  .object({ data: biddingStandingSchema })
  .meta({ id: 'BiddingStandingResponse' });
