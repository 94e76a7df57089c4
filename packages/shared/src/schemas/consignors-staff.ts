/**
 * Consignors and their consignments in the back office (issue 27, decision 086): who brings rugs in, how they are
 * paid, and the receipt of the rugs they brought. One schema serves the form, the route's validation and the
 * OpenAPI document. Payout details go in (validated here) but only ever come out masked.
 */
import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../constants/languages.ts';
import { isValidAbaRouting, isValidBic, isValidIban, normalizeIban } from '../consignments/bank-account.ts';
import { consignmentTermsOverrideSchema } from '../consignments/terms.ts';
import { pagedMetaSchema } from './common.ts';
import { countryCodeSchema, stateCodeSchema } from './geo.ts';
import { textField } from './text.ts';

export const adminConsignorMessages = {
  kindInvalid: 'Choose a person or a dealer',
  nameRequired: 'Enter the consignor’s name (at most 200 characters)',
  companyMax: 'The company should have at most 200 characters',
  emailInvalid: 'Enter a valid e-mail address',
  phoneInvalid: 'Enter a phone number of at most 40 characters',
  line1Required: 'Enter the street address',
  cityRequired: 'Enter the city',
  addressLineMax: 'An address line should have at most 120 characters',
  postalCodeInvalid: 'Enter a valid postal code',
  languageInvalid: 'Choose English, French or Arabic',
  vatNumberMax: 'The VAT number should have at most 40 characters',
  vatNumberRequired: 'Enter the VAT number of a VAT-registered consignor',
  notesMax: 'Notes should have at most 4,000 characters',
  payoutMethodInvalid: 'Choose IBAN, US bank account, Stripe account or none',
  stripeAccountInvalid: 'Enter the Stripe connected account id: acct_ followed by letters and digits',
  holderRequired: 'Enter the account holder’s name (at most 140 characters)',
  ibanInvalid: 'Enter a valid IBAN',
  bicInvalid: 'Enter a valid BIC (8 or 11 characters)',
  routingInvalid: 'Enter a valid US routing number (9 digits)',
  usAccountInvalid: 'Enter a US account number of 4 to 17 digits',
  accountTypeInvalid: 'Choose checking or savings',
  userEmailUnknown: 'No account uses this e-mail address',
  userAlreadyLinked: 'This account is already linked to another consignor',
  consignorNotFound: 'Consignor not found',
  consignorArchived: 'This consignor is archived: restore them first',
  consignorCreated: 'Consignor added',
  consignorSaved: 'Consignor saved',
  consignorDeleted: 'Consignor deleted',
  consignorArchivedNotDeleted: 'Consignor archived: their consignments keep them on record',
  identityChecked: 'Identity check recorded',
  identityDocumentRequired: 'Say which document was seen (at most 200 characters)',
  consignmentNotFound: 'Consignment not found',
  consignmentCreated: 'Consignment recorded',
  itemsRequired: 'Add at least one rug (at most 200)',
  rugIdInvalid: 'Choose a rug',
  rugNotFound: 'Rug not found',
  rugTwice: 'A rug can be listed once per consignment',
  rugInOpenConsignment: 'This rug is already in an open consignment',
  amountInvalid: 'Enter an amount in whole cents',
  highBelowLow: 'The high estimate cannot be below the low estimate',
  reserveAboveLow: 'The reserve cannot be above the low estimate',
  receivedAtInvalid: 'Enter a date and time in ISO 8601 format, e.g. 2026-05-01T18:00:00Z',
  itemAdded: 'Rug added to the consignment',
  itemRemoved: 'Rug removed from the consignment',
  itemNotFound: 'This rug is not in this consignment',
  itemNotRemovable: 'This rug is in a sale or settled: withdraw it instead of removing it',
  agreementStatusInvalid: 'Choose sent or signed on paper',
  agreementVersionRequired: 'Enter the agreement’s version (at most 40 characters)',
  agreementAlreadySigned: 'The agreement is already signed',
  agreementSaved: 'Agreement status saved',
} as const;
const m = adminConsignorMessages;

