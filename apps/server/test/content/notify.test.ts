import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifySignups } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

describe('POST /auth/notify', () => {
  let t: TestApp;
  const post = (payload: unknown, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/notify',
      payload: payload as object,
      remoteAddress: ip,
    });
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the same for a new and a known address, and stores it once', async () => {
    const first = await post({ email: 'Collector@Example.com' });
    const again = await post({ email: 'collector@example.com ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Thank you. We will e-mail you when new auctions open.' });
    expect(again.json()).toEqual(first.json());
    const rows = await t.database.db.select().from(notifySignups);
    expect(rows.map((r) => r.email)).toEqual(['collector@example.com']);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Email address must be a valid address'],
    [{ email: `${'a'.repeat(45)}@example.com` }, 'The email should have at most 50 characters'],
  ])('refuses %j', async (body, message) => {
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, errors: { email: message } });
  });

  it('rate-limits one address, then one IP', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await post({ email: 'spam@example.com' }, '10.0.0.2')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const ipCodes = [];
    for (let i = 0; i < 11; i++)
      ipCodes.push((await post({ email: `n${i}@example.com` }, '10.0.0.3')).statusCode);
    expect(ipCodes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(ipCodes[10]).toBe(429);
  });
});
