import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { post } from '../auth/helpers.ts';
import { makeUser } from '../bidding/helpers.ts';

/**
 * POST /notification/token/renew: the service worker's `pushsubscriptionchange` handler has no session (the
 * token lives in the page), so it proves the old subscription instead, with its endpoint and its auth secret,
 * which only that browser and this server know.
 */
describe('renewing a push subscription from the service worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_SCALE: '100',
      PUSH_ALLOWED_HOSTS: 'localhost',
      PUSH_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
  });
  afterAll(() => t.close());

  let n = 0;
  const subscription = (auth = `auth-${++n}`) => ({
    endpoint: `https://localhost/send/${++n}`,
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth,
    },
  });
  const rows = async (userId: string) =>
    await t.database.query<{ endpoint: string; auth: string }>(
      'select endpoint, auth from push_subscriptions where user_id = $1 order by endpoint',
      [userId],
    );
  async function subscribed() {
    const user = await makeUser(t);
    const old = subscription();
    expect((await post(t, '/notification/token', { token: old }, user.token)).statusCode).toBe(200);
    return { user, old };
  }

  it('with the old endpoint and its auth secret: the new subscription is the same user\u2019s and the old one is gone', async () => {
    const { user, old } = await subscribed();
    const fresh = subscription();
    const res = await post(t, '/notification/token/renew', {
      oldEndpoint: old.endpoint,
      oldAuth: old.keys.auth,
      token: fresh,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: apiMessages.pushSaved });
    expect(await rows(user.id)).toEqual([{ endpoint: fresh.endpoint, auth: fresh.keys.auth }]);
  });

  it('the same endpoint with new keys replaces the keys', async () => {
    const { user, old } = await subscribed();
    const res = await post(t, '/notification/token/renew', {
      oldEndpoint: old.endpoint,
      oldAuth: old.keys.auth,
      token: { ...old, keys: { ...old.keys, auth: 'rotated' } },
    });
    expect(res.statusCode).toBe(200);
    expect(await rows(user.id)).toEqual([{ endpoint: old.endpoint, auth: 'rotated' }]);
  });

  it('a wrong auth secret or an unknown endpoint: 404, and nothing changes', async () => {
    const { user, old } = await subscribed();
    for (const body of [
      { oldEndpoint: old.endpoint, oldAuth: 'guess', token: subscription() },
      { oldEndpoint: old.endpoint, oldAuth: '', token: subscription() },
      { oldEndpoint: 'https://localhost/send/never', oldAuth: old.keys.auth, token: subscription() },
    ]) {
      const res = await post(t, '/notification/token/renew', body);
      expect(res.statusCode).toBe(body.oldAuth === '' ? 400 : 404);
      expect(res.json()).toHaveProperty('message');
    }
    expect(await rows(user.id)).toEqual([{ endpoint: old.endpoint, auth: old.keys.auth }]);
  });

  it('a new endpoint the rules refuse (400) or another account holds (409) leaves the old one in place', async () => {
    const { user, old } = await subscribed();
    const other = await subscribed();
    const refused = await post(t, '/notification/token/renew', {
      oldEndpoint: old.endpoint,
      oldAuth: old.keys.auth,
      token: { ...subscription(), endpoint: 'https://evil.example/x' },
    });
    expect(refused.statusCode).toBe(400);
    const taken = await post(t, '/notification/token/renew', {
      oldEndpoint: old.endpoint,
      oldAuth: old.keys.auth,
      token: { ...other.old, keys: { ...other.old.keys, auth: 'mine' } },
    });
    expect(taken.statusCode).toBe(409);
    expect(await rows(user.id)).toEqual([{ endpoint: old.endpoint, auth: old.keys.auth }]);
    expect(await rows(other.user.id)).toEqual([{ endpoint: other.old.endpoint, auth: other.old.keys.auth }]);
  });
});
