import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { post, signUp } from '../auth/helpers.ts';
import {
  createAuction,
  createLot,
  createRug,
  endLotNow,
  notificationsOf,
  openLotFixture,
} from './fixtures.ts';

describe('closing lots: outcomes, orders and the buyer\u2019s premium', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => t.close());

  const bid = async (lotId: string, token: string, amount: number) => {
    const res = await post(t, `/rug/add-offer/${lotId}`, { amount }, token);
    expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
  };
  const lotRow = async (lotId: string) =>
    (
      await t.database.query<{
        status: string;
        outcome: string | null;
        hammer_price: string | number | null;
        winner_id: string | null;
      }>('select status, outcome, hammer_price, winner_id from lots where id = $1', [lotId])
    )[0]!;
  const ordersOf = (lotId: string) =>
    t.database.query<{
      user_id: string;
      kind: string;
      hammer_price: string;
      buyers_premium: string;
      item_price: string;
      status: string;
      due_days: string | number;
    }>(
      `select user_id, kind, hammer_price::text, buyers_premium::text, item_price::text, status,
         round(extract(epoch from due_at - created_at) / 86400) as due_days
       from orders where lot_id = $1`,
      [lotId],
    );

  it('sells to the leader at the hammer price: order = hammer + premium, due in 3 days; rug sold; won/lost notices', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const { lotId, rugId } = await openLotFixture(t.database, {
      openingBid: 10_000,
      lotNumber: 12,
      title: 'Antique Heriz Serapi, circa 1890',
    });
    await bid(lotId, alice.token, 50_000);
    await bid(lotId, bob.token, 60_000); // Bob leads at 550
    // Alice's outbid notice is the outbox worker's, after the bid's answer (decisions 098, 101): sent before the end.
    await t.app.services.bids.drain();
    await endLotNow(t.database, lotId);
    const report = await t.app.jobs.runDueJobsOnce();
    expect(report.closed).toBeGreaterThanOrEqual(1);

    expect(await lotRow(lotId)).toMatchObject({ status: 'closed', outcome: 'sold', winner_id: bob.user.id });
    expect(Number((await lotRow(lotId)).hammer_price)).toBe(55_000);
    expect(await ordersOf(lotId)).toEqual([
      {
        user_id: bob.user.id,
        kind: 'auction',
        hammer_price: '55000',
        buyers_premium: '13750',
        item_price: '68750',
        status: 'awaiting_payment',
        due_days: expect.anything(),
      },
    ]);
    expect(Number((await ordersOf(lotId))[0]!.due_days)).toBe(3);
    const [rug] = await t.database.query<{ status: string }>('select status from rugs where id = $1', [
      rugId,
    ]);
    expect(rug!.status).toBe('sold');

    const bobs = await notificationsOf(t.database, bob.user.id);
    const won = bobs.find((n) => n.type === 'won')!;
    expect(won.title).toBe('Congratulations: you won Lot 12 — Antique Heriz Serapi, circa 1890');
    expect(won.body).toContain('$550');
    expect(won.body).toContain('$687.50');
    expect(won.link).toBe('/my-items');
    const invoice = bobs.find((n) => n.type === 'order_created')!;
    expect(invoice.data).toMatchObject({ lotId, rugId, hammer: 55_000, premium: 13_750, total: 68_750 });
    // Alice was told when Bob took the lead (by the bid service), then that the lot sold to another bidder.
    const alices = await notificationsOf(t.database, alice.user.id);
    expect(alices.map((n) => n.type)).toEqual(['outbid', 'lost']);
    expect(alices[0]!.title).toBe('You have been outbid on Lot 12 — Antique Heriz Serapi, circa 1890');
    expect(alices[0]!.link).toBe(`/rugs-details-live/${rugId}`);
    expect(alices[0]!.data).toMatchObject({ lotId, rugId, price: 55_000 });
    expect(bobs.map((n) => n.type).sort()).toEqual(['order_created', 'won']);
    const lost = alices.filter((n) => n.type === 'lost');
    expect(lost).toHaveLength(1);
    expect(lost[0]!.title).toBe('Lot 12 — Antique Heriz Serapi, circa 1890 has been sold');
    expect(lost[0]!.link).toBe(`/rug-listing/${rugId}`);
    expect(
      (
        await t.database.query<{ n: number }>(
          `select count(*)::int as n from lot_events where lot_id = $1 and type = 'lot_closed'`,
          [lotId],
        )
      )[0]!.n,
    ).toBe(1);
    // Running again changes nothing.
    await t.app.jobs.runDueJobsOnce();
    expect(await ordersOf(lotId)).toHaveLength(1);
  });

  it('rounds the premium half up to the cent (12.5% of $1,001 = $125.125 -> $125.13)', async () => {
    const carol = await signUp(t);
    const { lotId } = await openLotFixture(t.database, { openingBid: 100_100, premiumPct: 12.5 });
    await bid(lotId, carol.token, 100_100);
    await endLotNow(t.database, lotId);
    await t.app.jobs.runDueJobsOnce();
    const [order] = await ordersOf(lotId);
    expect(order).toMatchObject({ hammer_price: '100100', buyers_premium: '12513', item_price: '112613' });
  });

  it('rounds an exact half cent up where floating point would not (24.99% of $50 = 1,249.5 cents -> 1,250)', async () => {
    const erin = await signUp(t);
    const { lotId } = await openLotFixture(t.database, { openingBid: 5_000, premiumPct: 24.99 });
    await bid(lotId, erin.token, 5_000);
    await endLotNow(t.database, lotId);
    await t.app.jobs.runDueJobsOnce();
    const [order] = await ordersOf(lotId);
    expect(order).toMatchObject({ hammer_price: '5000', buyers_premium: '1250', item_price: '6250' });
  });

  it('closes unsold when the reserve is not met: no order, the rug stays available, bidders told', async () => {
    const dan = await signUp(t);
    const { lotId, rugId } = await openLotFixture(t.database, { openingBid: 10_000, reserve: 100_000 });
    await bid(lotId, dan.token, 50_000);
    await endLotNow(t.database, lotId);
    await t.app.jobs.runDueJobsOnce();
    expect(await lotRow(lotId)).toMatchObject({
      status: 'closed',
      outcome: 'unsold',
      winner_id: null,
      hammer_price: null,
    });
    expect(await ordersOf(lotId)).toEqual([]);
    const [rug] = await t.database.query<{ status: string }>('select status from rugs where id = $1', [
      rugId,
    ]);
    expect(rug!.status).toBe('available');
    const [notice] = (await notificationsOf(t.database, dan.user.id)).filter((n) => n.type === 'unsold');
    expect(notice).toMatchObject({ data: expect.objectContaining({ reserveNotMet: true }) });
    expect(notice!.title).toMatch(/closed unsold$/);
  });

  it('closes unsold without bids, and closes (not opens) a scheduled lot whose end has passed', async () => {
    const { lotId } = await openLotFixture(t.database);
    await endLotNow(t.database, lotId);
    const auctionId = await createAuction(t.database, { startsIn: -7200, endsIn: -60 });
    const rugId = await createRug(t.database);
    const stale = await createLot(t.database, {
      auctionId,
      rugId,
      status: 'scheduled',
      startsIn: -7200,
      endsIn: -60,
    });
    await t.app.jobs.runDueJobsOnce();
    expect(await lotRow(lotId)).toMatchObject({ status: 'closed', outcome: 'unsold' });
    expect(await lotRow(stale)).toMatchObject({ status: 'closed', outcome: 'unsold' });
    expect(await ordersOf(lotId)).toEqual([]);
    const events = await t.database.query<{ type: string }>(
      'select type from lot_events where lot_id = $1 order by seq',
      [stale],
    );
    expect(events.map((e) => e.type)).toEqual(['lot_closed']);
    // The sale's last lot closed after its end: the sale is closed.
    const [sale] = await t.database.query<{ status: string }>('select status from auctions where id = $1', [
      auctionId,
    ]);
    expect(sale!.status).toBe('closed');
  });

  it('expires unpaid fixed-price holds past their 15 minutes, and only those', async () => {
    const buyer = await signUp(t);
    const rugA = await createRug(t.database);
    const rugB = await createRug(t.database);
    const hold = (rugId: string, minutes: number) =>
      t.database.query<{ id: string }>(
        `insert into orders (user_id, rug_id, kind, item_price, currency, reserved_until, due_at)
         values ($1, $2, 'fixed_price', 250000, 'USD', now() + make_interval(mins => $3), now() + make_interval(mins => $3))
         returning id`,
        [buyer.user.id, rugId, minutes],
      );
    const [expired] = await hold(rugA, -1);
    const [live] = await hold(rugB, 10);
    const report = await t.app.jobs.runDueJobsOnce();
    expect(report.holdsExpired).toBe(1);
    const statuses = await t.database.query<{ id: string; status: string }>(
      'select id, status from orders where id = any($1::uuid[]) order by status',
      [[expired!.id, live!.id]],
    );
    expect(statuses).toEqual([
      { id: live!.id, status: 'awaiting_payment' },
      { id: expired!.id, status: 'expired' },
    ]);
  });

  it('reminds an unpaid winner at 24 h and at 48 h, once each', async () => {
    const erin = await signUp(t);
    const { lotId, rugId } = await openLotFixture(t.database, { openingBid: 10_000 });
    await bid(lotId, erin.token, 10_000);
    await endLotNow(t.database, lotId);
    await t.app.jobs.runDueJobsOnce();
    const reminders = async () =>
      (await notificationsOf(t.database, erin.user.id)).filter((n) => n.type === 'payment_reminder');
    expect(await reminders()).toHaveLength(0);
    await t.database.query(`update orders set created_at = now() - interval '25 hours' where lot_id = $1`, [
      lotId,
    ]);
    await t.app.jobs.runDueJobsOnce();
    await t.app.jobs.runDueJobsOnce();
    expect(await reminders()).toHaveLength(1);
    await t.database.query(`update orders set created_at = now() - interval '49 hours' where lot_id = $1`, [
      lotId,
    ]);
    await t.app.jobs.runDueJobsOnce();
    await t.app.jobs.runDueJobsOnce();
    const sent = await reminders();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ link: '/my-items', data: expect.objectContaining({ rugId }) });
  });
});
