import { describe, expect, it } from 'vitest';
import { validationMessages as m } from '../../src/messages/validation.ts';

// The wording of SPEC.md section 5, copied here by hand so a change in validation.ts fails a test.
describe('validation messages (SPEC.md 5, word for word)', () => {
  it.each([
    [m.emailRequired, 'Email is required'],
    [m.emailMax, 'The email should have at most 50 characters'],
    [m.emailInvalid, 'Email address must be a valid address'],
    [m.passwordRequired, 'Password is required'],
    [m.firstNameRequired, 'First Name is required'],
    [m.lastNameRequired, 'Last Name is required'],
    [
      m.passwordStrength,
      'Password must include at least one uppercase letter, one lowercase letter, one number, and one special character',
    ],
    [m.confirmPasswordRequired, 'Confirm Password is required'],
    [m.passwordsMustMatch, 'Passwords must match'],
    [m.otpRequired, 'OTP is required'],
    [m.otpNumber, 'OTP must be a number'],
    [m.nameRequired, 'Name is required'],
    [m.contactEmailInvalid, 'Invalid email'],
    [m.phoneInvalid, 'Invalid phone number'],
    [m.phoneRequired, 'Phone Number is required'],
    [m.messageRequired, 'Message is required'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('states the real password minimum of 8, not the original "at least 6" (docs/decisions/006)', () => {
    expect(m.passwordMin).toBe('Password must be at least 8 characters');
  });
});
