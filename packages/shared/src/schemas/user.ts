import { z } from 'zod';
import { allRoles } from '../abilities/staff.ts';
import { textField } from './text.ts';
import { SUPPORTED_LANGUAGES } from '../constants/languages.ts';

export const roleSchema = z.enum(allRoles);
export type Role = z.infer<typeof roleSchema>;

/** The user object every auth answer carries (SPEC.md 3, issue 2 section 4). */
export const userSchema = z
  .object({
    id: textField(),
    first_name: textField(),
    last_name: textField(),
    email: textField(),
    /** A path the web app appends to the image base address; null means the default avatar. */
    profileImage: textField().nullable(),
    /** Masked card number, null until a card is saved. */
    cardNumber: textField().nullable(),
    role: roleSchema,
    emailVerified: z.boolean(),
    createdAt: textField(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/** PUT /auth/language: the account's language, which its e-mails follow (issue 9). */
// Kept out of constants/languages.ts, which the web's first download reads: zod loads only with the forms.
export const languageSchema = z.enum(SUPPORTED_LANGUAGES);

export const languageUpdateSchema = z
  .object({ language: languageSchema })
  .meta({ id: 'LanguageUpdateRequest' });
export type LanguageUpdate = z.infer<typeof languageUpdateSchema>;
export const languageUpdateResponseSchema = z
  .object({ language: languageSchema })
  .meta({ id: 'LanguageUpdateResponse' });