export const CONSIGNOR_KINDS = ['person', 'dealer'] as const;
export const PAYOUT_METHODS = ['iban', 'us_account', 'stripe_connect', 'none'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const AGREEMENT_STATUSES = ['none', 'sent', 'accepted_online', 'signed_on_paper'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];
/**
 * Open: the house holds the rug for the consignor. Closed: sold, returned or withdrawn (decision 086), or reoffered
 * (the consignor accepted a re-offer: the rug continues as an item of a new receipt, decision 089).
 */
export const CONSIGNMENT_ITEM_STATUSES = [
  'received',
  'catalogued',
  'in_sale',
  'sold',
  'unsold',
  'returned',
  'withdrawn',
  'reoffered',
] as const;
export type ConsignmentItemStatus = (typeof CONSIGNMENT_ITEM_STATUSES)[number];

/**
 * A consigned rug's status as the consignor (and the staff consignment page) sees it, derived when asked from the rug's lot, the buyer's order and the
 * settlement (never stored): received, being catalogued, in a sale, sold (hammer down), paid by the buyer, settled
 * (proceeds in the consignor's account), unsold, returned, withdrawn, reoffered (carried on under a new receipt).
 */
export const PORTAL_ITEM_STATUSES = [
  'received',
  'cataloguing',
  'in_sale',
  'sold',
  'paid',
  'settled',
  'unsold',
  'returned',
  'withdrawn',
  'reoffered',
] as const;
export type PortalItemStatus = (typeof PORTAL_ITEM_STATUSES)[number];
export const OPEN_ITEM_STATUSES: readonly ConsignmentItemStatus[] = [
  'received',
  'catalogued',
  'in_sale',
  'unsold',
];
/** An item may be taken off its receipt (a mistake) only before anything happened to it. */
export const REMOVABLE_ITEM_STATUSES: readonly ConsignmentItemStatus[] = ['received', 'catalogued'];

/** Forms send '' for an empty optional field; both it and null mean "none". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number, message: string) =>
  z.preprocess(blankToNull, textField({ error: message }).trim().max(max, message).nullable()).optional();
const required = (max: number, message: string) =>
  textField({ error: message }).trim().min(1, message).max(max, message);

const cents = z
  .number({ error: m.amountInvalid })
  .int(m.amountInvalid)
  .min(0, m.amountInvalid)
  .max(1_000_000_000_000, m.amountInvalid);

// ---- Consignor input ----------------------------------------------------------------------------------------------

export const consignorAddressSchema = z
  .object({
    line1: required(120, m.line1Required),
    line2: optionalText(120, m.addressLineMax),
    city: required(80, m.cityRequired),
    state: z.preprocess(blankToNull, stateCodeSchema.nullable()).optional(),
    postalCode: z
      .preprocess(
        blankToNull,
        textField()
          .trim()
          .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/, m.postalCodeInvalid)
          .toUpperCase()
          .nullable(),
      )
      .optional(),
    country: countryCodeSchema,
  })
  .strict()
  .meta({ id: 'ConsignorAddress' });

const holder = required(140, m.holderRequired);
/** A Stripe connected account id as Stripe issues them (`acct_1Nv0FGQ9RKHgCVdK`); the letters' case matters. */
export const STRIPE_ACCOUNT_ID = /^acct_[A-Za-z0-9]{8,40}$/;

/** How the consignor is paid. The account numbers are validated here and stored encrypted (decision 086). */
export const consignorPayoutInputSchema = z
  .discriminatedUnion(
    'method',
    [
      z.object({ method: z.literal('none') }).strict(),
      z
        .object({
          method: z.literal('iban'),
          holder,
          iban: textField({ error: m.ibanInvalid })
            .refine(isValidIban, m.ibanInvalid)
            .transform(normalizeIban),
          bic: z
            .preprocess(
              blankToNull,
              textField({ error: m.bicInvalid })
                .refine(isValidBic, m.bicInvalid)
                .transform((v) => v.replace(/\s+/g, '').toUpperCase())
                .nullable(),
            )
            .optional(),
        })
        .strict(),
      z
        .object({
          method: z.literal('us_account'),
          holder,
          routingNumber: textField({ error: m.routingInvalid })
            .trim()
            .refine(isValidAbaRouting, m.routingInvalid),
          accountNumber: textField({ error: m.usAccountInvalid })
            .trim()
            .regex(/^\d{4,17}$/, m.usAccountInvalid),
          accountType: z.enum(['checking', 'savings'], { error: m.accountTypeInvalid }),
        })
        .strict(),
      // A Stripe connected account of the house's platform (decision 088): paid by a transfer, not a bank file.
      z
        .object({
          method: z.literal('stripe_connect'),
          holder,
          accountId: textField({ error: m.stripeAccountInvalid })
            .trim()
            .regex(STRIPE_ACCOUNT_ID, m.stripeAccountInvalid),
        })
        .strict(),
    ],
    { error: m.payoutMethodInvalid },
  )
  .meta({ id: 'ConsignorPayoutRequest' });
export type ConsignorPayoutInput = z.infer<typeof consignorPayoutInputSchema>;

const consignorFields = {
  kind: z.enum(CONSIGNOR_KINDS, { error: m.kindInvalid }),
  name: required(200, m.nameRequired),
  company: optionalText(200, m.companyMax),
  email: z.preprocess(blankToNull, z.email(m.emailInvalid).max(254, m.emailInvalid).nullable()).optional(),
  phone: optionalText(40, m.phoneInvalid),
  address: consignorAddressSchema.nullable().optional(),
  language: z.enum(SUPPORTED_LANGUAGES, { error: m.languageInvalid }).optional(),
  vatRegistered: z.boolean().optional(),
  vatNumber: optionalText(40, m.vatNumberMax),
  payout: consignorPayoutInputSchema.optional(),
  /** The consignor's own site account, found by its e-mail (it must exist); null unlinks. */
  userEmail: z.preprocess(blankToNull, z.email(m.emailInvalid).nullable()).optional(),
  notes: z.preprocess((v) => v ?? '', textField().trim().max(4000, m.notesMax)).optional(),
};

const vatNumberGiven = (
  v: { vatRegistered?: boolean | undefined; vatNumber?: string | null | undefined },
  ctx: z.RefinementCtx,
) => {
  if (v.vatRegistered === true && !v.vatNumber)
    ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: m.vatNumberRequired });
};

