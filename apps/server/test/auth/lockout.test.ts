import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { REDIS_TEST_URL, redisReachable } from '../realtime/redis-available.ts';
import { authLimits } from '../../src/modules/auth/limits.ts';
import { lastCode, post, signUp } from './helpers.ts';

const backends: { name: string; env: Record<string, string> }[] = [
  { name: 'in memory', env: {} },
  ...((await redisReachable()) ? [{ name: 'in Redis', env: { REDIS_URL: REDIS_TEST_URL } }] : []),
];

// Issue 7.6b: others cannot lock the owner out, every 429 says when to come back, and codes get few
// guesses a day. Budgets in Redis outlive a run: addresses and e-mails are fresh each time.
describe.each(backends)('lockout ($name)', ({ env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(env);
  });
  afterAll(() => t.close());

  const net = crypto.randomInt(1, 250);
  const ip = (host: number) => `10.${net}.${Math.floor(host / 250)}.${(host % 250) + 1}`;
  const fresh = (name: string) => `${name}.${crypto.randomBytes(4).toString('hex')}@example.com`;

  // Sign-ups come from the test's own address, whose hourly budget in Redis outlives a run (CI runs the
  // suite twice within the hour): give it back before each one.
  const signUpFresh = async (name: string) => {
    await t.app.ctx.rateLimits.reset('registerIp', '127.0.0.1', authLimits.registerIp);
    return signUp(t, { email: fresh(name) });
  };

  const from = (ip: string, url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress: ip });

  it('locks an attacking address out of an account but lets the owner in from elsewhere', async () => {
    const owner = await signUpFresh('owner');
    for (let i = 0; i < authLimits.loginAccount.points; i++) {
      expect((await from(ip(1), '/auth/login', { email: owner.email, password: 'Wrong@2024' })).statusCode).toBe(401);
    }
    const locked = await from(ip(1), '/auth/login', { email: owner.email, password: owner.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: apiMessages.tooManyRequests });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(authLimits.loginAccount.duration);

    const elsewhere = await from(ip(2), '/auth/login', { email: owner.email, password: owner.password });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('limits one address across accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= authLimits.loginIp.points; i++) {
      statuses.push((await from(ip(3), '/auth/login', { email: fresh(`spray${i}`), password: 'Wrong@2024' })).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    const last = await from(ip(3), '/auth/login', { email: fresh('spray-last'), password: 'Wrong@2024' });
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('sends Retry-After on every 429', async () => {
    const forgetful = fresh('forgetful');
    let res;
    for (let i = 0; i <= authLimits.forgotEmail.points; i++) {
      res = await from(ip(4), '/auth/password/forgot', { email: forgetful });
    }
    expect(res?.statusCode).toBe(429);
    expect(Number(res?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses the 11th code check of the day for one e-mail, from any number of addresses', async () => {
    const account = await signUpFresh('resetter');
    await post(t, '/auth/password/forgot', { email: account.email });
    const code = lastCode(t, account.email);
    const wrong = String((Number(code) + 1) % 10000).padStart(4, '0');
    // Spread over addresses and windows: each 15-minute budget is fresh, the daily one is not.
    for (let i = 0; i < authLimits.resetEmailDay.points; i++) {
      const res = await from(ip(10 + i), '/auth/password/reset', { email: account.email, otp: wrong, password: 'Fresh@2024' });
      expect(res.statusCode).toBe(400);
      await t.app.ctx.rateLimits.reset('resetEmail', account.email, authLimits.resetEmail);
    }
    const eleventh = await from(ip(40), '/auth/password/reset', { email: account.email, otp: wrong, password: 'Fresh@2024' });
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(15 * 60);
  });

  it('caps verification code checks per e-mail per day the same way', async () => {
    const guessed = fresh('pending-guess');
    const statuses: number[] = [];
    for (let i = 0; i <= authLimits.verifyOtpEmailDay.points; i++) {
      statuses.push(
        (await from(ip(50 + i), '/auth/verify-otp', { email: guessed, otp: '0000', password: 'Guess@2024' })).statusCode,
      );
      await t.app.ctx.rateLimits.reset('verifyOtpEmail', guessed, authLimits.verifyOtpEmail);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
