import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  forgotPasswordSchema,
  googleLoginSchema,
  loginSchema,
  registerFormSchema,
  registerSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  verifyOtpSchema,
} from '../../src/schemas/auth.ts';
import { validationMessages as m } from '../../src/messages/validation.ts';
import { chars, emailOfLength, firstError, firstErrors } from './first-errors.ts';

const STRONG = 'Rugs@2024';
const validRegister = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: STRONG,
};
const validRegisterForm = { ...validRegister, confirm_password: STRONG, terms: true };

describe('e-mail (login, register, forgot)', () => {
  const schemas = { login: loginSchema, register: registerSchema, forgot: forgotPasswordSchema } as const;
  const base = {
    login: { email: '', password: 'x' },
    register: validRegister,
    forgot: { email: '' },
  } as const;

  describe.each(Object.keys(schemas) as (keyof typeof schemas)[])('%s', (name) => {
    const emailError = (email: unknown) => firstError(schemas[name], { ...base[name], email }, 'email');

    it('is required: missing, empty and blank all say so first', () => {
      expect(emailError(undefined)).toBe(m.emailRequired);
      expect(emailError('')).toBe(m.emailRequired);
      expect(emailError('   ')).toBe(m.emailRequired);
    });

    it('accepts 50 characters and refuses 51', () => {
      expect(emailOfLength(50)).toHaveLength(50);
      expect(emailError(emailOfLength(50))).toBeUndefined();
      expect(emailError(emailOfLength(51))).toBe(m.emailMax);
    });

    it('counts the length after trimming', () => {
      expect(emailError(`  ${emailOfLength(50)}  `)).toBeUndefined();
    });

    it.each([
      'plainaddress',
      'no-at.example.com',
      'a@b',
      'a@b.c',
      'a b@example.com',
      'a@@example.com',
      '@example.com',
      'a@',
    ])('refuses the malformed address %j', (email) => {
      expect(emailError(email)).toBe(m.emailInvalid);
    });

    it.each(['a@b.co', 'first.last+tag@sub.example.org', 'X_Y-1@example.museum'])('accepts %j', (email) => {
      expect(emailError(email)).toBeUndefined();
    });
  });

  it('trims and lower-cases what it returns', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('says "at most 50" before "valid address" for a long malformed value', () => {
    expect(firstError(forgotPasswordSchema, { email: chars(51) }, 'email')).toBe(m.emailMax);
  });
});

describe('login password', () => {
  const passwordError = (password: unknown) =>
    firstError(loginSchema, { email: 'a@b.co', password }, 'password');

  it('is required', () => {
    expect(passwordError(undefined)).toBe(m.passwordRequired);
    expect(passwordError('')).toBe(m.passwordRequired);
  });

  it('does not apply the strength rule (old accounts must still sign in)', () => {
    expect(passwordError('x')).toBeUndefined();
    expect(passwordError('alllowercase')).toBeUndefined();
  });

  it('caps the length at 128', () => {
    expect(passwordError(chars(128))).toBeUndefined();
    expect(passwordError(chars(129))).toBe(m.passwordMax);
  });
});

describe('register', () => {
  const fieldError = (patch: Record<string, unknown>, field: string) =>
    firstError(registerSchema, { ...validRegister, ...patch }, field);

  it('accepts a valid payload', () => {
    expect(firstErrors(registerSchema, validRegister)).toEqual({});
  });

  describe.each([
    ['first_name', m.firstNameRequired],
    ['last_name', m.lastNameRequired],
  ])('%s', (field, required) => {
    it('is required: missing, empty and blank', () => {
      expect(fieldError({ [field]: undefined }, field)).toBe(required);
      expect(fieldError({ [field]: '' }, field)).toBe(required);
      expect(fieldError({ [field]: ' \t ' }, field)).toBe(required);
    });

    it('is trimmed', () => {
      const parsed = registerSchema.parse({ ...validRegister, [field]: '  Grace  ' });
      expect(parsed[field as 'first_name' | 'last_name']).toBe('Grace');
    });

    it('accepts 100 characters and refuses 101', () => {
      expect(fieldError({ [field]: chars(100) }, field)).toBeUndefined();
      expect(fieldError({ [field]: chars(101) }, field)).toBe(m.nameMax);
    });
  });

  describe('password', () => {
    const passwordError = (password: unknown) => fieldError({ password }, 'password');

    it('is required', () => {
      expect(passwordError(undefined)).toBe(m.passwordRequired);
      expect(passwordError('')).toBe(m.passwordRequired);
    });

    it('needs 8 characters: 7 is refused with the minimum message, 8 is accepted', () => {
      expect(passwordError('Rug@202')).toBe(m.passwordMin);
      expect(passwordError('Rugs@202')).toBeUndefined();
    });

    it.each([
      ['an upper-case letter', 'rugs@2024'],
      ['a lower-case letter', 'RUGS@2024'],
      ['a digit', 'Rugs@abcd'],
      ['a special character', 'Rugs2024x'],
      ['a special character from @$!%*?& (not #)', 'Rugs#2024'],
    ])('without %s is refused with the strength message', (_, password) => {
      expect(passwordError(password)).toBe(m.passwordStrength);
    });

    it.each(['@', '$', '!', '%', '*', '?', '&'])('accepts %s as the special character', (special) => {
      expect(passwordError(`Rugs${special}2024`)).toBeUndefined();
    });

    it('accepts 128 characters and refuses 129', () => {
      expect(passwordError(STRONG + chars(128 - STRONG.length))).toBeUndefined();
      expect(passwordError(STRONG + chars(129 - STRONG.length))).toBe(m.passwordMax);
    });

    it('is not trimmed: spaces count as characters', () => {
      expect(registerSchema.parse({ ...validRegister, password: ' Rugs@2024 ' }).password).toBe(
        ' Rugs@2024 ',
      );
    });
  });
});

describe('the Sign Up form', () => {
  const formErrors = (patch: Record<string, unknown>) =>
    firstErrors(registerFormSchema, { ...validRegisterForm, ...patch });

  it('accepts a complete form', () => {
    expect(formErrors({})).toEqual({});
  });

  it('requires the confirmation', () => {
    expect(formErrors({ confirm_password: '' }).confirm_password).toBe(m.confirmPasswordRequired);
    expect(formErrors({ confirm_password: undefined }).confirm_password).toBe(m.confirmPasswordRequired);
  });

  it('requires the confirmation to equal the password', () => {
    expect(formErrors({ confirm_password: 'Rugs@2025' })).toEqual({ confirm_password: m.passwordsMustMatch });
  });

  it('shows the mismatch while other fields are still empty (validation on every change)', () => {
    const errors = formErrors({ first_name: '', last_name: '', email: '', confirm_password: 'R' });
    expect(errors.confirm_password).toBe(m.passwordsMustMatch);
    expect(errors.first_name).toBe(m.firstNameRequired);
  });

  it('requires the terms box', () => {
    expect(formErrors({ terms: false })).toEqual({ terms: m.termsRequired });
  });

  it('shows every required message on an empty form, one per field', () => {
    expect(
      firstErrors(registerFormSchema, {
        first_name: '',
        last_name: '',
        email: '',
        password: '',
        confirm_password: '',
        terms: false,
      }),
    ).toEqual({
      first_name: m.firstNameRequired,
      last_name: m.lastNameRequired,
      email: m.emailRequired,
      password: m.passwordRequired,
      confirm_password: m.confirmPasswordRequired,
      terms: m.termsRequired,
    });
  });
});

describe('one-time code', () => {
  const otpError = (otp: unknown) => firstError(verifyOtpSchema, { email: 'a@b.co', otp }, 'otp');

  it('is required', () => {
    expect(otpError(undefined)).toBe(m.otpRequired);
    expect(otpError('')).toBe(m.otpRequired);
    expect(otpError('  ')).toBe(m.otpRequired);
  });

  it('is exactly 4 digits: 3 and 5 are refused, 4 accepted', () => {
    expect(otpError('123')).toBe(m.otpNumber);
    expect(otpError('1234')).toBeUndefined();
    expect(otpError('12345')).toBe(m.otpNumber);
  });

  it.each(['abcd', '12a4', '12.4', '-123', '１２３４', '12 4'])('refuses %j as not a number', (otp) => {
    expect(otpError(otp)).toBe(m.otpNumber);
  });

  it('keeps leading zeros and trims surrounding space', () => {
    expect(verifyOtpSchema.parse({ email: 'a@b.co', otp: ' 0042 ', password: STRONG }).otp).toBe('0042');
  });
});

describe('reset password', () => {
  const valid = { email: 'ada@example.com', otp: '1234', password: STRONG };

  it('accepts a valid payload', () => {
    expect(firstErrors(resetPasswordSchema, valid)).toEqual({});
  });

  it('applies the same strength rule as register (docs/decisions/006)', () => {
    const errors = (password: string) => firstError(resetPasswordSchema, { ...valid, password }, 'password');
    expect(errors('')).toBe(m.passwordRequired);
    expect(errors('Rug@202')).toBe(m.passwordMin);
    expect(errors('rugs@2024')).toBe(m.passwordStrength);
    expect(errors(STRONG + chars(129 - STRONG.length))).toBe(m.passwordMax);
  });

  it('validates the e-mail and code like everywhere else', () => {
    expect(firstErrors(resetPasswordSchema, { ...valid, email: '', otp: '' })).toEqual({
      email: m.emailRequired,
      otp: m.otpRequired,
    });
  });

  describe('the Reset Password form', () => {
    const validForm = { otp: '1234', password: STRONG, confirm_password: STRONG };
    const formErrors = (patch: Record<string, unknown>) =>
      firstErrors(resetPasswordFormSchema, { ...validForm, ...patch });

    it('accepts a complete form', () => {
      expect(formErrors({})).toEqual({});
    });

    it('requires the code, 4 digits', () => {
      expect(formErrors({ otp: '' }).otp).toBe(m.otpRequired);
      expect(formErrors({ otp: '123' }).otp).toBe(m.otpNumber);
      expect(formErrors({ otp: '12345' }).otp).toBe(m.otpNumber);
    });

    it('requires the new password, at least 8', () => {
      expect(formErrors({ password: '', confirm_password: '' }).password).toBe(m.passwordRequired);
      expect(formErrors({ password: 'Rug@202', confirm_password: 'Rug@202' }).password).toBe(m.passwordMin);
    });

    it('requires the confirmation, at least 8, equal to the password', () => {
      expect(formErrors({ confirm_password: '' }).confirm_password).toBe(m.confirmPasswordRequired);
      expect(formErrors({ confirm_password: 'Rug@202' }).confirm_password).toBe(m.passwordMin);
      expect(formErrors({ confirm_password: 'Rugs@2025' })).toEqual({
        confirm_password: m.passwordsMustMatch,
      });
    });
  });
});

describe('Google sign-in', () => {
  it('requires a token', () => {
    expect(firstError(googleLoginSchema, {}, 'token')).toBe(m.googleTokenRequired);
    expect(firstError(googleLoginSchema, { token: '' }, 'token')).toBe(m.googleTokenRequired);
    expect(firstErrors(googleLoginSchema, { token: 'eyJ' })).toEqual({});
  });
});
