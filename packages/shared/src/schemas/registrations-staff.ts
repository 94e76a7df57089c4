/** A sale's registrations to bid as staff see them (issue 28 §1, §5): the approval queue and its decisions. */
import { z } from 'zod';
import { REGISTRATION_GAPS, REGISTRATION_STATUSES, registrationCreateSchema } from './registrations.ts';
import { emailSchema } from './auth.ts';
import { textField } from './text.ts';

export const adminRegistrationMessages = {
  notFound: 'Registration not found',
  reasonRequired: 'Say why the registration is rejected (the bidder reads it), up to 500 characters',
  limitInvalid: 'Enter a limit of 0 or more, in whole currency units',
  approved: 'Registration approved',
  rejected: 'Registration rejected',
  unchanged: 'The registration already has this decision',
  registered: 'Bidder registered',
  noAccount: 'No account uses this e-mail address; the bidder must sign up first',
  alreadyRegistered: 'This bidder is already registered for the sale',
  paddleTaken: 'This paddle number is already given to another bidder in this sale',
  paddleInvalid: 'Enter a paddle number from 1 to 99999, or leave it empty for the next one',
} as const;
const m = adminRegistrationMessages;

export const adminRegistrationQuerySchema = z.object({
  status: z.enum(REGISTRATION_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminRegistrationQuery = z.infer<typeof adminRegistrationQuerySchema>;

export const adminRegistrationParamsSchema = z.object({
  id: z.uuid(),
  registrationId: z.uuid({ error: m.notFound }),
});

/**
 * POST /admin/auctions/{id}/registrations/{registrationId}/decision: approve (optionally with a bidding limit, which
 * becomes the bidder's limit, decision 090) or reject with a reason the bidder reads. Staff may change a decision.
 */
export const adminRegistrationDecisionSchema = z
  .discriminatedUnion('decision', [
    z
      .object({
        decision: z.literal('approve'),
        limitCents: z
          .number({ error: m.limitInvalid })
          .int(m.limitInvalid)
          .min(0, m.limitInvalid)
          .max(100_000_000_000, m.limitInvalid)
          .multipleOf(100, m.limitInvalid)
          .nullable()
          .default(null),
      })
      .strict(),
    z
      .object({
        decision: z.literal('reject'),
        reason: textField({ error: m.reasonRequired })
          .trim()
          .min(1, m.reasonRequired)
          .max(500, m.reasonRequired),
      })
      .strict(),
  ])
  .meta({ id: 'AdminRegistrationDecision' });
export type AdminRegistrationDecision = z.infer<typeof adminRegistrationDecisionSchema>;

/**
 * POST /admin/auctions/{id}/registrations: staff register a bidder who has an account (at the front desk, on the
 * phone), approved at once, with the paddle number they hand over or the sale's next one. The bidder's default
 * address is taken if they have one.
 */
export const adminRegistrationCreateSchema = z
  .object({
    email: emailSchema,
    phone: registrationCreateSchema.shape.phone,
    paddle: z
      .number({ error: m.paddleInvalid })
      .int(m.paddleInvalid)
      .min(1, m.paddleInvalid)
      .max(99_999, m.paddleInvalid)
      .nullable()
      .default(null),
  })
  .strict()
  .meta({ id: 'AdminRegistrationCreate' });
export type AdminRegistrationCreate = z.infer<typeof adminRegistrationCreateSchema>;

/** One registration in a sale's queue, with what staff need to decide. */
export const adminRegistrationSchema = z
  .object({
    id: textField(),
    auctionId: textField(),
    userId: textField(),
    name: textField(),
    email: textField(),
    paddle: z.number().int(),
    status: z.enum(REGISTRATION_STATUSES),
    reason: textField().nullable(),
    /** The house rules not met, read now (a pending registration's reasons to wait). */
    gaps: z.array(z.enum(REGISTRATION_GAPS)),
    phone: textField(),
    /** The address confirmed when registering, as lines to print, or null if since deleted. */
    address: z.array(textField()).nullable(),
    country: textField().nullable(),
    emailVerified: z.boolean(),
    cardOnFile: z.boolean(),
    /** Orders unpaid past their due date (strikes). */
    activeStrikes: z.number().int(),
    biddingBlocked: z.boolean(),
    /** Purchases paid before, any sale. */
    paidPurchases: z.number().int(),
    /** The bidder's bidding limit now (cents), or null for none. */
    limitCents: z.number().int().nullable(),
    createdAt: textField(),
    decidedAt: textField().nullable(),
    /** Null: approved by the house's rules. */
    decidedBy: textField().nullable(),
  })
  .meta({ id: 'AdminRegistration' });
export type AdminRegistration = z.infer<typeof adminRegistrationSchema>;

export const adminRegistrationListResponseSchema = z
  .object({
    data: z.array(adminRegistrationSchema),
    meta: z.object({
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int(),
      totalPages: z.number().int(),
    }),
    counts: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
  })
  .meta({ id: 'AdminRegistrationList' });
export type AdminRegistrationList = z.infer<typeof adminRegistrationListResponseSchema>;

export const adminRegistrationResponseSchema = z
  .object({ message: textField(), data: adminRegistrationSchema })
  .meta({ id: 'AdminRegistrationResponse' });
