import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { validationMessages as v } from '@knotwork/shared/messages/validation';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { get, lastCode, newAccount, post, signUp } from './helpers.ts';

describe('forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => t.close());

  it('answers forgot identically for known and unknown e-mails, mailing only the owner', async () => {
    const owner = await signUp(t);
    const before = t.mails.length;
    const known = await post(t, '/auth/password/forgot', { email: owner.email });
    const unknown = await post(t, '/auth/password/forgot', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: apiMessages.passwordForgot });
    expect(unknown.json()).toEqual(known.json());
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)).toMatchObject({
      to: owner.email,
      subject: expect.stringMatching(/password reset code/),
    });
  });

  it('resets the password, revokes every session and lets the new password in', async () => {
    const owner = await signUp(t);
    const second = (await post(t, '/auth/login', { email: owner.email, password: owner.password })).json()
      .accessToken as string;
    await post(t, '/auth/password/forgot', { email: owner.email });
    const res = await post(t, '/auth/password/reset', {
      email: owner.email,
      otp: lastCode(t, owner.email),
      password: 'Fresh@Pass1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: apiMessages.passwordReset });
    expect((await get(t, '/auth/me', owner.token)).statusCode).toBe(401);
    expect((await get(t, '/auth/me', second)).statusCode).toBe(401);
    expect((await post(t, '/auth/login', { email: owner.email, password: owner.password })).statusCode).toBe(
      401,
    );
    expect((await post(t, '/auth/login', { email: owner.email, password: 'Fresh@Pass1' })).statusCode).toBe(
      200,
    );
  });

  it('verifies an unverified e-mail through a reset (the code proves the mailbox)', async () => {
    const account = newAccount();
    await post(t, '/auth/register', account);
    await post(t, '/auth/password/forgot', { email: account.email });
    await post(t, '/auth/password/reset', {
      email: account.email,
      otp: lastCode(t, account.email),
      password: 'Fresh@Pass1',
    });
    const login = await post(t, '/auth/login', { email: account.email, password: 'Fresh@Pass1' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.emailVerified).toBe(true);
  });

  it('refuses a wrong code and an unknown account the same way', async () => {
    const owner = await signUp(t);
    await post(t, '/auth/password/forgot', { email: owner.email });
    const code = lastCode(t, owner.email);
    const wrong = await post(t, '/auth/password/reset', {
      email: owner.email,
      otp: code === '0000' ? '0001' : '0000',
      password: 'Fresh@Pass1',
    });
    const unknown = await post(t, '/auth/password/reset', {
      email: 'nobody@example.com',
      otp: '1234',
      password: 'Fresh@Pass1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(apiMessages.otpInvalid);
  });

  it.each([
    [{ otp: '1234', password: 'Fresh@Pass1' }, 'email', v.emailRequired],
    [{ email: 'a@example.com', password: 'Fresh@Pass1' }, 'otp', v.otpRequired],
    [{ email: 'a@example.com', otp: '123', password: 'Fresh@Pass1' }, 'otp', v.otpNumber],
    [{ email: 'a@example.com', otp: '1234' }, 'password', v.passwordRequired],
    [{ email: 'a@example.com', otp: '1234', password: 'Short@1' }, 'password', v.passwordMin],
    [{ email: 'a@example.com', otp: '1234', password: 'nouppercase1@' }, 'password', v.passwordStrength],
  ])('validates the reset payload %#', async (payload, field, message) => {
    const res = await post(t, '/auth/password/reset', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('validates the forgot payload', async () => {
    expect((await post(t, '/auth/password/forgot', {})).json().errors.email).toBe(v.emailRequired);
    expect((await post(t, '/auth/password/forgot', { email: 'nope' })).json().errors.email).toBe(
      v.emailInvalid,
    );
  });
});
