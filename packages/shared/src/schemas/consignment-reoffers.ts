/**
 * Unsold rugs (issue 27 §2, decision 089): staff return a rug whose lot did not sell to its consignor, or propose to
 * offer it again in another sale on new terms, which the consignor accepts or declines in the portal. One schema
 * serves the forms, the routes' validation and the OpenAPI document.
 */
import { z } from 'zod';
import { BID_UNIT_CENTS, MAX_BID_CENTS } from '../bidding/limits.ts';
import { UUID_PATTERN } from '../constants/ids.ts';
import { consignmentTermsOverrideSchema, lotTermsSchema } from '../consignments/terms.ts';
import { textField } from './text.ts';

export const reofferMessages = {
  // Staff
  saleRequired: 'Choose the sale to offer the rug in',
  saleNotFound: 'Sale not found',
  saleNotUpcoming: 'Choose a sale in draft or scheduled that has not started',
  amountInvalid: 'Enter an amount in whole cents',
  wholeUnits: 'Enter a whole amount, without cents',
  highBelowLow: 'The high estimate cannot be below the low estimate',
  reserveAboveLow: 'The reserve cannot be above the low estimate',
  openingAboveReserve: 'The opening bid cannot be above the reserve',
  itemNotFound: 'This rug is not in this consignment',
  itemSold: 'This rug sold: it cannot be returned or offered again',
  itemNotUnsold: 'Only a rug whose lot closed unsold can be returned or offered again',
  itemClosed: 'This rug is no longer held for the consignor',
  reofferNotFound: 'Proposal not found',
  reofferProposed: 'Re-offer proposed to the consignor',
  reofferWithdrawnByStaff: 'Proposal withdrawn',
  itemReturned: 'Rug recorded as returned to the consignor',
  // Both sides
  reofferAlreadyAccepted: 'The consignor has already accepted this proposal',
  reofferWithdrawn: 'The house has withdrawn this proposal',
  reofferSuperseded: 'The house has replaced this proposal with a new one: review that one',
  reofferDeclined: 'This proposal was declined',
  // Consignor
  saleClosedForReoffer: 'This sale is no longer taking rugs: the house will propose another',
  reofferAccepted: 'Re-offer accepted: your rug will be offered in the sale',
  reofferDeclinedDone: 'Proposal declined: the house will contact you about your rug',
  idInvalid: 'Proposal not found',
} as const;
const m = reofferMessages;

/** The version of the re-offer's wording the consignor accepts (the new receipt's agreement records it). */
export const REOFFER_TERMS_VERSION = 'reoffer-2026-11';

export const REOFFER_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'superseded'] as const;
export type ReofferStatus = (typeof REOFFER_STATUSES)[number];

const cents = z
  .number({ error: m.amountInvalid })
  .int(m.amountInvalid)
  .min(0, m.amountInvalid)
  .max(MAX_BID_CENTS, m.amountInvalid);
/** The reserve and opening bid become the new lot's, which bids meet in whole currency units. */
const wholeUnits = cents.positive(m.wholeUnits).refine((v) => v % BID_UNIT_CENTS === 0, m.wholeUnits);

/** What a re-offer may change of the receipt's terms: anything but the advance (which belongs to the receipt). */
export const reofferTermsChangeSchema = consignmentTermsOverrideSchema
  .omit({ advanceCents: true })
  .meta({ id: 'ReofferTermsChange' });

export const adminReofferCreateSchema = z
  .object({
    saleId: z.uuid(m.saleRequired),
    estimateLow: cents,
    estimateHigh: cents,
    /** Null or absent: no reserve. */
    reserve: wholeUnits.nullable().optional(),
    /** Absent: half the low estimate in whole units (at least one), never above the reserve. */
    openingBid: wholeUnits.optional(),
    /** Absent: the receipt's terms as they are. */
    terms: reofferTermsChangeSchema.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.estimateHigh < v.estimateLow)
      ctx.addIssue({ code: 'custom', path: ['estimateHigh'], message: m.highBelowLow });
    if (v.reserve != null && v.reserve > v.estimateLow)
      ctx.addIssue({ code: 'custom', path: ['reserve'], message: m.reserveAboveLow });
    if (v.reserve != null && v.openingBid !== undefined && v.openingBid > v.reserve)
      ctx.addIssue({ code: 'custom', path: ['openingBid'], message: m.openingAboveReserve });
  })
  .meta({ id: 'AdminReofferCreate' });
