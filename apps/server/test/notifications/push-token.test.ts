import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { validationMessages as v } from '@knotwork/shared/messages/validation';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { get, post, signUp } from '../auth/helpers.ts';
import { loadConfig } from '../../src/config/env.ts';

describe('notification routes: unread count, push token, VAPID key', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Endpoints name localhost (resolved from /etc/hosts, never beyond this machine), so the private-address
    // check is off here; the refusals are tested below with it on.
    t = await createTestApp({
      RATE_LIMIT_SCALE: '100',
      PUSH_ALLOWED_HOSTS: 'localhost',
      PUSH_ALLOW_PRIVATE_ADDRESSES: 'true',
    });
  });
  afterAll(() => t.close());

  const subscription = (n: number | string) => ({
    endpoint: `https://localhost/send/${n}`,
    expirationTime: null,
    keys: {
      p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
      auth: 'tBHItJI5svbpez7KI4CCXg',
    },
  });
  const endpointsOf = async (userId: string) =>
    (
      await t.database.query<{ endpoint: string }>(
        'select endpoint from push_subscriptions where user_id = $1 order by endpoint',
        [userId],
      )
    ).map((r) => r.endpoint);

  it('counts unread notifications', async () => {
    const { token, user } = await signUp(t);
    expect((await get(t, '/notification/unread/count', token)).json()).toEqual({ count: 0 });
    await t.database.query(
      "insert into notifications (user_id, type, title, body) values ($1, 'outbid', 'Outbid', 'You were outbid'), ($1, 'won', 'Won', 'You won')",
      [user.id],
    );
    await t.database.query('update notifications set read_at = now() where title = $1', ['Won']);
    expect((await get(t, '/notification/unread/count', token)).json()).toEqual({ count: 1 });
  });

  it('stores a subscription sent as an object or as its JSON string, and refreshes it when sent again', async () => {
    const a = await signUp(t);
    const res = await post(t, '/notification/token', { token: subscription(1) }, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: apiMessages.pushSaved });
    expect(
      (await post(t, '/notification/token', { token: JSON.stringify(subscription(2)) }, a.token)).statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          t,
          '/notification/token',
          { token: { ...subscription(1), keys: { p256dh: 'BNew', auth: 'newAuth' } } },
          a.token,
        )
      ).statusCode,
    ).toBe(200);
    expect(await endpointsOf(a.user.id)).toEqual(['https://localhost/send/1', 'https://localhost/send/2']);
    const [row] = await t.database.query<{ auth: string }>(
      'select auth from push_subscriptions where endpoint = $1',
      ['https://localhost/send/1'],
    );
    expect(row!.auth).toBe('newAuth');
  });

  it('never moves an endpoint to another user: 409, and the owner keeps it', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect(
      (await post(t, '/notification/token', { token: subscription('shared') }, a.token)).statusCode,
    ).toBe(200);
    const res = await post(
      t,
      '/notification/token',
      { token: { ...subscription('shared'), keys: { p256dh: 'BEvil', auth: 'evil' } } },
      b.token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: apiMessages.pushEndpointTaken, code: 'PUSH_ENDPOINT_TAKEN' });
    expect(await endpointsOf(a.user.id)).toEqual(['https://localhost/send/shared']);
    expect(await endpointsOf(b.user.id)).toEqual([]);
    const [row] = await t.database.query<{ auth: string }>(
      'select auth from push_subscriptions where endpoint = $1',
      ['https://localhost/send/shared'],
    );
    expect(row!.auth).toBe(subscription(0).keys.auth);
  });

  it('keeps at most 10 subscriptions per user, dropping the oldest', async () => {
    const a = await signUp(t);
    for (let n = 0; n < 12; n++) {
      expect(
        (
          await post(
            t,
            '/notification/token',
            { token: subscription(`cap-${String(n).padStart(2, '0')}`) },
            a.token,
          )
        ).statusCode,
      ).toBe(200);
    }
    const kept = await endpointsOf(a.user.id);
    expect(kept).toHaveLength(10);
    expect(kept).not.toContain('https://localhost/send/cap-00');
    expect(kept).not.toContain('https://localhost/send/cap-01');
    // Sending an old one again makes it the newest: the next one drops cap-03, not it.
    expect(
      (await post(t, '/notification/token', { token: subscription('cap-02') }, a.token)).statusCode,
    ).toBe(200);
    expect(
      (await post(t, '/notification/token', { token: subscription('cap-12') }, a.token)).statusCode,
    ).toBe(200);
    const after = await endpointsOf(a.user.id);
    expect(after).toHaveLength(10);
    expect(after).toContain('https://localhost/send/cap-02');
    expect(after).not.toContain('https://localhost/send/cap-03');
  });

  it('validates the token and requires sign-in', async () => {
    const { token } = await signUp(t);
    const missing = await post(t, '/notification/token', {}, token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.token).toBe(v.pushTokenRequired);
    expect((await post(t, '/notification/token', { token: 'not json' }, token)).statusCode).toBe(400);
    expect(
      (await post(t, '/notification/token', { token: { endpoint: 'nope', keys: {} } }, token)).statusCode,
    ).toBe(400);
    expect((await post(t, '/notification/token', { token: subscription(3) })).statusCode).toBe(401);
  });

  it('serves a stable VAPID public key generated on first use', async () => {
    const first = await get(t, '/notification/vapid-public-key');
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect((await get(t, '/notification/vapid-public-key')).json().publicKey).toBe(publicKey);
    const [row] = await t.database.query<{ value: { publicKey: string } }>(
      "select value from app_settings where key = 'vapid_keys'",
    );
    expect(row!.value.publicKey).toBe(publicKey);
  });
});

