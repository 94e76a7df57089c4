/**
 * Every validation message the user can see, word for word from SPEC.md section 5.
 * Forms and API routes both read from here so the wording can never drift apart.
 */
export const validationMessages = {
  emailRequired: 'Email is required',
  emailMax: 'The email should have at most 50 characters',
  emailInvalid: 'Email address must be a valid address',
  passwordRequired: 'Password is required',
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  // SPEC.md 5 notes the original message said "at least 6" while the bound is 8; we state the real
  // bound so the message never lies to the user (see docs/decisions/006-validation-wording.md).
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must have at most 128 characters',
  passwordStrength:
    'Password must include at least one uppercase letter, one lowercase letter, one number, and one special character',
  confirmPasswordRequired: 'Confirm Password is required',
  passwordsMustMatch: 'Passwords must match',
  termsRequired: 'Please accept the terms and conditions',
  otpRequired: 'OTP is required',
  otpNumber: 'OTP must be a number',
  nameRequired: 'Name is required',
  contactEmailInvalid: 'Invalid email',
  phoneInvalid: 'Invalid phone number',
  phoneRequired: 'Phone Number is required',
  messageRequired: 'Message is required',
  messageMax: 'Message must have at most 250 characters',
  nameMax: 'Must have at most 100 characters',
  googleTokenRequired: 'Google token is required',
  pushTokenRequired: 'Push subscription is required',
  // Not in SPEC.md: PostgreSQL text cannot hold NUL, so every text field refuses it (decision 006).
  textNul: 'Must not contain a NUL character',
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;
