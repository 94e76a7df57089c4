import { describe, expect, it } from 'vitest';
import { contactSchema } from '../../src/schemas/contact.ts';
import { validationMessages as m } from '../../src/messages/validation.ts';
import { chars, firstError, firstErrors } from './first-errors.ts';

const valid = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  mobile_number: '+441234567890',
  message: 'Hello',
};
const fieldError = (patch: Record<string, unknown>, field: string) =>
  firstError(contactSchema, { ...valid, ...patch }, field);

describe('contact form (SPEC.md 5)', () => {
  it('accepts a valid message', () => {
    expect(firstErrors(contactSchema, valid)).toEqual({});
  });

  it('shows every required message on an empty form', () => {
    expect(firstErrors(contactSchema, { name: '', email: '', mobile_number: '', message: '' })).toEqual({
      name: m.nameRequired,
      email: m.emailRequired,
      mobile_number: m.phoneRequired,
      message: m.messageRequired,
    });
  });

  it('trims every field', () => {
    expect(
      contactSchema.parse({
        name: ' Ada ',
        email: ' ada@example.com ',
        mobile_number: ' 12345678 ',
        message: ' Hi ',
      }),
    ).toEqual({ name: 'Ada', email: 'ada@example.com', mobile_number: '12345678', message: 'Hi' });
  });

  describe('name', () => {
    it('is required: missing, empty, blank', () => {
      for (const name of [undefined, '', '   ']) expect(fieldError({ name }, 'name')).toBe(m.nameRequired);
    });

    it('accepts 100 characters and refuses 101', () => {
      expect(fieldError({ name: chars(100) }, 'name')).toBeUndefined();
      expect(fieldError({ name: chars(101) }, 'name')).toBe(m.nameMax);
    });
  });

  describe('email', () => {
    it('is required: missing, empty, blank', () => {
      for (const email of [undefined, '', '  ']) expect(fieldError({ email }, 'email')).toBe(m.emailRequired);
    });

    it.each(['ada', 'ada@', 'ada@example', 'a da@example.com', '@example.com'])(
      'refuses %j with "Invalid email"',
      (email) => {
        expect(fieldError({ email }, 'email')).toBe(m.contactEmailInvalid);
      },
    );

    it('accepts an address with surrounding spaces', () => {
      expect(fieldError({ email: '  ada@example.com  ' }, 'email')).toBeUndefined();
    });
  });

  describe('phone (mobile_number)', () => {
    const phoneError = (mobile_number: unknown) => fieldError({ mobile_number }, 'mobile_number');

    it('is required: missing, empty, blank', () => {
      for (const p of [undefined, '', '   ']) expect(phoneError(p)).toBe(m.phoneRequired);
    });

    it.each([
      ['7 digits', '1234567', m.phoneInvalid],
      ['8 digits', '12345678', undefined],
      ['15 digits', '123456789012345', undefined],
      ['16 digits', '1234567890123456', m.phoneInvalid],
      ['+ and 7 digits', '+1234567', m.phoneInvalid],
      ['+ and 8 digits', '+12345678', undefined],
      ['+ and 15 digits', '+123456789012345', undefined],
      ['+ and 16 digits', '+1234567890123456', m.phoneInvalid],
    ])('%s', (_, phone, expected) => {
      expect(phoneError(phone)).toBe(expected);
    });

    it.each(['++12345678', '1234+5678', '1234 5678', '1234-5678', '(123)45678', '12345678a', 'phone number'])(
      'refuses %j',
      (phone) => {
        expect(phoneError(phone)).toBe(m.phoneInvalid);
      },
    );

    it('trims before checking', () => {
      expect(phoneError('  +12345678  ')).toBeUndefined();
    });
  });

  describe('message', () => {
    it('is required: missing, empty, blank', () => {
      for (const message of [undefined, '', ' \n '])
        expect(fieldError({ message }, 'message')).toBe(m.messageRequired);
    });

    it('accepts 250 characters (the counter) and refuses 251', () => {
      expect(fieldError({ message: chars(250) }, 'message')).toBeUndefined();
      expect(fieldError({ message: chars(251) }, 'message')).toBe(m.messageMax);
    });

    it('counts the length after trimming', () => {
      expect(fieldError({ message: `  ${chars(250)}  ` }, 'message')).toBeUndefined();
    });
  });
});
