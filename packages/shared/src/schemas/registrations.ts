/**
 * Registration to bid (issue 28 §1, decision 090): a sale may require it. The bidder accepts the sale's terms,
 * confirms the address they would ship to and a phone the house can call, and (if the sale asks) has a card on
 * file; they get a paddle number for the sale and are approved at once by the house's rules or wait for staff.
 */
import { z } from 'zod';
import { PHONE_PATTERN } from '../constants/limits.ts';
import { textField } from './text.ts';
import { registrationMessages } from '../messages/registrations.ts';

export { registrationMessages };
const m = registrationMessages;

/** POST /rug/upcoming/{id}/registration. */
export const registrationCreateSchema = z
  .object({
    acceptTerms: z.literal(true, { error: m.termsRequired }),
    addressId: z.uuid({ error: m.addressRequired }),
    // People type "+44 (0)20 7946-0958": spaces, dots, dashes and brackets are dropped before the check.
    phone: textField({ error: m.phoneRequired })
      .trim()
      .min(1, m.phoneRequired)
      .transform((v) => v.replace(/[\s().-]/g, ''))
      .pipe(textField().regex(PHONE_PATTERN, m.phoneInvalid)),
  })
  .strict()
  .meta({ id: 'RegistrationCreate' });
export type RegistrationCreate = z.infer<typeof registrationCreateSchema>;

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** The house rules a registration did not meet (it waits for staff): shown to the bidder as what to do. */
export const REGISTRATION_GAPS = ['email', 'card', 'address', 'history', 'standing'] as const;
export type RegistrationGap = (typeof REGISTRATION_GAPS)[number];

/** The caller's registration for a sale. */
export const registrationSchema = z
  .object({
    id: textField(),
    auctionId: textField(),
    paddle: z.number().int(),
    status: z.enum(REGISTRATION_STATUSES),
    /** Why staff rejected it (their words), or null. */
    reason: textField().nullable(),
    /** While pending: the house rules not met yet. */
    gaps: z.array(z.enum(REGISTRATION_GAPS)),
    createdAt: textField(),
    decidedAt: textField().nullable(),
  })
  .meta({ id: 'Registration' });
export type Registration = z.infer<typeof registrationSchema>;

/** What the sale asks and where the caller stands (GET /rug/upcoming/{id}/registration). */
export const registrationStandingSchema = z
  .object({
    required: z.boolean(),
    cardRequired: z.boolean(),
    /** False once the sale has ended. */
    open: z.boolean(),
    registration: registrationSchema.nullable(),
  })
  .meta({ id: 'RegistrationStanding' });
export type RegistrationStanding = z.infer<typeof registrationStandingSchema>;

export const registrationStandingResponseSchema = z
  .object({ data: registrationStandingSchema })
  .meta({ id: 'RegistrationStandingResponse' });
export const registrationResponseSchema = z
  .object({ message: textField(), data: registrationStandingSchema })
  .meta({ id: 'RegistrationResponse' });

/** My registrations, newest sale first (My Items). */
export const myRegistrationSchema = registrationSchema
  .extend({
    auctionTitle: textField(),
    auctionSlug: textField(),
    auctionType: z.enum(['timed', 'live']),
    startsAt: textField(),
  })
  .meta({ id: 'MyRegistration' });
export type MyRegistration = z.infer<typeof myRegistrationSchema>;
export const myRegistrationListResponseSchema = z
  .object({ data: z.array(myRegistrationSchema) })
  .meta({ id: 'MyRegistrationList' });
