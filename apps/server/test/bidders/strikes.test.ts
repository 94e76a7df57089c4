import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { biddingMessages } from '@knotwork/shared/schemas/bidding';
import { strikeMessages } from '@knotwork/shared/schemas/strikes';
import { buildApp } from '../../src/app.ts';
import { createTestApp, testConfig, type TestApp } from '../helpers/app.ts';
import { bid, buyNow, get, makeLot, makeUser, units } from '../bidding/helpers.ts';

/**
 * Issue 28 §4 (decision 092): an order unpaid past its due date is a strike, written once per order whichever process
 * runs the job; N active strikes (Settings, default 2) block bidding with reason 'unpaid' (audited, the bidder told in
 * the bell and by e-mail); a payment clears its strike but not the block; staff clear a strike with a reason and lift
 * the block; the collector reads why they cannot bid.
 */
let t: TestApp;
let other: FastifyInstance;
let admin: { id: string; token: string };
let specialist: { id: string; token: string };
let accounts: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  // A second server process on the same database: the job runs in both at once.
  other = await buildApp({
    config: testConfig({ RATE_LIMIT_SCALE: '100' }),
    database: t.database,
    serveWeb: false,
    // Whichever process blocks sends the mail: both land in the same list.
    mailer: { send: (m) => Promise.resolve(void t.mails.push(m)) },
  });
  await other.ready();
  admin = await makeUser(t, { role: 'admin' });
  specialist = await makeUser(t, { role: 'specialist' });
  accounts = await makeUser(t, { role: 'accounts' });
});
afterAll(async () => {
  await other?.close();
  await t.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** An order bought now by the bidder, then made overdue (or not) by moving its due date. */
async function order(bidder: { token: string }, overdue = true) {
  const lot = await makeLot(t, { buyNowPrice: units(800) });
  expect((await buyNow(t, lot.lotId, bidder.token)).statusCode).toBe(201);
  const [row] = await t.database.query<{ id: string }>(`select id from orders where lot_id = $1`, [
    lot.lotId,
  ]);
  if (overdue)
    await t.database.query(`update orders set due_at = now() - interval '1 hour' where id = $1`, [row!.id]);
  return row!.id;
}

const pay = (orderId: string) =>
  t.database.query(`update orders set status = 'paid', paid_at = now() where id = $1`, [orderId]);

const strikesOf = (userId: string) =>
  t.database.query<{ order_id: string }>(`select order_id from bidder_strikes where user_id = $1`, [userId]);

const blockedReason = async (userId: string) =>
  (
    await t.database.query<{ reason: string | null }>(
      `select bidding_blocked_reason as reason from users where id = $1`,
      [userId],
    )
  )[0]!.reason;

const runBoth = () => Promise.all([t.app.services.strikes.runDue(), other.services.strikes.runDue()]);

const staffStrikes = (userId: string, token = admin.token) =>
  t.app.inject({ method: 'GET', url: `/api/v1/admin/users/${userId}/strikes`, headers: auth(token) });

const clear = (strikeId: string, body: unknown, token = admin.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/strikes/${strikeId}/clear`,
    headers: auth(token),
    payload: body as Record<string, unknown>,
  });

describe('the strikes job', () => {
  it('writes one strike per overdue order, even with two processes running it at once; not before the due date', async () => {
    const bidder = await makeUser(t);
    const late = await order(bidder);
    await order(bidder, false);
    await Promise.all([runBoth(), runBoth()]);
    expect((await strikesOf(bidder.id)).map((s) => s.order_id)).toEqual([late]);
    // One strike is below the default of 2: still allowed to bid.
    expect(await blockedReason(bidder.id)).toBeNull();
    // Every edit of a strike is refused by the database.
    await expect(t.database.query(`delete from bidder_strikes where order_id = $1`, [late])).rejects.toThrow(
      /append-only/,
    );
    await expect(
      t.database.query(`update bidder_strikes set amount_cents = 1 where order_id = $1`, [late]),
    ).rejects.toThrow(/append-only/);
  });

  it('blocks at N strikes with reason unpaid, once (audit, bell, e-mail in their language); the bid says so', async () => {
    const bidder = await makeUser(t);
    await t.database.query(`update users set language = 'fr' where id = $1`, [bidder.id]);
    const [a, b] = [await order(bidder), await order(bidder)];
    const mailsBefore = t.mails.length;
    await Promise.all([runBoth(), runBoth()]);
    expect(await blockedReason(bidder.id)).toBe('unpaid');

    const audit = await t.database.query<{ staff_id: string | null; reason: string }>(
      `select staff_id, reason from staff_actions where action = 'block_bidder' and user_id = $1`,
      [bidder.id],
    );
    expect(audit).toEqual([{ staff_id: null, reason: 'unpaid' }]);
    const notices = await t.database.query<{ link: string }>(
      `select link from notifications where user_id = $1 and type = 'bidding_blocked'`,
      [bidder.id],
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.link).toContain(a);
    expect(notices[0]!.link).toContain(b);
    const [user] = await t.database.query<{ email: string }>(`select email from users where id = $1`, [
      bidder.id,
    ]);
    const mails = t.mails.slice(mailsBefore).filter((m) => m.to === user!.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Les enchères sont suspendues sur votre compte');
    expect(mails[0]!.text).toContain(`/checkout?orders=`);

    const { lotId } = await makeLot(t);
    const refused = await bid(t, lotId, units(100), bidder.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'BIDDING_BLOCKED',
      message: biddingMessages.biddingBlocked,
    });

    const standing = await get(t, '/rug/offer/standing', bidder.token);
    expect(standing.statusCode).toBe(200);
    expect(standing.json().data).toMatchObject({
      blocked: true,
      reason: 'unpaid',
      activeStrikes: 2,
      blockAfter: 2,
    });
    expect(
      standing
        .json()
        .data.unpaidOrders.map((o: { orderId: string }) => o.orderId)
        .sort(),
    ).toEqual([a, b].sort());
  });

  it('a payment clears its strike but does not lift the block; staff lift it and the old strikes do not block again', async () => {
    const bidder = await makeUser(t);
    const [a, b] = [await order(bidder), await order(bidder)];
    await runBoth();
    expect(await blockedReason(bidder.id)).toBe('unpaid');
    await pay(a);
    await runBoth();
    const read = (await staffStrikes(bidder.id)).json().data;
    expect(read.activeCount).toBe(1);
    expect(read.strikes.find((s: { orderId: string }) => s.orderId === a).cleared).toMatchObject({
      cause: 'paid',
      reason: null,
    });
    expect(await blockedReason(bidder.id)).toBe('unpaid');

    const unblock = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${bidder.id}/block`,
      headers: auth(accounts.token),
    });
    expect(unblock.statusCode).toBe(200);
    await pay(b);
    await runBoth();
    expect(await blockedReason(bidder.id)).toBeNull();
    // With staff's unblock standing, a strike already seen does not block again; a new pair does.
    const [c, d] = [await order(bidder), await order(bidder)];
    await runBoth();
    expect(await blockedReason(bidder.id)).toBe('unpaid');
    expect((await strikesOf(bidder.id)).map((s) => s.order_id).sort()).toEqual([a, b, c, d].sort());
  });

  it('a block staff set for another reason keeps its reason; the house setting 0 never blocks', async () => {
    const bidder = await makeUser(t);
    await order(bidder);
    await order(bidder);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${bidder.id}/block`,
      headers: auth(admin.token),
      payload: { reason: 'Chargeback' },
    });
    await runBoth();
    expect(await blockedReason(bidder.id)).toBe('Chargeback');
    const standing = (await get(t, '/rug/offer/standing', bidder.token)).json().data;
    expect(standing).toMatchObject({ blocked: true, reason: 'other', activeStrikes: 2 });

    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/strikes',
      headers: auth(admin.token),
      payload: { blockAfter: 0 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.strikes).toEqual({ blockAfter: 0 });
    const free = await makeUser(t);
    await order(free);
    await order(free);
    await order(free);
    // This process's settings changed at once; the other one's catch up over the bus (or within a minute).
    await t.app.services.strikes.runDue();
    expect(await blockedReason(free.id)).toBeNull();
    expect(await strikesOf(free.id)).toHaveLength(3);
    const back = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/strikes',
      headers: auth(admin.token),
      payload: { blockAfter: 2 },
    });
    expect(back.statusCode).toBe(200);
    await t.app.services.strikes.runDue();
    expect(await blockedReason(free.id)).toBe('unpaid');
  });
});

describe('staff', () => {
  it('clear a strike with a reason (audited), once; the bidder list shows active strikes', async () => {
    const bidder = await makeUser(t);
    const late = await order(bidder);
    await runBoth();
    const [strike] = (await staffStrikes(bidder.id)).json().data.strikes;
    expect(strike).toMatchObject({ orderId: late, amountCents: units(800), cleared: null });

    const [found] = await t.database.query<{ email: string }>(`select email from users where id = $1`, [
      bidder.id,
    ]);
    const email = found!.email;
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users?q=${encodeURIComponent(email)}`,
      headers: auth(admin.token),
    });
    expect(list.json().data).toMatchObject([{ id: bidder.id, activeStrikes: 1 }]);

    const cleared = await clear(strike.id, { reason: '  Paid in person at the saleroom  ' }, accounts.token);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().message).toBe(strikeMessages.strikeCleared);
    expect(cleared.json().data.activeCount).toBe(0);
    expect(cleared.json().data.strikes[0].cleared).toMatchObject({
      cause: 'staff',
      reason: 'Paid in person at the saleroom',
    });
    const audit = await t.database.query<{ staff_id: string; order_id: string; reason: string }>(
      `select staff_id, order_id, reason from staff_actions where action = 'clear_strike' and user_id = $1`,
      [bidder.id],
    );
    expect(audit).toEqual([
      { staff_id: accounts.id, order_id: late, reason: 'Paid in person at the saleroom' },
    ]);

    const again = await clear(strike.id, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(strikeMessages.strikeAlreadyCleared);
    // A cleared strike stays cleared: the payment run does not add a second clearing.
    await pay(late);
    await runBoth();
    expect(
      await t.database.query(
        `select 1 from bidder_strike_clearings c join bidder_strikes s on s.id = c.strike_id where s.order_id = $1`,
        [late],
      ),
    ).toHaveLength(1);
  });

  it('roles and bad input: 4xx, never 500', async () => {
    const bidder = await makeUser(t);
    await order(bidder);
    await runBoth();
    const [strike] = (await staffStrikes(bidder.id)).json().data.strikes;

    // Specialists read bidders (the lot history names them) but do not manage them.
    expect((await staffStrikes(bidder.id, specialist.token)).statusCode).toBe(200);
    expect((await staffStrikes(bidder.id, bidder.token)).statusCode).toBe(403);
    expect((await clear(strike.id, { reason: 'x' }, specialist.token)).statusCode).toBe(403);
    expect((await clear(strike.id, { reason: 'x' }, bidder.token)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/admin/users/${bidder.id}/strikes` })).statusCode,
    ).toBe(401);
    expect((await get(t, '/rug/offer/standing')).statusCode).toBe(401);

    const empty = await clear(strike.id, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(strikeMessages.clearReasonRequired);
    expect((await clear(strike.id, {})).statusCode).toBe(400);
    expect((await clear(strike.id, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await clear(strike.id, { reason: 'ok', extra: 1 })).statusCode).toBe(400);
    expect((await clear('not-a-uuid', { reason: 'ok' })).statusCode).toBe(400);
    const unknown = await clear('00000000-0000-4000-8000-000000000000', { reason: 'ok' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(strikeMessages.strikeNotFound);
    expect((await staffStrikes('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await staffStrikes('nope')).statusCode).toBe(400);

    for (const blockAfter of [-1, 21, 1.5, '2']) {
      const bad = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings/strikes',
        headers: auth(admin.token),
        payload: { blockAfter },
      });
      expect(bad.statusCode).toBe(400);
    }
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/admin/settings/strikes',
          headers: auth(accounts.token),
          payload: { blockAfter: 3 },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('a collector in good standing reads no block and their unpaid orders', async () => {
    const bidder = await makeUser(t);
    const due = await order(bidder, false);
    const standing = (await get(t, '/rug/offer/standing', bidder.token)).json().data;
    expect(standing).toMatchObject({ blocked: false, reason: null, activeStrikes: 0 });
    expect(standing.unpaidOrders).toMatchObject([{ orderId: due, overdue: false, amountCents: units(800) }]);
  });
});
