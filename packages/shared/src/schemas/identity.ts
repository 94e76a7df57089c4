/** Identity checks above the house's threshold (issue 28 §3, decision 093): the collector's and the staff's shapes. */
import { z } from 'zod';
import { identityMessages as m, identityStaffMessages as sm } from '../messages/identity.ts';
import { textField } from './text.ts';

export const identityDocumentKinds = ['passport', 'id_card', 'driving_licence'] as const;
export type IdentityDocumentKind = (typeof identityDocumentKinds)[number];
export const identityDocumentKindSchema = z.enum(identityDocumentKinds, { error: m.documentKindInvalid });

export const identityCheckStatuses = ['pending', 'approved', 'rejected'] as const;
export type IdentityCheckStatus = (typeof identityCheckStatuses)[number];
/** A buyer's standing: their latest check's status, or `none` before any upload. */
export const identityStandingSchema = z.enum(['none', ...identityCheckStatuses]);
export type IdentityStanding = z.infer<typeof identityStandingSchema>;

/** Largest document accepted (a phone photo or a scanned PDF). */
export const IDENTITY_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The multipart fields of POST /identity/document besides the `document` file. */
export const identityUploadFieldsSchema = z.object({ kind: identityDocumentKindSchema }).strict();

/**
 * Where a buyer stands against the threshold: their purchases within the period (paid and unpaid, in the threshold's
 * currency when the house can convert, else in the house currency: `currency` says which), and their latest check.
 * `required`: the total reaches the threshold (GET /identity) or would with the lot's low estimate (the lot page).
 */
export const identityStatusSchema = z
  .object({
    enabled: z.boolean(),
    required: z.boolean(),
    approved: z.boolean(),
    status: identityStandingSchema,
    reason: textField().nullable(),
    submittedAt: textField().nullable(),
    reviewedAt: textField().nullable(),
    totalCents: z.number().int(),
    thresholdCents: z.number().int(),
    currency: textField(),
    periodMonths: z.number().int(),
  })
  .meta({ id: 'IdentityStatus' });
export type IdentityStatus = z.infer<typeof identityStatusSchema>;
export const identityStatusResponseSchema = z
  .object({ data: identityStatusSchema })
  .meta({ id: 'IdentityStatusResponse' });
export const identityUploadResponseSchema = z
  .object({ message: textField(), data: identityStatusSchema })
  .meta({ id: 'IdentityUploadResponse' });

/** GET /rug/offer/identity/{rug or lot id}: would winning this lot at its low estimate need the check? */
export const lotIdentityParamSchema = z.object({ id: textField().min(1).max(200) });

// ---- Staff -----------------------------------------------------------------------------------------------------

export const adminIdentityCheckSchema = z
  .object({
    id: textField(),
    userId: textField(),
    userName: textField(),
    userEmail: textField(),
    kind: identityDocumentKindSchema,
    contentType: textField(),
    sizeBytes: z.number().int(),
    status: z.enum(identityCheckStatuses),
    reason: textField().nullable(),
    reviewedBy: textField().nullable(),
    reviewedAt: textField().nullable(),
    createdAt: textField(),
    /** The document was deleted at the end of the retention period: the decision stays, the file is gone. */
    deletedAt: textField().nullable(),
  })
  .meta({ id: 'AdminIdentityCheck' });
export type AdminIdentityCheck = z.infer<typeof adminIdentityCheckSchema>;

export const adminIdentityListQuerySchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'all']).default('pending'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminIdentityListResponseSchema = z
  .object({
    data: z.array(adminIdentityCheckSchema),
    meta: z.object({
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    }),
  })
  .meta({ id: 'AdminIdentityCheckList' });
export const adminIdentityCheckResponseSchema = z
  .object({ message: textField(), data: adminIdentityCheckSchema })
  .meta({ id: 'AdminIdentityCheckSaved' });
export const adminIdentityRejectSchema = z
  .object({
    reason: textField({ error: sm.reasonRequired })
      .trim()
      .min(1, sm.reasonRequired)
      .max(500, sm.reasonRequired),
  })
  .strict()
  .meta({ id: 'AdminIdentityReject' });
/** A bidder's checks for their page in the back office, newest first, with where they stand. */
export const adminUserIdentityResponseSchema = z
  .object({ data: z.object({ status: identityStatusSchema, checks: z.array(adminIdentityCheckSchema) }) })
  .meta({ id: 'AdminUserIdentity' });
