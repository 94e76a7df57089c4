import webpush, { type PushSubscription } from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initialLotState } from '@knotwork/shared/bidding/lot-state';
import { DEFAULT_INCREMENTS } from '@knotwork/shared/bidding/increments';
import type { ServerEvent } from '@knotwork/shared/realtime/events';
import { notificationMessages as apiTexts } from '@knotwork/shared/schemas/notifications';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { get, post, signUp } from '../auth/helpers.ts';
import { createPushRepository } from '../../src/modules/push/repository.ts';
import type { Resolve } from '../../src/modules/push/endpoint-policy.ts';

/** The push host "resolves" to a public address without any lookup (the fake senders connect nowhere). */
const publicAddress: Resolve = () => Promise.resolve([{ address: '142.250.74.42', family: 4 }]);
import { createNotificationDelivery, notify } from '../../src/modules/notifications/notifier.ts';
import { notifyLotChange } from '../../src/modules/notifications/lot-notifications.ts';
import { notificationMessages } from '../../src/modules/notifications/messages.ts';
import { notificationsOf, openLotFixture } from '../jobs/fixtures.ts';

describe('notifications: list, read, unread count, delivery', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => t.close());

  const insert = (userId: string, n: number) =>
    t.database.query(
      `insert into notifications (user_id, type, title, body, link, data, created_at)
       select $1, 'outbid', 'Title ' || i, 'Body ' || i, '/my-items', jsonb_build_object('i', i), now() - make_interval(secs => 100 - i)
       from generate_series(1, $2) as i`,
      [userId, n],
    );

  it('lists my notifications newest first, paged, with the unread count; requires sign-in', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    await insert(me.user.id, 5);
    await insert(other.user.id, 2);
    const res = await get(t, '/notification?page=1&pageSize=2', me.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    expect(body.unreadCount).toBe(5);
    expect(body.data.map((n: { title: string }) => n.title)).toEqual(['Title 5', 'Title 4']);
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      type: 'outbid',
      title: 'Title 5',
      body: 'Body 5',
      link: '/my-items',
      data: { i: 5 },
      read: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await get(t, '/notification?page=3&pageSize=2', me.token)).json().data).toHaveLength(1);
    expect((await get(t, '/notification')).statusCode).toBe(401);
    expect((await get(t, '/notification?pageSize=1000', me.token)).statusCode).toBe(400);
    expect((await get(t, '/notification?page=zero', me.token)).statusCode).toBe(400);
  });

  it('marks some or all of mine read; ids of other users are ignored; the count follows', async () => {
    const me = await signUp(t);
    const other = await signUp(t);
    await insert(me.user.id, 4);
    await insert(other.user.id, 2);
    const mine = (await get(t, '/notification', me.token)).json().data as { id: string }[];
    const theirs = (await get(t, '/notification', other.token)).json().data as { id: string }[];

    const one = await post(t, '/notification/read', { ids: [mine[0]!.id, theirs[0]!.id] }, me.token);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ message: apiTexts.markedRead, unreadCount: 3 });
    expect((await get(t, '/notification', other.token)).json().unreadCount).toBe(2);
    const listed = (await get(t, '/notification', me.token)).json().data as { id: string; read: boolean }[];
    expect(listed.find((n) => n.id === mine[0]!.id)!.read).toBe(true);

    const all = await post(t, '/notification/read', { all: true }, me.token);
    expect(all.json()).toEqual({ message: apiTexts.markedRead, unreadCount: 0 });
    expect((await get(t, '/notification/unread/count', me.token)).json()).toEqual({ count: 0 });
    expect((await get(t, '/notification/unread/count', other.token)).json()).toEqual({ count: 2 });
  });

  it('validates the read request', async () => {
    const me = await signUp(t);
    for (const body of [
      {},
      { ids: [] },
      { ids: ['nope'] },
      { all: false },
      { ids: ['8a3d7f2e-1111-4222-8333-944455556666'], all: true },
    ]) {
      const res = await post(t, '/notification/read', body, me.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await post(t, '/notification/read', { all: true })).statusCode).toBe(401);
  });

  it('notify writes in the caller transaction (gone on rollback); delivery publishes the count and pushes after commit', async () => {
    const me = await signUp(t);
    await expect(
      t.database.db.transaction(async (tx) => {
        await notify(tx, me.user.id, { type: 'won', title: 'Never', body: 'Rolled back' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await notificationsOf(t.database, me.user.id)).toEqual([]);

    const browser = webpush.generateVAPIDKeys();
    await createPushRepository(t.database.db).save(me.user.id, {
      endpoint: 'https://fcm.googleapis.com/fcm/send/me',
      keys: { p256dh: browser.publicKey, auth: 'tBHItJI5svbpez7KI4CCXg' },
    });
    const pushed: { sub: PushSubscription; payload: unknown }[] = [];
    const events: ServerEvent[] = [];
    const off = t.app.ctx.bus.onEvent((e) => events.push(e));
    const deliver = createNotificationDelivery({
      db: t.database.db,
      bus: t.app.ctx.bus,
      config: t.config,
      log: t.app.log,
      pushResolve: publicAddress,
      pushSender: (sub, payload) => {
        pushed.push({ sub, payload: JSON.parse(payload) });
        return Promise.resolve({ statusCode: 201, body: '', headers: {} });
      },
    });
    const pending = await t.database.db.transaction((tx) =>
      notify(tx, me.user.id, {
        type: 'order_created',
        title: 'Your invoice',
        body: 'Due in 3 days',
        link: '/my-items',
        data: { orderId: 'o1' },
      }),
    );
    await deliver([pending]);
    off();
    const created = events.filter((e) => e.event === 'notification.created');
    expect(created).toEqual([
      {
        event: 'notification.created',
        channel: `user:${me.user.id}`,
        data: {
          notification: expect.objectContaining({
            id: pending.notification.id,
            type: 'order_created',
            read: false,
          }),
          unreadCount: 1,
        },
      },
    ]);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]!.payload).toEqual({
      notification: { title: 'Your invoice', body: 'Due in 3 days' },
      data: { id: pending.notification.id, type: 'order_created', link: '/my-items', orderId: 'o1' },
    });

    // A failing push service is logged, never thrown.
    const failing = createNotificationDelivery({
      db: t.database.db,
      bus: t.app.ctx.bus,
      config: t.config,
      log: t.app.log,
      pushResolve: publicAddress,
      pushSender: () => Promise.reject(new Error('push service down')),
    });
    await expect(failing([pending])).resolves.toBeUndefined();
  });

  it('notifyLotChange: outbid goes to the previous leader, unless they lead again by the end of the batch', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const { lotId, rugId } = await openLotFixture(t.database, {
      lotNumber: 7,
      title: 'Silk Hereke prayer rug',
    });
    const rules = {
      openingBid: 10_000,
      reserve: null,
      buyNowPrice: null,
      increments: DEFAULT_INCREMENTS,
      softClose: { enabled: true, windowSeconds: 120, extensionSeconds: 120 },
    };
    const base = initialLotState(rules, { startsAt: 0, endsAt: Date.now() + 3_600_000, status: 'open' });
    const outbid = {
      type: 'outbid' as const,
      previousLeader: a.user.id,
      newLeader: b.user.id,
      amount: 32_000,
      at: Date.now(),
    };
    const row = { id: lotId, buyers_premium_pct: 25 };

    const pending = await t.database.db.transaction((tx) =>
      notifyLotChange(
        tx,
        { row, state: { ...base, leader: b.user.id }, events: [outbid], order: null },
        { currency: 'USD' },
      ),
    );
    expect(pending.map((p) => [p.userId, p.notification.type])).toEqual([[a.user.id, 'outbid']]);
    expect(pending[0]!.notification).toMatchObject({
      title: 'You have been outbid on Lot 7 — Silk Hereke prayer rug',
      link: `/rugs-details-live/${rugId}`,
      data: expect.objectContaining({ lotId, rugId, price: 32_000 }),
    });
    expect(pending[0]!.notification.body).toContain('$320');

    const again = await t.database.db.transaction((tx) =>
      notifyLotChange(
        tx,
        { row, state: { ...base, leader: a.user.id }, events: [outbid], order: null },
        { currency: 'USD' },
      ),
    );
    expect(again).toEqual([]);
  });

  it('words every type like an auction house', () => {
    const s = {
      lotId: 'l',
      lotNumber: 12,
      rugId: 'r',
      rugTitle: 'Antique Heriz Serapi, circa 1890',
      auctionId: 'a',
      auctionTitle: 'Important Rugs',
    };
    const due = new Date('2026-05-04T12:00:00Z');
    expect(notificationMessages.outbid(s, 120_000, 'USD').title).toBe(
      'You have been outbid on Lot 12 — Antique Heriz Serapi, circa 1890',
    );
    expect(notificationMessages.endingSoon(s, 120_000, 'USD', due).title).toBe(
      'Lot 12 — Antique Heriz Serapi, circa 1890 closes in 15 minutes',
    );
    expect(notificationMessages.watchedLotOpen(s, due).body).toContain('4 May 2026');
    const order = {
      orderId: 'o',
      hammer: 100_000,
      premium: 25_000,
      premiumPct: 25,
      total: 125_000,
      dueAt: due,
    };
    expect(notificationMessages.orderCreated(s, order, 'USD').body).toBe(
      "Hammer price $1,000 plus buyer's premium of 25% ($250): $1,250 before shipping and tax, due by 4 May 2026.",
    );
    expect(notificationMessages.won(s, order, 'EUR').body).toContain('€1,250');
    expect(notificationMessages.unsold(s, false).body).toBe('The lot closed without a sale.');
  });
});
