/**
 * The post-sale advice (issue 27 §2) and the portal's PDF downloads. When a sale closes, each consignor with lots in
 * it gets one advice: per lot, sold at a hammer, unsold or passed, and what it means for them, estimated from their
 * consignment's terms with `settleLot` (the settlement, once the buyer has paid, is the figure that counts).
 */
import { z } from 'zod';
import { LOT_OUTCOMES } from '../consignments/settlement.ts';
import { textField } from './text.ts';

const cents = z.number().int();

/**
 * What comes next for a lot: a sold lot is settled once its buyer has paid and the holding period has passed; an
 * unsold or passed rug goes back to the consignor or is offered again in another sale, with the buy-in fee charged.
 */
export const ADVICE_NEXT_STEPS = ['settle_after_payment', 'return_or_reoffer'] as const;
export type AdviceNextStep = (typeof ADVICE_NEXT_STEPS)[number];

export const portalAdviceLotSchema = z
  .object({
    lotId: textField(),
    lotNumber: z.number().int(),
    rugTitle: textField(),
    consignmentNumber: textField(),
    outcome: z.enum(LOT_OUTCOMES),
    /** The hammer of a sold lot; 0 when it did not sell (nothing was collected). */
    hammerCents: cents,
    /** The consignor's reserve, which prices the buy-in fee of a lot that did not sell. */
    reserveCents: cents.nullable(),
    /** The charges and the net as the consignment's terms give them now (an estimate until settled). */
    commissionCents: cents,
    feesCents: cents,
    buyInFeeCents: cents,
    vatCents: cents,
    /** Hammer less commission, fees and VAT: negative is what the consignor owes for a lot that did not sell. */
    netCents: cents,
    next: z.enum(ADVICE_NEXT_STEPS),
  })
  .meta({ id: 'PortalAdviceLot' });
export type PortalAdviceLot = z.infer<typeof portalAdviceLotSchema>;

export const portalAdviceSchema = z
  .object({
    id: textField(),
    sale: z.object({
      id: textField(),
      title: textField(),
      slug: textField(),
      type: z.enum(['timed', 'live']),
      endedAt: textField(),
    }),
    /** When the advice was written (the sale's close, give or take a scheduler run). */
    createdAt: textField(),
    currency: textField(),
    lots: z.array(portalAdviceLotSchema),
    /** The lots summed: hammer of the sold ones, and the estimated net of them all. */
    hammerCents: cents,
    netCents: cents,
  })
  .meta({ id: 'PortalAdvice' });
export type PortalAdvice = z.infer<typeof portalAdviceSchema>;
export const portalAdviceListResponseSchema = z
  .object({ data: z.array(portalAdviceSchema) })
  .meta({ id: 'PortalAdviceListResponse' });
