import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '@knotwork/shared/realtime/events';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bid, buyNow, get, makeLot, makeUser, units } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface NotificationLine {
  type: string;
  title: string;
  link: string | null;
  data: Record<string, unknown>;
}

/**
 * On PostgreSQL the one-statement fast path writes outbid notices after commit (bid-fast-path.ts), so a read waits
 * for the announcements still running; on PGlite the locked path wrote them in the bid's transaction.
 */
const settled = () => t.app.services.bids.drain();
const notificationsOf = async (token: string): Promise<NotificationLine[]> => {
  await settled();
  return (await get(t, '/notification?pageSize=50', token)).json().data;
};
const unread = async (token: string): Promise<number> => {
  await settled();
  return (await get(t, '/notification/unread/count', token)).json().count;
};

/** The first `notification.created` on a user's channel; delivery runs after the answer, so wait for it. */
function nextNotificationEvent(userId: string, timeoutMs = 5_000): Promise<ServerEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no notification.created for ${userId} within ${timeoutMs} ms`));
    }, timeoutMs);
    const off = t.app.ctx.bus.onEvent((e) => {
      if (e.event === 'notification.created' && e.channel === `user:${userId}`) {
        clearTimeout(timer);
        off();
        resolve(e);
      }
    });
  });
}

describe('bids and buy now write their notifications in the same transaction and announce them after commit', () => {
  it('A leads, B outbids: A gets an outbid notice linking to the live lot, the unread count rises, live event on A\u2019s channel', async () => {
    const { lotId, rugId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    expect((await bid(t, lotId, units(500), a.token)).statusCode).toBe(201);
    expect(await unread(a.token)).toBe(0);

    const live = nextNotificationEvent(a.id);
    const res = await bid(t, rugId, units(800), b.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.lot).toMatchObject({ leading: true, currentBid: units(550) });

    const mine = await notificationsOf(a.token);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'outbid',
      title: 'You have been outbid on Lot 1 \u2014 Test Heriz',
      link: `/rugs-details-live/${rugId}`,
      data: expect.objectContaining({ lotId, rugId, price: units(550) }),
    });
    expect(await unread(a.token)).toBe(1);
    // The new leader is not told anything.
    expect(await notificationsOf(b.token)).toEqual([]);

    const event = await live;
    expect(event).toMatchObject({
      event: 'notification.created',
      channel: `user:${a.id}`,
      data: {
        notification: { type: 'outbid', link: `/rugs-details-live/${rugId}`, read: false },
        unreadCount: 1,
      },
    });
  });

  it('no outbid notice when the leader keeps the lead (a lower bid is answered by the proxy) or raises their own maximum', async () => {
    const { lotId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    await bid(t, lotId, units(500), a.token);
    const lower = await bid(t, lotId, units(300), b.token);
    expect(lower.json().data.lot).toMatchObject({ leading: false });
    await bid(t, lotId, units(900), a.token); // raise
    expect(await notificationsOf(a.token)).toEqual([]);
    expect(await notificationsOf(b.token)).toEqual([]);
  });

  it('each change of leader tells the one who lost the lead', async () => {
    const { lotId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    await bid(t, lotId, units(500), a.token);
    await bid(t, lotId, units(800), b.token); // B leads: A outbid
    await bid(t, lotId, units(1000), a.token); // A leads again: B outbid
    expect((await notificationsOf(a.token)).map((n) => n.type)).toEqual(['outbid']);
    expect((await notificationsOf(b.token)).map((n) => n.type)).toEqual(['outbid']);
    expect((await notificationsOf(b.token))[0]!.data).toMatchObject({ price: units(850) });
  });

  it('a refused bid writes no notification', async () => {
    const { lotId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    await bid(t, lotId, units(500), a.token);
    expect((await bid(t, lotId, units(50), b.token)).statusCode).toBe(422);
    expect(await notificationsOf(a.token)).toEqual([]);
  });

  it('the bid that opens a due lot tells the rug\u2019s watchers it is open', async () => {
    const { lotId, rugId } = await makeLot(t, { startsIn: -5, status: 'scheduled' });
    const [watcher, bidder] = [await makeUser(t), await makeUser(t)];
    await t.database.query('insert into likes (user_id, rug_id) values ($1, $2)', [watcher.id, rugId]);
    expect((await bid(t, lotId, units(100), bidder.token)).statusCode).toBe(201);
    const notes = await notificationsOf(watcher.token);
    expect(notes.map((n) => n.type)).toEqual(['watched_lot_open']);
    expect(notes[0]!.link).toBe(`/rugs-details-live/${rugId}`);
  });

  it('buy now: order_created for the buyer (linking to My Items, naming the order), live on the buyer\u2019s channel', async () => {
    const { lotId, rugId } = await makeLot(t, { buyNowPrice: units(2000) });
    const buyer = await makeUser(t);
    const live = nextNotificationEvent(buyer.id);
    const res = await buyNow(t, rugId, buyer.token);
    expect(res.statusCode).toBe(201);
    const order = res.json().data.order as { id: string };

    const notes = await notificationsOf(buyer.token);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: 'order_created',
      title: 'Your purchase of Lot 1 \u2014 Test Heriz',
      link: '/my-items',
      data: expect.objectContaining({ lotId, rugId, orderId: order.id, total: units(2000) }),
    });
    expect(await unread(buyer.token)).toBe(1);
    expect(await live).toMatchObject({
      channel: `user:${buyer.id}`,
      data: { notification: { type: 'order_created' }, unreadCount: 1 },
    });
  });

  it('buy now after bids below the reserve: the bidders are told the lot was sold', async () => {
    const { lotId } = await makeLot(t, { buyNowPrice: units(2000), reserve: units(1000) });
    const [bidder, buyer] = [await makeUser(t), await makeUser(t)];
    await bid(t, lotId, units(500), bidder.token);
    expect((await buyNow(t, lotId, buyer.token)).statusCode).toBe(201);
    expect((await notificationsOf(bidder.token)).map((n) => n.type)).toEqual(['lost']);
    expect((await notificationsOf(buyer.token)).map((n) => n.type)).toEqual(['order_created']);
  });
});
