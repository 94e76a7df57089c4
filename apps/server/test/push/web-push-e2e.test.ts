import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { post } from '../auth/helpers.ts';
import { bid, get, makeLot, makeUser, units } from '../bidding/helpers.ts';
import { notify } from '../../src/modules/notifications/notifier.ts';
import { createBrowserSubscription, verifyVapid } from './browser-subscription.ts';
import { startFakePushService, type FakePushService } from './fake-push-service.ts';

/**
 * Web Push end to end (issue 9, 4): a subscription registered through the API as a browser makes it, a real
 * event, web-push encrypting and signing, TLS to a push service on loopback that trusts nothing but its own
 * throw-away certificate, and the payload decrypted there with the browser's keys. The push service's
 * answers 404/410 (gone), 413 (too large) and 429 (slow down) are each played back to the sender.
 */
let service: FakePushService;
let t: TestApp;
beforeAll(async () => {
  service = await startFakePushService();
  // Loopback only: the one allowed host is 127.0.0.1, and the private-address check is off for it.
  t = await createTestApp(
    { PUSH_ALLOWED_HOSTS: '127.0.0.1', PUSH_ALLOW_PRIVATE_ADDRESSES: 'true', RATE_LIMIT_SCALE: '100' },
    { pushTls: { ca: service.ca } },
  );
});
afterAll(async () => {
  await t?.close();
  await service?.close();
});

let n = 0;
/** A user with one browser subscribed through POST /notification/token; its endpoint's path on the push service. */
async function subscribedUser() {
  const user = await makeUser(t);
  const path = `/push/${++n}`;
  const browser = createBrowserSubscription(`${service.origin}${path}`);
  const res = await post(t, '/notification/token', { token: browser.json }, user.token);
  expect(res.statusCode).toBe(200);
  return { ...user, path, browser };
}
const subscriptionsOf = async (userId: string) =>
  (
    await t.database.query<{ endpoint: string }>(
      'select endpoint from push_subscriptions where user_id = $1',
      [userId],
    )
  ).map((r) => r.endpoint);
/** The app's own delivery of one notification to the user, as a bid or a job does after commit. */
async function deliverTo(userId: string) {
  const pending = await notify(t.app.ctx.db, userId, {
    type: 'ending_soon',
    title: 'Ending soon',
    body: 'Lot 3 closes in 15 minutes',
    link: '/rugs-details-live/r3',
  });
  await t.app.services.deliver([pending]);
}

describe('Web Push end to end, to a loopback HTTPS push service', () => {
  it('an outbid reaches the browser: encrypted for its keys (title, body, link decrypted there), signed with the served VAPID key', async () => {
    const { lotId, rugId } = await makeLot(t);
    const a = await subscribedUser();
    const b = await makeUser(t);
    expect((await bid(t, lotId, units(500), a.token)).statusCode).toBe(201);

    const arriving = service.next(a.path);
    expect((await bid(t, lotId, units(800), b.token)).statusCode).toBe(201);
    const request = await arriving;

    expect(request.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '3600',
      'content-type': 'application/octet-stream',
    });
    const stored = (await get(t, '/notification', a.token)).json().data[0];
    expect(stored).toMatchObject({ type: 'outbid', link: `/rugs-details-live/${rugId}` });
    const payload = JSON.parse(a.browser.decrypt(request.body));
    expect(payload).toEqual({
      notification: { title: stored.title, body: stored.body },
      data: expect.objectContaining({
        id: stored.id,
        type: 'outbid',
        link: `/rugs-details-live/${rugId}`,
        lotId,
        rugId,
      }),
    });
    expect(payload.notification.title).toBe('You have been outbid on Lot 1 \u2014 Test Heriz');
    expect(payload.notification.body).not.toBe('');

    const vapid = verifyVapid(request.headers.authorization);
    expect(vapid.publicKey).toBe((await get(t, '/notification/vapid-public-key')).json().publicKey);
    expect(vapid.claims).toMatchObject({ aud: service.origin, sub: t.config.VAPID_SUBJECT });
    // The new leader has no subscription and nothing else was sent.
    expect(service.requests.filter((r) => r.path === a.path)).toHaveLength(1);
  });

  it('the encryption is the browser\u2019s own: another subscription\u2019s keys cannot read it', async () => {
    const a = await subscribedUser();
    const arriving = service.next(a.path);
    await deliverTo(a.id);
    const body = (await arriving).body;
    expect(JSON.parse(a.browser.decrypt(body)).notification).toEqual({
      title: 'Ending soon',
      body: 'Lot 3 closes in 15 minutes',
    });
    const stranger = createBrowserSubscription('https://127.0.0.1/other');
    expect(() => stranger.decrypt(body)).toThrow();
  });

  it.each([404, 410])(
    'the push service answering %i (subscription gone) removes the subscription',
    async (status) => {
      const a = await subscribedUser();
      service.reply(a.path, status);
      await deliverTo(a.id);
      expect(service.requests.filter((r) => r.path === a.path)).toHaveLength(1);
      expect(await subscriptionsOf(a.id)).toEqual([]);
    },
  );

  it('413 (payload too large) is logged as a warning and the subscription is kept', async () => {
    const a = await subscribedUser();
    service.reply(a.path, 413);
    const warn = vi.spyOn(t.app.log, 'warn');
    try {
      await deliverTo(a.id);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ userId: a.id, status: 413 }),
        expect.stringMatching(/too large/),
      );
    } finally {
      warn.mockRestore();
    }
    expect(await subscriptionsOf(a.id)).toEqual([`${service.origin}${a.path}`]);
  });

  it('429 with Retry-After keeps the subscription and sends nothing more to it until then; other browsers are not held back', async () => {
    const a = await subscribedUser();
    const other = createBrowserSubscription(`${service.origin}/push/other-${a.id}`);
    expect((await post(t, '/notification/token', { token: other.json }, a.token)).statusCode).toBe(200);
    service.reply(a.path, 429, { 'retry-after': '1' });
    const count = (path: string) => service.requests.filter((r) => r.path === path).length;

    await deliverTo(a.id);
    expect(count(a.path)).toBe(1);
    await deliverTo(a.id); // within the second: skipped, not sent
    expect(count(a.path)).toBe(1);
    expect(count(`/push/other-${a.id}`)).toBe(2);
    expect(await subscriptionsOf(a.id)).toHaveLength(2);

    await new Promise((r) => setTimeout(r, 1_100));
    service.reply(a.path, 201);
    const arriving = service.next(a.path);
    await deliverTo(a.id);
    expect(JSON.parse(a.browser.decrypt((await arriving).body)).notification.title).toBe('Ending soon');
    expect(count(a.path)).toBe(2);
  });
});