describe('VAPID keys from the environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      VAPID_PUBLIC_KEY: 'BPublicKeyFromEnv',
      VAPID_PRIVATE_KEY: 'privateKeyFromEnv',
    });
  });
  afterAll(() => t.close());

  it('prefers VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY', async () => {
    expect((await get(t, '/notification/vapid-public-key')).json()).toEqual({
      publicKey: 'BPublicKeyFromEnv',
    });
  });
});

describe('push endpoints the server would connect to', () => {
  const keys = {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  };
  const refusals = async (t: TestApp, endpoints: string[]) => {
    const { token, user } = await signUp(t);
    const wrong: string[] = [];
    for (const endpoint of endpoints) {
      const res = await post(t, '/notification/token', { token: { endpoint, keys } }, token);
      if (res.statusCode !== 400 || !res.json().errors?.token)
        wrong.push(`${endpoint} -> ${res.statusCode} ${res.body}`);
    }
    const [row] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from push_subscriptions where user_id = $1',
      [user.id],
    );
    return { wrong, stored: row!.n };
  };

  describe('with the default push services', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    });
    afterAll(() => t.close());

    it('refuses other schemes, http, and hosts that are not a known push service, before any lookup', async () => {
      const { wrong, stored } = await refusals(t, [
        'file:///etc/passwd',
        'gopher://fcm.googleapis.com:70/_x',
        'http://fcm.googleapis.com/fcm/send/abc',
        'ftp://fcm.googleapis.com/x',
        'https://127.0.0.1/x',
        'https://10.1.2.3/x',
        'https://[::1]/x',
        'https://169.254.169.254/latest/meta-data',
        'https://localhost/x',
        'https://push.example.invalid/send/1',
        'https://fcm.googleapis.com.evil.invalid/fcm/send/abc',
        'https://evilfcm.googleapis.com/fcm/send/abc',
        'https://push.services.mozilla.com.invalid/wpush/v2/x',
        'https://user:pass@fcm.googleapis.com/fcm/send/abc',
      ]);
      expect(wrong).toEqual([]);
      expect(stored).toBe(0);
    });
  });

  describe('with any host allowed, the address check still refuses', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ RATE_LIMIT_SCALE: '100', PUSH_ALLOWED_HOSTS: '*' });
    });
    afterAll(() => t.close());

    it('refuses loopback, private, link-local, unique-local, CGNAT and mapped addresses, and names resolving to them', async () => {
      const { wrong, stored } = await refusals(t, [
        'https://127.0.0.1/x',
        'https://127.0.0.1:8443/x',
        'https://10.0.0.7/x',
        'https://172.20.0.1/x',
        'https://192.168.1.1/x',
        'https://100.64.0.1/x',
        'https://169.254.169.254/x',
        'https://0.0.0.0/x',
        'https://[::1]/x',
        'https://[fd00::1]/x',
        'https://[fe80::1]/x',
        'https://[::ffff:127.0.0.1]/x',
        'https://[::ffff:a00:1]/x',
        'https://2130706433/x',
        'https://0x7f.1/x',
        'https://localhost/x',
        'http://8.8.8.8/x',
      ]);
      expect(wrong).toEqual([]);
      expect(stored).toBe(0);
    });
  });

  it('refuses PUSH_ALLOW_PRIVATE_ADDRESSES in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_ALLOW_PRIVATE_ADDRESSES: 'true' })).toThrow(
      /PUSH_ALLOW_PRIVATE_ADDRESSES/,
    );
    expect(
      loadConfig({ NODE_ENV: 'test', PUSH_ALLOW_PRIVATE_ADDRESSES: 'true' }).PUSH_ALLOW_PRIVATE_ADDRESSES,
    ).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).PUSH_ALLOW_PRIVATE_ADDRESSES).toBe(false);
  });
});
