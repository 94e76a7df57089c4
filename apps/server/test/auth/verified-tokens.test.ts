import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedTokens } from '../../src/modules/auth/verified-tokens.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';

/**
 * Issue 30: a token's signature is checked once per process and remembered by its exact text; the session behind it
 * is still checked on every request, so revocation, role changes and expiry work as before.
 */
describe('verified tokens (unit)', () => {
  it('forgets a token at its expiry, and the oldest one when full', () => {
    const cache = createVerifiedTokens(2);
    cache.set('a', { sid: 's', sub: 'u', expiresAtMs: 1_000 });
    expect(cache.get('a', 999)?.sub).toBe('u');
    expect(cache.get('a', 1_000)).toBeUndefined();
    cache.set('b', { sid: 's', sub: 'u', expiresAtMs: 5_000 });
    cache.set('c', { sid: 's', sub: 'u', expiresAtMs: 5_000 });
    cache.set('d', { sid: 's', sub: 'u', expiresAtMs: 5_000 });
    expect(cache.size).toBe(2);
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('d', 0)?.sid).toBe('s');
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/auth/profile', headers: { authorization: `Bearer ${token}` } });

describe('verified tokens through the API', () => {
  it('still refuses a remembered token once its session is revoked', async () => {
    const user = await makeUser(t);
    expect((await me(user.token)).statusCode).toBe(200);
    expect((await me(user.token)).statusCode).toBe(200);
    await t.app.ctx.tokens.revokeAll(user.id);
    expect((await me(user.token)).statusCode).toBe(401);
  });

  it('refuses a token changed by one character, though the real one is remembered', async () => {
    const user = await makeUser(t);
    expect((await me(user.token)).statusCode).toBe(200);
    const [head, body, sig] = user.token.split('.');
    const flipped = `${head}.${body}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await me(flipped)).statusCode).toBe(401);
  });

  it('refuses an expired token (signed with the real key, its session live)', async () => {
    const user = await makeUser(t);
    const { sessionId } = await t.app.ctx.tokens.issue(user.id);
    const key = new TextEncoder().encode(t.app.ctx.config.JWT_SECRET);
    const expired = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('knotwork')
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) - 5)
      .sign(key);
    expect((await me(expired)).statusCode).toBe(401);
  });
});