export const adminConsignorCreateSchema = z
  .object(consignorFields)
  .strict()
  .superRefine(vatNumberGiven)
  .meta({ id: 'AdminConsignorCreate' });
export type AdminConsignorCreate = z.infer<typeof adminConsignorCreateSchema>;

/**
 * PATCH: only the fields sent change; `archived` archives or restores. A VAT number cleared while registered is
 * refused here; registered without a number sent is checked against the stored number by the server.
 */
export const adminConsignorUpdateSchema = z
  .object({
    ...consignorFields,
    kind: consignorFields.kind.optional(),
    name: consignorFields.name.optional(),
    archived: z.boolean().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.vatRegistered === true && v.vatNumber === null)
      ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: m.vatNumberRequired });
  })
  .meta({ id: 'AdminConsignorUpdate' });
export type AdminConsignorUpdate = z.infer<typeof adminConsignorUpdateSchema>;

export const adminConsignorIdentityCheckSchema = z
  .object({
    /** What was seen, e.g. "Passport, FR": kept in the audit trail, never the document's number. */
    document: required(200, m.identityDocumentRequired),
  })
  .strict()
  .meta({ id: 'AdminConsignorIdentityCheck' });

export const adminConsignorListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Matches the name, the e-mail or the company. */
  q: textField().trim().max(200).optional(),
  status: z.enum(['active', 'archived', 'all']).default('active'),
});
export type AdminConsignorListQuery = z.infer<typeof adminConsignorListQuerySchema>;

// ---- Consignor answers ----------------------------------------------------------------------------------------

const personRefSchema = z.object({ id: textField(), name: textField() });

/** The payout as every answer shows it: the method, the holder and the masked account, never the account. */
export const consignorPayoutSchema = z
  .object({
    method: z.enum(PAYOUT_METHODS),
    holder: textField().nullable(),
    masked: textField().nullable(),
  })
  .meta({ id: 'ConsignorPayout' });

