import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { generateCode } from '../../src/modules/auth/otp.ts';
import { PASSWORD, lastCode, newAccount, post } from './helpers.ts';

describe('one-time codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => t.close());

  async function pending() {
    const account = newAccount();
    await post(t, '/auth/register', account);
    return { email: account.email, code: lastCode(t, account.email) };
  }
  const verify = (email: string, otp: string) =>
    post(t, '/auth/verify-otp', { email, otp, password: PASSWORD });
  const wrongCode = (code: string) => String((Number(code) + 1) % 10000).padStart(4, '0');

  it('generates 4-digit codes', () => {
    for (let i = 0; i < 200; i++) expect(generateCode()).toMatch(/^\d{4}$/);
  });

  it('stores codes only as HMAC digests', async () => {
    const { email, code } = await pending();
    const rows = await t.database.query<{ code_hash: string }>(
      'select o.code_hash from otp_codes o join users u on u.id = o.user_id where u.email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.code_hash).not.toContain(code);
  });

  it('refuses an expired code', async () => {
    const { email, code } = await pending();
    await t.database.query(
      "update otp_codes set expires_at = now() - interval '1 second' where user_id = (select id from users where email = $1)",
      [email],
    );
    const res = await verify(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: apiMessages.otpInvalid, errors: { otp: apiMessages.otpInvalid } });
  });

  it('is valid for 10 minutes', async () => {
    const { email } = await pending();
    const [row] = await t.database.query<{ minutes: number }>(
      'select round(extract(epoch from (expires_at - created_at)) / 60)::int as minutes from otp_codes where user_id = (select id from users where email = $1)',
      [email],
    );
    expect(row!.minutes).toBe(10);
  });

  it('is single use', async () => {
    const { email, code } = await pending();
    expect((await verify(email, code)).statusCode).toBe(200);
    expect((await verify(email, code)).statusCode).toBe(400);
  });

  it('dies when a new code of the same purpose is issued', async () => {
    const { email, code } = await pending();
    await post(t, '/auth/resend-otp', { email });
    const fresh = lastCode(t, email);
    if (fresh !== code) expect((await verify(email, code)).statusCode).toBe(400);
    expect((await verify(email, fresh)).statusCode).toBe(200);
  });

  it('survives 4 wrong tries', async () => {
    const { email, code } = await pending();
    for (let i = 0; i < 4; i++) expect((await verify(email, wrongCode(code))).statusCode).toBe(400);
    expect((await verify(email, code)).statusCode).toBe(200);
  });

  it('dies on the 5th wrong try: the right code afterwards fails too', async () => {
    const { email, code } = await pending();
    for (let i = 0; i < 5; i++) expect((await verify(email, wrongCode(code))).statusCode).toBe(400);
    const res = await verify(email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(apiMessages.otpInvalid);
  });

  it('keeps purposes apart: a verification code does not reset a password', async () => {
    const { email, code } = await pending();
    const res = await post(t, '/auth/password/reset', { email, otp: code, password: 'Newpass@2024' });
    expect(res.statusCode).toBe(400);
    expect((await verify(email, code)).statusCode).toBe(200);
  });
});
