import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { validationMessages as v } from '@knotwork/shared/messages/validation';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { get, newAccount, post, signUp } from './helpers.ts';

const CLIENT_ID = 'knotwork-test.apps.googleusercontent.com';

describe('Google sign-in', () => {
  let t: TestApp;
  let server: http.Server;
  let key: CryptoKey;
  let otherKey: CryptoKey;
  let sub = 1000;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256');
    key = pair.privateKey;
    otherKey = (await generateKeyPair('RS256')).privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      RATE_LIMIT_SCALE: '100',
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs`,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  async function idToken(claims: JWTPayload = {}, options: { signWith?: CryptoKey; exp?: number } = {}) {
    sub += 1;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      email: `g${sub}@gmail.com`,
      email_verified: true,
      given_name: 'Gia',
      family_name: 'Kilim',
      ...claims,
    })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(claims.iss ?? 'https://accounts.google.com')
      .setAudience((claims.aud as string | undefined) ?? CLIENT_ID)
      .setSubject(claims.sub ?? String(sub))
      .setIssuedAt(now - 60)
      .setExpirationTime(options.exp ?? now + 3600)
      .sign(options.signWith ?? key);
  }

  it('publishes the client id for the web app', async () => {
    expect((await get(t, '/auth/config')).json()).toEqual({ googleClientId: CLIENT_ID });
  });

  it('creates a verified account without a password, then signs the same person in again', async () => {
    const token = await idToken({ sub: 'google-new-1', email: 'New.Person@Gmail.com' });
    const res = await post(t, '/auth/google', { token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      message: apiMessages.loggedIn,
      user: { email: 'new.person@gmail.com', first_name: 'Gia', last_name: 'Kilim', emailVerified: true },
    });
    expect((await get(t, '/auth/me', body.accessToken)).statusCode).toBe(200);
    const [row] = await t.database.query<{ password_hash: string | null; google_sub: string }>(
      'select password_hash, google_sub from users where email = $1',
      ['new.person@gmail.com'],
    );
    expect(row).toEqual({ password_hash: null, google_sub: 'google-new-1' });
    // The same Google subject with a changed e-mail is still the same account.
    const again = await post(t, '/auth/google', {
      token: await idToken({ sub: 'google-new-1', email: 'renamed@gmail.com', iss: 'accounts.google.com' }),
    });
    expect(again.json().user.id).toBe(body.user.id);
    // No password works on it.
    expect(
      (await post(t, '/auth/login', { email: 'new.person@gmail.com', password: 'Anything@1' })).statusCode,
    ).toBe(401);
  });

  it('links an existing verified account by e-mail', async () => {
    const owner = await signUp(t);
    const res = await post(t, '/auth/google', {
      token: await idToken({ sub: 'google-link-1', email: owner.email }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(owner.user.id);
    // The password still works too.
    expect((await post(t, '/auth/login', { email: owner.email, password: owner.password })).statusCode).toBe(
      200,
    );
  });

  it('links an unverified account by e-mail, verifies it and drops the unproven password', async () => {
    const squatter = newAccount();
    await post(t, '/auth/register', squatter);
    const res = await post(t, '/auth/google', {
      token: await idToken({ sub: 'google-link-2', email: squatter.email }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.emailVerified).toBe(true);
    expect(
      (await post(t, '/auth/login', { email: squatter.email, password: squatter.password })).statusCode,
    ).toBe(401);
  });

  it.each([
    ['a wrong audience', async () => idToken({ aud: 'someone-else.apps.googleusercontent.com' })],
    ['a wrong issuer', async () => idToken({ iss: 'https://evil.example.com' })],
    ['an expired token', async () => idToken({}, { exp: Math.floor(Date.now() / 1000) - 600 })],
    ['a bad signature', async () => idToken({}, { signWith: otherKey })],
    ['garbage', () => Promise.resolve('not.a.jwt')],
  ])('refuses %s', async (_label, make) => {
    const res = await post(t, '/auth/google', { token: await make() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: apiMessages.googleFailed });
  });

  it('refuses an unverified Google e-mail', async () => {
    const res = await post(t, '/auth/google', { token: await idToken({ email_verified: false }) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: apiMessages.googleEmailUnverified });
  });

  it('validates the payload', async () => {
    const res = await post(t, '/auth/google', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.token).toBe(v.googleTokenRequired);
  });
});

describe('Google sign-in without a client id', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 400 and hides the buttons', async () => {
    const res = await post(t, '/auth/google', { token: 'x.y.z' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Google sign-in is not configured' });
    expect((await get(t, '/auth/config')).json()).toEqual({ googleClientId: null });
  });
});
