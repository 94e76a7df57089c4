import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { validationMessages as v } from '@knotwork/shared/messages/validation';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { get, post, signUp } from '../auth/helpers.ts';

describe('notification routes: unread count, push token, VAPID key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => t.close());

  const subscription = (n: number) => ({
    endpoint: `https://push.example.com/send/${n}`,
    expirationTime: null,
    keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
  });

  it('counts unread notifications', async () => {
    const { token, user } = await signUp(t);
    expect((await get(t, '/notification/unread/count', token)).json()).toEqual({ count: 0 });
    await t.database.query("insert into notifications (user_id, type, title, body) values ($1, 'outbid', 'Outbid', 'You were outbid'), ($1, 'won', 'Won', 'You won')", [user.id]);
    await t.database.query('update notifications set read_at = now() where title = $1', ['Won']);
    expect((await get(t, '/notification/unread/count', token)).json()).toEqual({ count: 1 });
  });

  it('stores a subscription sent as an object or as its JSON string, upserting by endpoint', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const res = await post(t, '/notification/token', { token: subscription(1) }, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: apiMessages.pushSaved });
    expect((await post(t, '/notification/token', { token: JSON.stringify(subscription(2)) }, a.token)).statusCode).toBe(200);
    // The same browser endpoint, now signed in as b: the row moves, it is not duplicated.
    expect((await post(t, '/notification/token', { token: subscription(1) }, b.token)).statusCode).toBe(200);
    const rows = await t.database.query<{ endpoint: string; user_id: string }>('select endpoint, user_id from push_subscriptions order by endpoint');
    expect(rows).toEqual([
      { endpoint: 'https://push.example.com/send/1', user_id: b.user.id },
      { endpoint: 'https://push.example.com/send/2', user_id: a.user.id },
    ]);
  });

  it('validates the token and requires sign-in', async () => {
    const { token } = await signUp(t);
    const missing = await post(t, '/notification/token', {}, token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.token).toBe(v.pushTokenRequired);
    expect((await post(t, '/notification/token', { token: 'not json' }, token)).statusCode).toBe(400);
    expect((await post(t, '/notification/token', { token: { endpoint: 'nope', keys: {} } }, token)).statusCode).toBe(400);
    expect((await post(t, '/notification/token', { token: subscription(3) })).statusCode).toBe(401);
  });

  it('serves a stable VAPID public key generated on first use', async () => {
    const first = await get(t, '/notification/vapid-public-key');
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect((await get(t, '/notification/vapid-public-key')).json().publicKey).toBe(publicKey);
    const [row] = await t.database.query<{ value: { publicKey: string } }>("select value from app_settings where key = 'vapid_keys'");
    expect(row!.value.publicKey).toBe(publicKey);
  });
});

describe('VAPID keys from the environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ VAPID_PUBLIC_KEY: 'BPublicKeyFromEnv', VAPID_PRIVATE_KEY: 'privateKeyFromEnv' });
  });
  afterAll(() => t.close());

  it('prefers VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY', async () => {
    expect((await get(t, '/notification/vapid-public-key')).json()).toEqual({ publicKey: 'BPublicKeyFromEnv' });
  });
});