export const adminConsignorSchema = z
  .object({
    id: textField(),
    kind: z.enum(CONSIGNOR_KINDS),
    name: textField(),
    company: textField().nullable(),
    email: textField().nullable(),
    phone: textField().nullable(),
    address: z
      .object({
        line1: textField(),
        line2: textField().nullable(),
        city: textField(),
        state: textField().nullable(),
        postalCode: textField().nullable(),
        country: textField(),
      })
      .nullable(),
    language: z.enum(SUPPORTED_LANGUAGES),
    vatRegistered: z.boolean(),
    vatNumber: textField().nullable(),
    payout: consignorPayoutSchema,
    user: z.object({ id: textField(), name: textField(), email: textField() }).nullable(),
    notes: textField(),
    identityCheckedAt: textField().nullable(),
    identityCheckedBy: personRefSchema.nullable(),
    createdAt: textField(),
    updatedAt: textField(),
    archivedAt: textField().nullable(),
  })
  .meta({ id: 'AdminConsignor' });
export type AdminConsignor = z.infer<typeof adminConsignorSchema>;

export const adminConsignorSummarySchema = z
  .object({
    id: textField(),
    kind: z.enum(CONSIGNOR_KINDS),
    name: textField(),
    company: textField().nullable(),
    email: textField().nullable(),
    payoutMethod: z.enum(PAYOUT_METHODS),
    identityChecked: z.boolean(),
    consignments: z.number().int(),
    createdAt: textField(),
    archivedAt: textField().nullable(),
  })
  .meta({ id: 'AdminConsignorSummary' });
export type AdminConsignorSummary = z.infer<typeof adminConsignorSummarySchema>;

// ---- Consignment input ----------------------------------------------------------------------------------------

export const adminConsignmentItemInputSchema = z
  .object({
    rugId: z.uuid(m.rugIdInvalid),
    estimateLow: cents,
    estimateHigh: cents,
    reserve: cents.nullable().optional(),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (item.estimateHigh < item.estimateLow)
      ctx.addIssue({ code: 'custom', path: ['estimateHigh'], message: m.highBelowLow });
    if (item.reserve != null && item.reserve > item.estimateLow)
      ctx.addIssue({ code: 'custom', path: ['reserve'], message: m.reserveAboveLow });
  })
  .meta({ id: 'AdminConsignmentItemRequest' });
export type AdminConsignmentItemInput = z.infer<typeof adminConsignmentItemInputSchema>;

export const adminConsignmentCreateSchema = z
  .object({
    consignorId: z.uuid(m.consignorNotFound),
    /** When the rugs came in; default now. */
    receivedAt: z.iso.datetime({ offset: true, error: m.receivedAtInvalid }).optional(),
    /** Terms for this receipt only, over the house's defaults (consignments/terms.ts); null: the defaults. */
    termsOverride: consignmentTermsOverrideSchema.nullable().optional(),
    notes: z.preprocess((v) => v ?? '', textField().trim().max(4000, m.notesMax)).optional(),
    items: z
      .array(adminConsignmentItemInputSchema, { error: m.itemsRequired })
      .min(1, m.itemsRequired)
      .max(200, m.itemsRequired),
  })
  .strict()
  .superRefine((c, ctx) => {
    const seen = new Set<string>();
    c.items.forEach((item, i) => {
      if (seen.has(item.rugId.toLowerCase()))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'rugId'], message: m.rugTwice });
      seen.add(item.rugId.toLowerCase());
    });
  })
  .meta({ id: 'AdminConsignmentCreate' });
export type AdminConsignmentCreate = z.infer<typeof adminConsignmentCreateSchema>;

/** Staff record the agreement sent, or signed on paper; `accepted_online` is the consignor's own doing. */
export const adminConsignmentAgreementSchema = z
  .object({
    status: z.enum(['sent', 'signed_on_paper'], { error: m.agreementStatusInvalid }),
    version: required(40, m.agreementVersionRequired),
  })
  .strict()
  .meta({ id: 'AdminConsignmentAgreement' });

