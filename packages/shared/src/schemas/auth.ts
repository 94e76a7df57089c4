import { z } from 'zod';
import { textField } from './text.ts';
import { EMAIL_MAX, NAME_MAX, OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from '../constants/limits.ts';
import { validationMessages as m } from '../messages/validation.ts';
import { requiredString } from './common.ts';
import { userSchema } from './user.ts';

// A pragmatic address pattern: something@domain.tld, no spaces. Full RFC 5322 is not what users expect.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])/;

/** E-mail for login, register and forgot: required, at most 50, standard pattern; trimmed and lower-cased. */
export const emailSchema = textField({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(EMAIL_MAX, m.emailMax)
  .regex(EMAIL_PATTERN, m.emailInvalid)
  .toLowerCase();

/** A new password: the register rule (min 8, max 128, upper, lower, digit, special). */
export const newPasswordSchema = textField({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN, m.passwordMin)
  .max(PASSWORD_MAX, m.passwordMax)
  .regex(STRONG_PASSWORD, m.passwordStrength);

export const otpSchema = textField({ error: m.otpRequired })
  .trim()
  .min(1, m.otpRequired)
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), m.otpNumber);

export const loginSchema = z
  .object({
    email: emailSchema,
    password: textField({ error: m.passwordRequired })
      .min(1, m.passwordRequired)
      .max(PASSWORD_MAX, m.passwordMax),
  })
  .meta({ id: 'LoginRequest' });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    first_name: requiredString(m.firstNameRequired).max(NAME_MAX, m.nameMax),
    last_name: requiredString(m.lastNameRequired).max(NAME_MAX, m.nameMax),
    email: emailSchema,
    password: newPasswordSchema,
  })
  .meta({ id: 'RegisterRequest' });
export type RegisterInput = z.infer<typeof registerSchema>;

/** The Sign Up dialog: the API payload plus confirmation and terms. */
export const registerFormSchema = registerSchema
  .extend({
    confirm_password: textField({ error: m.confirmPasswordRequired }).min(1, m.confirmPasswordRequired),
    terms: z.boolean().refine((v) => v, m.termsRequired),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: m.passwordsMustMatch,
    path: ['confirm_password'],
  });
export type RegisterFormInput = z.input<typeof registerFormSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema }).meta({ id: 'ForgotPasswordRequest' });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resendOtpSchema = z.object({ email: emailSchema }).meta({ id: 'ResendOtpRequest' });

/**
 * The code and the password travel together: whoever proves the mailbox sets the password, so a password
 * typed by someone else at a second registration of a pending e-mail never survives verification.
 */
export const verifyOtpSchema = z
  .object({ email: emailSchema, otp: otpSchema, password: newPasswordSchema })
  .meta({ id: 'VerifyOtpRequest' });
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

export const resetPasswordSchema = z
  .object({ email: emailSchema, otp: otpSchema, password: newPasswordSchema })
  .meta({ id: 'ResetPasswordRequest' });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The Reset Password dialog: OTP boxes, new password and its confirmation (e-mail comes from Forgot). */
export const resetPasswordFormSchema = z
  .object({
    otp: otpSchema,
    password: newPasswordSchema,
    confirm_password: textField({ error: m.confirmPasswordRequired })
      .min(1, m.confirmPasswordRequired)
      .min(PASSWORD_MIN, m.passwordMin),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: m.passwordsMustMatch,
    path: ['confirm_password'],
  });
export type ResetPasswordFormInput = z.input<typeof resetPasswordFormSchema>;

export const googleLoginSchema = z
  .object({ token: textField({ error: m.googleTokenRequired }).min(1, m.googleTokenRequired).max(8192) })
  .meta({ id: 'GoogleLoginRequest' });

export const loginResponseSchema = z
  .object({ message: textField(), accessToken: textField(), user: userSchema })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const verifyOtpResponseSchema = z
  .object({ message: textField(), token: textField(), user: userSchema })
  .meta({ id: 'VerifyOtpResponse' });
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;

/**
 * Login's query: `unverified=accepted` asks for 202 instead of 403 when the e-mail is not verified yet (the
 * web app, for which it is an expected answer: a browser logs every 4xx as a console error).
 */
export const loginQuerySchema = z.object({ unverified: z.enum(['accepted']).optional() });

/** 403 (or 202, see loginQuerySchema) from login when the e-mail is not verified yet: the web app goes to /verify-otp. */
export const otpRequiredResponseSchema = z
  .object({ message: textField(), data: z.object({ email: textField(), requiresOtp: z.literal(true) }) })
  .meta({ id: 'OtpRequiredResponse' });
export type OtpRequiredResponse = z.infer<typeof otpRequiredResponseSchema>;

export const meResponseSchema = z.object({ user: userSchema }).meta({ id: 'MeResponse' });

/** PUT /auth/profile (multipart or JSON): names, optional e-mail change guarded by the current password. */
export const profileUpdateSchema = z
  .object({
    first_name: requiredString(m.firstNameRequired).max(NAME_MAX, m.nameMax).optional(),
    last_name: requiredString(m.lastNameRequired).max(NAME_MAX, m.nameMax).optional(),
    email: emailSchema.optional(),
    current_password: textField().max(PASSWORD_MAX, m.passwordMax).optional(),
  })
  .meta({ id: 'ProfileUpdateRequest' });
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** PUT /auth/profile answer. */
export const profileResponseSchema = z
  .object({ message: textField(), user: userSchema })
  .meta({ id: 'ProfileResponse' });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** GET /auth/config: what the sign-in dialogs need to know (null hides the Google buttons). */
export const authConfigResponseSchema = z
  .object({ googleClientId: textField().nullable() })
  .meta({ id: 'AuthConfig' });
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;