export type AdminReofferCreate = z.infer<typeof adminReofferCreateSchema>;

export const adminReofferItemParamSchema = z.object({
  id: z.uuid(m.itemNotFound),
  itemId: z.uuid(m.itemNotFound),
});
export const adminReofferParamSchema = z.object({
  id: z.uuid(m.reofferNotFound),
  reofferId: z.uuid(m.reofferNotFound),
});
export const portalReofferParamSchema = z.object({ id: textField().regex(UUID_PATTERN, m.idInvalid) });

const person = z.object({ id: textField(), name: textField() }).nullable();

const saleRefSchema = z.object({
  id: textField(),
  title: textField(),
  slug: textField(),
  type: z.enum(['timed', 'live']),
  startsAt: textField(),
});

/** The lot that did not sell and its buy-in fee under the receipt's terms: settled once, with that receipt. */
export const unsoldLotSchema = z
  .object({
    lotId: textField(),
    lotNumber: z.number().int(),
    saleTitle: textField(),
    /** `passed`: a live sale's unsold lot. */
    outcome: z.enum(['unsold', 'passed']),
    reserve: z.number().int().nullable(),
    buyInFeeCents: z.number().int(),
    /** True once the settlement posted it; until then the figure is the terms' estimate. */
    buyInFeeSettled: z.boolean(),
  })
  .meta({ id: 'ReofferUnsoldLot' });

const reofferFields = {
  id: textField(),
  status: z.enum(REOFFER_STATUSES),
  sale: saleRefSchema,
  estimateLow: z.number().int(),
  estimateHigh: z.number().int(),
  reserve: z.number().int().nullable(),
  openingBid: z.number().int(),
  /** Every lot term as proposed: what the consignor accepts. */
  terms: lotTermsSchema,
  proposedAt: textField(),
  decidedAt: textField().nullable(),
  /** On acceptance: the new receipt the rug continues under, and whether its lot is already in the sale. */
  newConsignment: z.object({ id: textField(), number: textField() }).nullable(),
  inSale: z.boolean(),
};

export const adminReofferSchema = z
  .object({
    ...reofferFields,
    proposedBy: person,
    decidedBy: person,
    emailedTo: textField().nullable(),
  })
  .meta({ id: 'AdminReoffer' });
export type AdminReoffer = z.infer<typeof adminReofferSchema>;

/** A rug of a receipt as the return and re-offer panel sees it. */
export const adminReofferItemSchema = z
  .object({
    itemId: textField(),
    rugTitle: textField(),
    /** The latest lot since the receipt; null when the rug was never in a sale. */
    lastLot: z
      .object({
        lotId: textField(),
        lotNumber: z.number().int(),
        saleTitle: textField(),
        outcome: z.enum(['sold', 'unsold', 'passed', 'in_sale']),
      })
      .nullable(),
    unsold: unsoldLotSchema.nullable(),
    /** Whether it may be returned or re-offered now (its lot closed unsold and it is still held). */
    actionable: z.boolean(),
    returnedAt: textField().nullable(),
    returnedBy: person,
    /** Newest first. */
    proposals: z.array(adminReofferSchema),
  })
  .meta({ id: 'AdminReofferItem' });
export type AdminReofferItem = z.infer<typeof adminReofferItemSchema>;

export const adminReofferItemListResponseSchema = z
  .object({ data: z.array(adminReofferItemSchema) })
  .meta({ id: 'AdminReofferItemListResponse' });
export const adminReofferItemSavedResponseSchema = z
  .object({ message: textField(), data: adminReofferItemSchema })
  .meta({ id: 'AdminReofferItemSavedResponse' });

/** A proposal as its consignor sees it (no staff names). */
export const portalReofferSchema = z
  .object({
    ...reofferFields,
    rugTitle: textField(),
    rugSlug: textField(),
    consignmentNumber: textField(),
    unsold: unsoldLotSchema,
  })
  .meta({ id: 'PortalReoffer' });
export type PortalReoffer = z.infer<typeof portalReofferSchema>;

export const portalReofferListResponseSchema = z
  .object({ data: z.array(portalReofferSchema) })
  .meta({ id: 'PortalReofferListResponse' });
export const portalReofferResponseSchema = z
  .object({ message: textField(), data: portalReofferSchema })
  .meta({ id: 'PortalReofferResponse' });