export const adminConsignmentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Matches the number or the consignor's name. */
  q: textField().trim().max(200).optional(),
  consignorId: z.uuid(m.consignorNotFound).optional(),
  /** The receipts that hold this rug (the staff rug page names its consignor; never shown publicly). */
  rugId: z.uuid(m.rugNotFound).optional(),
});
export type AdminConsignmentListQuery = z.infer<typeof adminConsignmentListQuerySchema>;

export const adminConsignmentItemParamSchema = z.object({
  id: z.uuid(m.consignmentNotFound),
  itemId: z.uuid(m.itemNotFound),
});

// ---- Consignment answers --------------------------------------------------------------------------------------

export const adminConsignmentItemSchema = z
  .object({
    id: textField(),
    rugId: textField(),
    rugTitle: textField(),
    rugSlug: textField(),
    estimateLow: z.number().int(),
    estimateHigh: z.number().int(),
    reserve: z.number().int().nullable(),
    status: z.enum(CONSIGNMENT_ITEM_STATUSES),
    /** Where the rug stands now, from its lot, the buyer's order and the settlement (as the portal shows it). */
    liveStatus: z.enum(PORTAL_ITEM_STATUSES),
    createdAt: textField(),
  })
  .meta({ id: 'AdminConsignmentItem' });

export const adminConsignmentSummarySchema = z
  .object({
    id: textField(),
    number: textField(),
    consignor: personRefSchema,
    receivedAt: textField(),
    agreementStatus: z.enum(AGREEMENT_STATUSES),
    items: z.number().int(),
    createdAt: textField(),
  })
  .meta({ id: 'AdminConsignmentSummary' });
export type AdminConsignmentSummary = z.infer<typeof adminConsignmentSummarySchema>;

export const adminConsignmentSchema = z
  .object({
    id: textField(),
    number: textField(),
    consignor: personRefSchema,
    receivedAt: textField(),
    /** As validated when it was recorded (consignments/terms.ts ConsignmentTermsOverride). */
    termsOverride: z.record(z.string(), z.unknown()).nullable(),
    agreement: z.object({
      status: z.enum(AGREEMENT_STATUSES),
      version: textField().nullable(),
      at: textField().nullable(),
      by: personRefSchema.nullable(),
    }),
    notes: textField(),
    createdBy: personRefSchema.nullable(),
    createdAt: textField(),
    items: z.array(adminConsignmentItemSchema),
  })
  .meta({ id: 'AdminConsignment' });
export type AdminConsignment = z.infer<typeof adminConsignmentSchema>;

export const adminConsignorDetailSchema = adminConsignorSchema
  .extend({ consignments: z.array(adminConsignmentSummarySchema) })
  .meta({ id: 'AdminConsignorDetail' });
export type AdminConsignorDetail = z.infer<typeof adminConsignorDetailSchema>;

// ---- Response envelopes ---------------------------------------------------------------------------------------

export const adminConsignorListResponseSchema = z
  .object({ data: z.array(adminConsignorSummarySchema), meta: pagedMetaSchema })
  .meta({ id: 'AdminConsignorList' });
export const adminConsignorDetailResponseSchema = z
  .object({ data: adminConsignorDetailSchema })
  .meta({ id: 'AdminConsignorDetailResponse' });
export const adminConsignorSavedResponseSchema = z
  .object({ message: textField(), data: adminConsignorDetailSchema })
  .meta({ id: 'AdminConsignorSaved' });
export const adminConsignorDeleteResponseSchema = z
  .object({
    message: textField(),
    data: z.object({ id: textField(), outcome: z.enum(['deleted', 'archived']) }),
  })
  .meta({ id: 'AdminConsignorDeleted' });
export const adminConsignmentListResponseSchema = z
  .object({ data: z.array(adminConsignmentSummarySchema), meta: pagedMetaSchema })
  .meta({ id: 'AdminConsignmentList' });
export const adminConsignmentResponseSchema = z
  .object({ data: adminConsignmentSchema })
  .meta({ id: 'AdminConsignmentResponse' });
export const adminConsignmentSavedResponseSchema = z
  .object({ message: textField(), data: adminConsignmentSchema })
  .meta({ id: 'AdminConsignmentSaved' });
