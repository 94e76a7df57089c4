import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { authLimits } from '../../src/modules/auth/limits.ts';
import { post, signUp } from './helpers.ts';

// RATE_LIMIT_SCALE 0.5 halves every budget: 5 login attempts per account, 15 per IP, 5 registrations per IP.
describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '0.5' });
  });
  afterAll(() => t.close());

  it('limits login failures per account, and a success resets the counter', async () => {
    const owner = await signUp(t);
    const budget = Math.round(authLimits.loginAccount.points * 0.5);
    for (let i = 0; i < budget - 1; i++)
      expect((await post(t, '/auth/login', { email: owner.email, password: 'Wrong@2024' })).statusCode).toBe(
        401,
      );
    expect((await post(t, '/auth/login', { email: owner.email, password: owner.password })).statusCode).toBe(
      200,
    );
    for (let i = 0; i < budget; i++)
      expect((await post(t, '/auth/login', { email: owner.email, password: 'Wrong@2024' })).statusCode).toBe(
        401,
      );
    const blocked = await post(t, '/auth/login', { email: owner.email, password: owner.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: apiMessages.tooManyRequests });
    // An unknown e-mail is limited the same way (no enumeration through 429s).
    for (let i = 0; i < budget; i++)
      await post(t, '/auth/login', { email: 'ghost@example.com', password: 'Wrong@2024' });
    expect(
      (await post(t, '/auth/login', { email: 'ghost@example.com', password: 'Wrong@2024' })).statusCode,
    ).toBe(429);
  });

  it('limits registrations per IP', async () => {
    const res: number[] = [];
    for (let i = 0; i < Math.round(authLimits.registerIp.points * 0.5) + 1; i++) {
      res.push(
        (
          await post(t, '/auth/register', {
            first_name: 'A',
            last_name: 'B',
            email: `flood${i}@example.com`,
            password: 'Flood@2024',
          })
        ).statusCode,
      );
    }
    // signUp above registered once from this IP already.
    expect(res.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(res.at(-1)).toBe(429);
  });

  it('limits resend-otp per e-mail', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < Math.round(authLimits.resendOtpEmail.points * 0.5) + 1; i++) {
      statuses.push((await post(t, '/auth/resend-otp', { email: 'someone@example.com' })).statusCode);
    }
    expect(statuses.at(-2)).toBe(200);
    expect(statuses.at(-1)).toBe(429);
  });
});
