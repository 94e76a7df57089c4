/**
 * The consignor portal (issue 27 §4): a signed-in account linked to a consignor sees its own consignments, each
 * rug's status as it stands now, its agreements to accept, and its statement. Nothing here names another consignor,
 * another consignor's reserve, or payout details other than masked.
 */
import { z } from 'zod';
import { UUID_PATTERN } from '../constants/ids.ts';
import { ENTRY_KINDS } from '../consignments/ledger-postings.ts';
import { consignmentTermsSchema } from '../consignments/terms.ts';
import {
  AGREEMENT_STATUSES,
  CONSIGNOR_KINDS,
  PAYOUT_METHODS,
  PORTAL_ITEM_STATUSES,
} from './consignors-staff.ts';
import { payoutReferenceSchema } from './settlements-staff.ts';
import { apiImageSchema } from './media.ts';
import { textField, calendarDay } from './text.ts';

export const consignorPortalMessages = {
  notLinked: 'Your account is not linked to a consignor.',
  consignmentNotFound: 'Consignment not found',
  agreementNotSent: 'There is no agreement to accept on this consignment yet',
  agreementSignedOnPaper: 'This agreement was signed on paper',
  agreementChanged: 'The agreement has changed since you opened it: review it again',
  agreementAccepted: 'Agreement accepted',
  versionRequired: 'Say which version of the agreement you accept',
  idInvalid: 'Consignment not found',
  periodInvalid: 'The end of the period must be after its start',
} as const;
const m = consignorPortalMessages;

// A consigned rug's status now, as the consignor and staff see it (defined beside the staff schemas, which this
// file imports: the staff consignment page shows it too).
export { PORTAL_ITEM_STATUSES, type PortalItemStatus } from './consignors-staff.ts';

const cents = z.number().int();
const day = calendarDay(m.periodInvalid);

export const portalConsignorSchema = z
  .object({
    id: textField(),
    kind: z.enum(CONSIGNOR_KINDS),
    name: textField(),
    /** The house's currency: every amount of the portal is in it, in cents. */
    currency: textField(),
    /** Only the masked account and the holder's name, never the details. */
    payout: z.object({
      method: z.enum(PAYOUT_METHODS),
      holder: textField().nullable(),
      masked: textField().nullable(),
    }),
    identityChecked: z.boolean(),
    /** Agreements sent and not yet accepted. */
    agreementsToAccept: z.number().int(),
  })
  .meta({ id: 'PortalConsignor' });
export type PortalConsignor = z.infer<typeof portalConsignorSchema>;
export const portalConsignorResponseSchema = z
  .object({ data: portalConsignorSchema })
  .meta({ id: 'PortalConsignorResponse' });

/**
 * Whether the caller's account is linked to a consignor, always 200: the account menu asks it to show the portal's
 * link without a 404 in the console of every collector who is no consignor.
 */
export const portalLinkSchema = z
  .object({ linked: z.boolean(), agreementsToAccept: z.number().int() })
  .meta({ id: 'PortalLink' });
export type PortalLink = z.infer<typeof portalLinkSchema>;
export const portalLinkResponseSchema = z
  .object({ data: portalLinkSchema })
  .meta({ id: 'PortalLinkResponse' });

export const portalItemSchema = z
  .object({
    id: textField(),
    rugId: textField(),
    rugTitle: textField(),
    rugSlug: textField(),
    image: apiImageSchema.nullable(),
    estimateLow: cents,
    estimateHigh: cents,
    /** The consignor's own reserve on this rug. */
    reserve: cents.nullable(),
    status: z.enum(PORTAL_ITEM_STATUSES),
    /** The sale the rug is (or was) offered in; null before it is in a published sale. */
    sale: z
      .object({
        title: textField(),
        slug: textField(),
        type: z.enum(['timed', 'live']),
        lotId: textField(),
        lotNumber: z.number().int(),
        /** While the lot is open or scheduled; null once it closed. */
        currentBid: cents.nullable(),
        bidCount: z.number().int(),
        reserveMet: z.boolean(),
        closesAt: textField(),
      })
      .nullable(),
    /** The hammer price once sold. */
    hammer: cents.nullable(),
    /** What the sale put in the consignor's account once settled (hammer less commission and fees). */
    netProceeds: cents.nullable(),
  })
  .meta({ id: 'PortalConsignmentItem' });
export type PortalItem = z.infer<typeof portalItemSchema>;

export const portalConsignmentSchema = z
  .object({
    id: textField(),
    number: textField(),
    receivedAt: textField(),
    agreement: z.object({
      status: z.enum(AGREEMENT_STATUSES),
      version: textField().nullable(),
      at: textField().nullable(),
    }),
    /** The house's terms with this consignment's own; null when the house has set none. */
    terms: consignmentTermsSchema.nullable(),
    items: z.array(portalItemSchema),
  })
  .meta({ id: 'PortalConsignment' });
export type PortalConsignment = z.infer<typeof portalConsignmentSchema>;
export const portalConsignmentListResponseSchema = z
  .object({ data: z.array(portalConsignmentSchema) })
  .meta({ id: 'PortalConsignmentListResponse' });
export const portalConsignmentResponseSchema = z
  .object({ message: textField(), data: portalConsignmentSchema })
  .meta({ id: 'PortalConsignmentResponse' });

export const portalConsignmentParamSchema = z.object({ id: textField().regex(UUID_PATTERN, m.idInvalid) });

/** The version of the agreement the consignor read: a newer one sent meanwhile is not accepted unseen. */
export const portalAgreementAcceptSchema = z.object({
  version: textField({ error: m.versionRequired })
    .trim()
    .min(1, m.versionRequired)
    .max(40, m.versionRequired),
});
export type PortalAgreementAccept = z.infer<typeof portalAgreementAcceptSchema>;

/** `from` included, `to` excluded; default the current calendar year. */
export const portalStatementQuerySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from < q.to, { message: m.periodInvalid, path: ['to'] });
export type PortalStatementQuery = z.infer<typeof portalStatementQuerySchema>;

/** Amounts from the consignor's side: positive is money for them, the balance is what the house owes them. */
export const portalStatementSchema = z
  .object({
    from: textField(),
    to: textField(),
    currency: textField(),
    openingCents: cents,
    closingCents: cents,
    lines: z.array(
      z.object({
        at: textField(),
        kind: z.enum(ENTRY_KINDS),
        reverses: z.enum(ENTRY_KINDS).optional(),
        amountCents: cents,
        balanceCents: cents,
      }),
    ),
    /**
     * Money sent to the consignor's account in the period (a cancelled batch's payment taken back is negative), with
     * the batch number and the payment's end-to-end reference to match with the bank statement.
     */
    payouts: z.array(
      z.object({ at: textField(), amountCents: cents, reference: payoutReferenceSchema.nullable() }),
    ),
  })
  .meta({ id: 'PortalStatement' });
export type PortalStatement = z.infer<typeof portalStatementSchema>;
export const portalStatementResponseSchema = z
  .object({ data: portalStatementSchema })
  .meta({ id: 'PortalStatementResponse' });
