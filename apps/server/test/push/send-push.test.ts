import webpush, { WebPushError, type PushSubscription, type RequestOptions } from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createPushRepository } from '../../src/modules/push/repository.ts';
import { createPushService, type PushSender } from '../../src/modules/push/service.ts';

describe('sendPush', () => {
  let t: TestApp;
  let userId: string;
  // A real browser-side key pair (P-256) so web-push can actually encrypt the payload.
  const browserKeys = webpush.generateVAPIDKeys();
  const keys = { p256dh: browserKeys.publicKey, auth: 'tBHItJI5svbpez7KI4CCXg' };

  beforeAll(async () => {
    t = await createTestApp();
    const [row] = await t.database.query<{ id: string }>(
      "insert into users (first_name, last_name, email) values ('Push', 'Target', 'push@example.com') returning id",
    );
    userId = row!.id;
    const repo = createPushRepository(t.database.db);
    for (const n of [1, 2, 3]) await repo.upsert(userId, { endpoint: `https://push.example.com/${n}`, keys });
  });
  afterAll(() => t.close());

  it('encrypts and sends to every subscription, drops the gone ones, and survives failures', async () => {
    const calls: { endpoint: string; payload: string; options: RequestOptions }[] = [];
    const sender: PushSender = async (sub: PushSubscription, payload, options) => {
      // Build the real request (VAPID JWT + aes128gcm body) to prove the keys and payload are valid.
      const details = webpush.generateRequestDetails(sub, payload, options);
      expect(details.headers.Authorization).toMatch(/^vapid t=/);
      calls.push({ endpoint: sub.endpoint, payload, options });
      if (sub.endpoint.endsWith('/2')) throw new WebPushError('Gone', 410, {}, 'Gone', sub.endpoint);
      if (sub.endpoint.endsWith('/3')) throw new WebPushError('Server error', 500, {}, 'oops', sub.endpoint);
      return { statusCode: 201, body: '', headers: {} };
    };
    const push = createPushService({ db: t.database.db, config: t.config, log: t.app.log, sender });
    const delivered = await push.sendPush(userId, { title: 'Outbid on lot 12', body: 'A higher bid arrived', data: { lotId: '12' } });
    expect(delivered).toBe(1);
    expect(calls).toHaveLength(3);
    expect(JSON.parse(calls[0]!.payload)).toEqual({ notification: { title: 'Outbid on lot 12', body: 'A higher bid arrived' }, data: { lotId: '12' } });
    expect(calls[0]!.options.vapidDetails?.subject).toBe(t.config.VAPID_SUBJECT);
    const left = await t.database.query<{ endpoint: string }>('select endpoint from push_subscriptions order by endpoint');
    expect(left.map((r) => r.endpoint)).toEqual(['https://push.example.com/1', 'https://push.example.com/3']);
    // The key pair used is the one the public-key route serves.
    const served = (await t.app.inject({ method: 'GET', url: '/api/v1/notification/vapid-public-key' })).json().publicKey;
    expect(calls[0]!.options.vapidDetails?.publicKey).toBe(served);
  });

  it('does nothing for a user without subscriptions', async () => {
    const push = createPushService({ db: t.database.db, config: t.config, log: t.app.log, sender: () => Promise.reject(new Error('never')) });
    expect(await push.sendPush('00000000-0000-0000-0000-000000000000', { title: 'x', body: 'y' })).toBe(0);
  });
});
