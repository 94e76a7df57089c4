import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { validationMessages as v } from '@knotwork/shared/messages/validation';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { get, lastCode, newAccount, PASSWORD, post, signUp } from './helpers.ts';

describe('register, verify, login, me, logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => t.close());

  it('registers an unverified account and mails a 4-digit code', async () => {
    const account = newAccount({ email: 'New.Collector@Example.com' });
    const res = await post(t, '/auth/register', account);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: apiMessages.registered });
    const mail = t.mails.at(-1)!;
    expect(mail.to).toBe('new.collector@example.com');
    expect(mail.text).toMatch(/\b\d{4}\b/);
    expect(mail.html).toContain(lastCode(t, 'new.collector@example.com'));
    const [row] = await t.database.query<{ password_hash: string; email_verified_at: unknown }>(
      'select password_hash, email_verified_at from users where email = $1',
      ['new.collector@example.com'],
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.email_verified_at).toBeNull();
  });

  it.each([
    [{ last_name: 'W', email: 'a@example.com', password: PASSWORD }, 'first_name', v.firstNameRequired],
    [
      { first_name: '  ', last_name: 'W', email: 'a@example.com', password: PASSWORD },
      'first_name',
      v.firstNameRequired,
    ],
    [{ first_name: 'A', email: 'a@example.com', password: PASSWORD }, 'last_name', v.lastNameRequired],
    [{ first_name: 'A', last_name: 'W', password: PASSWORD }, 'email', v.emailRequired],
    [{ first_name: 'A', last_name: 'W', email: 'not-an-email', password: PASSWORD }, 'email', v.emailInvalid],
    [
      { first_name: 'A', last_name: 'W', email: `${'a'.repeat(45)}@example.com`, password: PASSWORD },
      'email',
      v.emailMax,
    ],
    [{ first_name: 'A', last_name: 'W', email: 'a@example.com' }, 'password', v.passwordRequired],
    [
      { first_name: 'A', last_name: 'W', email: 'a@example.com', password: 'Ab@1' },
      'password',
      v.passwordMin,
    ],
    [
      { first_name: 'A', last_name: 'W', email: 'a@example.com', password: 'abcdefgh1@' },
      'password',
      v.passwordStrength,
    ],
  ])('refuses a bad registration %#', async (payload, field, message) => {
    const res = await post(t, '/auth/register', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(res.json().message).toBe(message);
  });

  it('answers a known e-mail exactly like a new one', async () => {
    // Unverified: nothing stored changes, a fresh code is mailed; the password given with the code counts.
    const pending = newAccount();
    await post(t, '/auth/register', pending);
    const first = lastCode(t, pending.email);
    const again = await post(t, '/auth/register', {
      ...pending,
      first_name: 'Grace',
      password: 'Other@2024',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ message: apiMessages.registered });
    const second = lastCode(t, pending.email);
    const withCode = (otp: string) =>
      post(t, '/auth/verify-otp', { email: pending.email, otp, password: 'Other@2024' });
    expect((await withCode(first)).statusCode).toBe(second === first ? 200 : 400);
    const verified = await withCode(second);
    if (second !== first) expect(verified.statusCode).toBe(200);
    expect(
      (await post(t, '/auth/login', { email: pending.email, password: 'Other@2024' })).json().user.first_name,
    ).toBe('Ada');

    // Verified: nothing changes, the owner gets a notice instead of a code.
    const owner = await signUp(t);
    const before = t.mails.length;
    const res = await post(t, '/auth/register', {
      ...newAccount(),
      email: owner.email,
      password: 'Hijack@2024',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: apiMessages.registered });
    expect(t.mails.length).toBe(before + 1);
    expect(t.mails.at(-1)!.subject).toMatch(/tried to register/);
    const [codes] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from otp_codes o join users u on u.id = o.user_id where u.email = $1',
      [owner.email],
    );
    expect(codes!.n).toBe(1); // only the one from sign-up
    expect((await post(t, '/auth/login', { email: owner.email, password: 'Hijack@2024' })).statusCode).toBe(
      401,
    );
    expect((await post(t, '/auth/login', { email: owner.email, password: PASSWORD })).statusCode).toBe(200);
  });

  it('answers an unknown account and a wrong password identically', async () => {
    const owner = await signUp(t);
    const wrong = await post(t, '/auth/login', { email: owner.email, password: 'Wrong@2024' });
    const unknown = await post(t, '/auth/login', { email: 'nobody@example.com', password: 'Wrong@2024' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses bad login input with field messages', async () => {
    const missing = await post(t, '/auth/login', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ email: v.emailRequired, password: v.passwordRequired });
    const bad = await post(t, '/auth/login', { email: 'x@', password: '' });
    expect(bad.json().errors).toMatchObject({ email: v.emailInvalid, password: v.passwordRequired });
  });

  it('sends an unverified account with the right password to OTP, mailing a code only when the last one is spent', async () => {
    const account = newAccount();
    await post(t, '/auth/register', account);
    expect(lastCode(t, account.email)).toMatch(/^\d{4}$/);
    const before = t.mails.length;
    // One sign-up, one code: the sign-up's code still holds, so signing in mails nothing and says so.
    const res = await post(t, '/auth/login', { email: account.email, password: account.password });
    expect(res.statusCode).toBe(403);
    const pending = { email: account.email, requiresOtp: true };
    expect(res.json()).toEqual({ message: apiMessages.emailNotVerifiedCodeSent, data: pending });
    // The web app asks for the same answer as a 202 (an expected answer, not an error in the browser's console).
    const web = await post(t, '/auth/login?unverified=accepted', {
      email: account.email,
      password: account.password,
    });
    expect(web.statusCode).toBe(202);
    expect(web.json()).toEqual({ message: apiMessages.emailNotVerifiedCodeSent, data: pending });
    expect(t.mails.length).toBe(before);
    // Once the code has expired, signing in mails a fresh one.
    await t.database.query(
      "update otp_codes set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = $1)",
      [account.email],
    );
    const again = await post(t, '/auth/login?unverified=accepted', {
      email: account.email,
      password: account.password,
    });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ message: apiMessages.emailNotVerified, data: pending });
    expect(t.mails.length).toBe(before + 1);
    // With the wrong password the account's state is not revealed.
    const wrong = await post(t, '/auth/login', { email: account.email, password: 'Wrong@2024' });
    expect(wrong.statusCode).toBe(401);
  });

  it('verifies with the code, signs in, and serves /auth/me and /auth/profile', async () => {
    const account = newAccount();
    await post(t, '/auth/register', account);
    const res = await post(t, '/auth/verify-otp', {
      email: account.email,
      otp: lastCode(t, account.email),
      password: account.password,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(apiMessages.otpVerified);
    expect(body.user).toMatchObject({
      first_name: 'Ada',
      last_name: 'Weaver',
      email: account.email,
      emailVerified: true,
      role: 'user',
      profileImage: null,
      cardNumber: null,
    });
    expect(new Date(body.user.createdAt).toISOString()).toBe(body.user.createdAt);

    const me = await get(t, '/auth/me', body.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: body.user });
    expect((await get(t, '/auth/profile', body.token)).json()).toEqual({ user: body.user });

    const login = await post(t, '/auth/login', {
      email: account.email.toUpperCase(),
      password: account.password,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ message: apiMessages.loggedIn, user: body.user });
    expect(typeof login.json().accessToken).toBe('string');
  });

  it('masks a saved card number', async () => {
    const { token, email } = await signUp(t);
    await t.database.query("update users set card_last4 = '4242', card_brand = 'visa' where email = $1", [
      email,
    ]);
    expect((await get(t, '/auth/me', token)).json().user.cardNumber).toBe(
      'Visa \u2022\u2022\u2022\u2022 4242',
    );
  });

  it('validates verify-otp and resend-otp, and resend answers the same for anyone', async () => {
    const bad = await post(t, '/auth/verify-otp', { email: 'a@example.com', otp: '12a4' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.otp).toBe(v.otpNumber);
    expect((await post(t, '/auth/verify-otp', { email: 'a@example.com' })).json().errors.otp).toBe(
      v.otpRequired,
    );
    const unknown = await post(t, '/auth/verify-otp', {
      email: 'nobody@example.com',
      otp: '1234',
      password: PASSWORD,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(apiMessages.otpInvalid);

    const account = newAccount();
    await post(t, '/auth/register', account);
    const before = t.mails.length;
    const known = await post(t, '/auth/resend-otp', { email: account.email });
    const nobody = await post(t, '/auth/resend-otp', { email: 'nobody@example.com' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: 'OTP has been resent' });
    expect(nobody.json()).toEqual(known.json());
    expect(t.mails.length).toBe(before + 1);
    expect((await post(t, '/auth/resend-otp', {})).json().errors.email).toBe(v.emailRequired);
  });

  it('logs out: the same token then gets 401 everywhere', async () => {
    const { token } = await signUp(t);
    const out = await post(t, '/auth/logout', {}, token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: apiMessages.loggedOut });
    for (const url of ['/auth/me', '/auth/profile', '/notification/unread/count']) {
      const res = await get(t, url, token);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: apiMessages.unauthorized });
    }
    expect((await post(t, '/auth/logout', {}, token)).statusCode).toBe(401);
  });

  it('refuses a tampered, a foreign-signed and an expired token', async () => {
    const { token, user } = await signUp(t);
    const [h, p, s] = token.split('.');
    const flipped = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await get(t, '/auth/me', flipped)).statusCode).toBe(401);
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url')}.${s}`;
    expect((await get(t, '/auth/me', forged)).statusCode).toBe(401);
    const foreign = await new SignJWT({ sid: payload.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('knotwork')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await get(t, '/auth/me', foreign)).statusCode).toBe(401);
    // Signed with the real secret but past its expiry.
    const expiredJwt = await new SignJWT({ sid: payload.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('knotwork')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.JWT_SECRET));
    expect((await get(t, '/auth/me', expiredJwt)).statusCode).toBe(401);
    // A live JWT whose session has expired in the database.
    expect((await get(t, '/auth/me', token)).statusCode).toBe(200);
    await t.database.query("update sessions set expires_at = now() - interval '1 minute' where id = $1", [
      payload.sid,
    ]);
    // Shortened by hand, behind the app's back (nothing in the app shortens a session; its JWT expires with it): seen
    // once the process's session cache forgets it, within its 30 s TTL or, as here, at once (decision 030).
    t.app.ctx.tokens.sessionCache.setTrusted(true);
    expect((await get(t, '/auth/me', token)).statusCode).toBe(401);
    expect((await get(t, '/auth/me', 'garbage')).statusCode).toBe(401);
  });

  it('serves the auth config and documents every route', async () => {
    expect((await get(t, '/auth/config')).json()).toEqual({ googleClientId: null });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of [
      '/auth/register',
      '/auth/login',
      '/auth/verify-otp',
      '/auth/resend-otp',
      '/auth/me',
      '/auth/profile',
      '/auth/password/forgot',
      '/auth/password/reset',
      '/auth/google',
      '/auth/logout',
      '/auth/config',
      '/auth/contactus',
      '/notification/token',
      '/notification/token/renew',
      '/notification/vapid-public-key',
    ]) {
      expect(Object.keys(doc.paths)).toContain(`/api/v1${path}`);
    }
  });
});
