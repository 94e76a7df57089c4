import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { closeLot, voidLotBid } from '../../src/modules/lots/lot-actions.ts';
import { bid, buyNow, get, makeLot, makeRug, makeUser, units } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const deps = () => ({ db: t.app.ctx.db, bus: t.app.ctx.bus, log: t.app.log, currency: 'USD' });

describe('POST /rug/buy-now/{id} on a lot', () => {
  it('closes the lot sold at the buy-now price and creates an all-in order awaiting payment', async () => {
    const { lotId, rugId } = await makeLot(t, { buyNowPrice: units(2000) });
    const a = await makeUser(t);
    const res = await buyNow(t, rugId, a.token);
    expect(res.statusCode).toBe(201);
    const { order, lot } = res.json().data;
    expect(order).toMatchObject({
      kind: 'buy_now',
      status: 'awaiting_payment',
      itemPrice: units(2000),
      buyersPremium: 0,
      hammerPrice: null,
      lotId,
      rugId,
      reservedUntil: null,
    });
    expect(new Date(order.dueAt).getTime() - new Date(order.createdAt).getTime()).toBe(3 * 24 * 3_600_000);
    expect(lot).toMatchObject({ status: 'closed', outcome: 'sold', buyNowPrice: null });
    const [rug] = await t.database.query<{ status: string }>('select status from rugs where id = $1', [
      rugId,
    ]);
    expect(rug!.status).toBe('sold');
    // Nothing more to buy or bid on.
    expect((await buyNow(t, lotId, (await makeUser(t)).token)).statusCode).toBe(409);
    expect((await bid(t, lotId, units(100), a.token)).json().code).toBe('LOT_CLOSED');
  });

  it('is unavailable after a bid (no reserve), and until the reserve is met with one', async () => {
    const a = await makeUser(t);
    const b = await makeUser(t);
    const plain = await makeLot(t, { buyNowPrice: units(2000) });
    await bid(t, plain.lotId, units(100), a.token);
    const refused = await buyNow(t, plain.lotId, b.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('BUY_NOW_UNAVAILABLE');
    const reserved = await makeLot(t, { buyNowPrice: units(2000), reserve: units(1000) });
    const first = await bid(t, reserved.lotId, units(500), a.token);
    expect(first.json().data.lot.buyNowPrice).toBe(units(2000));
    expect((await buyNow(t, reserved.lotId, b.token)).statusCode).toBe(201);
  });

  it('idempotent: a retry answers the same order', async () => {
    const { rugId } = await makeLot(t, { buyNowPrice: units(900) });
    const a = await makeUser(t);
    const first = await buyNow(t, rugId, a.token, 'buy-1');
    const again = await buyNow(t, rugId, a.token, 'buy-1');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });
});

describe('POST /rug/buy-now/{id} at a fixed price: 15-minute hold', () => {
  it('reserves for the first buyer, refuses others while held, frees the rug after expiry', async () => {
    const rugId = await makeRug(t, { fixedPrice: units(3500) });
    const [a, b] = [await makeUser(t), await makeUser(t)];
    const res = await buyNow(t, rugId, a.token);
    expect(res.statusCode).toBe(201);
    const order = res.json().data.order;
    expect(order).toMatchObject({
      kind: 'fixed_price',
      itemPrice: units(3500),
      lotId: null,
      status: 'awaiting_payment',
    });
    expect(new Date(order.reservedUntil).getTime() - new Date(order.createdAt).getTime()).toBe(15 * 60_000);
    const other = await buyNow(t, rugId, b.token);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({
      message: 'This rug is reserved by another buyer',
      code: 'RUG_RESERVED',
    });
    // The holder asking again gets their hold back.
    expect((await buyNow(t, rugId, a.token)).json().data.order.id).toBe(order.id);
    // 15 minutes later (moved by SQL) the rug is available again.
    await t.database.query(`update orders set reserved_until = now() - interval '1 second' where id = $1`, [
      order.id,
    ]);
    const later = await buyNow(t, rugId, b.token);
    expect(later.statusCode).toBe(201);
    const [old] = await t.database.query<{ status: string }>('select status from orders where id = $1', [
      order.id,
    ]);
    expect(old!.status).toBe('expired');
  });

  it('a rug without a fixed price, or unknown, cannot be bought', async () => {
    const a = await makeUser(t);
    const rugId = await makeRug(t);
    expect((await buyNow(t, rugId, a.token)).json().code).toBe('NOT_FOR_SALE');
    expect((await buyNow(t, '00000000-0000-4000-8000-000000000000', a.token)).statusCode).toBe(404);
    const blocked = await makeUser(t, { blocked: true });
    expect((await buyNow(t, await makeRug(t, { fixedPrice: 1000 }), blocked.token)).json().code).toBe(
      'BIDDING_BLOCKED',
    );
  });
});

describe('lot actions for jobs and staff', () => {
  it('closeLot sells to the leader at the hammer with the premium, exactly once', async () => {
    const { lotId } = await makeLot(t, { endsIn: 3600, premiumPct: 25 });
    const [a, b] = [await makeUser(t), await makeUser(t)];
    await bid(t, lotId, units(500), a.token);
    await bid(t, lotId, units(300), b.token);
    expect((await closeLot(deps(), lotId)).ok).toBe(false); // not ended yet
    await t.database.query(`update lots set ends_at = now() - interval '1 second' where id = $1`, [lotId]);
    const [first, second] = await Promise.all([closeLot(deps(), lotId), closeLot(deps(), lotId)]);
    expect([first.ok, second.ok].filter(Boolean)).toHaveLength(1);
    const won = (await get(t, '/rug/winner/list', a.token)).json();
    expect(won.meta.total).toBe(1);
    expect(won.data[0].order).toMatchObject({
      kind: 'auction',
      hammerPrice: units(320),
      buyersPremium: units(80),
      itemPrice: units(400),
    });
    const mine = (await get(t, '/rug/offer/list', b.token)).json();
    expect(mine.data[0]).toMatchObject({ state: 'lost', myMaxBid: units(300) });
    expect((await get(t, '/rug/offer/list', a.token)).json().data[0].state).toBe('won');
  });

  it('voidLotBid recomputes from the remaining bids and rewrites the public history', async () => {
    const { lotId } = await makeLot(t);
    const [a, b, c] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    await bid(t, lotId, units(500), a.token);
    await bid(t, lotId, units(600), b.token);
    await bid(t, lotId, units(700), c.token); // C leads at 650
    const [bBid] = await t.database.query<{ id: string }>(
      'select id from bids where lot_id = $1 and bidder_id = $2',
      [lotId, b.id],
    );
    const result = await voidLotBid(deps(), lotId, bBid!.id);
    expect(result.ok).toBe(true);
    const lot = (await get(t, `/rug/${lotId}/bids`)).json().data as { bidder: string; amount: number }[];
    expect(lot.map((l) => [l.bidder, l.amount / 100])).toEqual([
      ['Bidder 1', 100],
      ['Bidder 2', 550],
    ]);
    const [row] = await t.database.query<{ current_bid: string; leader_id: string }>(
      'select current_bid, leader_id from lots where id = $1',
      [lotId],
    );
    expect([Number(row!.current_bid), row!.leader_id]).toEqual([units(550), c.id]);
  });

  it("a second void replays the lot's log with the first void in place (the shared voidBid)", async () => {
    const { lotId } = await makeLot(t);
    const [a, b, c, d] = [await makeUser(t), await makeUser(t), await makeUser(t), await makeUser(t)];
    await bid(t, lotId, units(500), a.token);
    await bid(t, lotId, units(600), b.token);
    await bid(t, lotId, units(700), c.token); // C leads at 650
    const bidOf = async (userId: string) =>
      (
        await t.database.query<{ id: string }>('select id from bids where lot_id = $1 and bidder_id = $2', [
          lotId,
          userId,
        ])
      )[0]!.id;
    expect((await voidLotBid(deps(), lotId, await bidOf(b.id))).ok).toBe(true); // C leads at 550
    await bid(t, lotId, units(800), d.token); // D leads at 750
    expect((await voidLotBid(deps(), lotId, await bidOf(c.id))).ok).toBe(true);
    // Without B and C: A 500 opens at 100, D 800 leads at 500 + 50.
    const lines = (await get(t, `/rug/${lotId}/bids`)).json().data as { bidder: string; amount: number }[];
    expect(lines.map((l) => [l.bidder, l.amount / 100])).toEqual([
      ['Bidder 1', 100],
      ['Bidder 2', 550],
    ]);
    const [row] = await t.database.query<{ current_bid: string; leader_id: string; bid_count: number }>(
      'select current_bid, leader_id, bid_count from lots where id = $1',
      [lotId],
    );
    expect([Number(row!.current_bid), row!.leader_id, Number(row!.bid_count)]).toEqual([units(550), d.id, 2]);
    // A voided bid cannot be voided again.
    const again = await voidLotBid(deps(), lotId, await bidOf(b.id));
    expect(again.ok ? null : again.refusal.code).toBe('BID_NOT_FOUND');
  });
});

describe('my lists and likes', () => {
  it('offer list: one row per lot with leading/outbid; paged', async () => {
    const [a, b] = [await makeUser(t), await makeUser(t)];
    const one = await makeLot(t);
    const two = await makeLot(t);
    await bid(t, one.lotId, units(200), a.token);
    await bid(t, one.lotId, units(400), a.token);
    await bid(t, two.lotId, units(200), a.token);
    await bid(t, two.lotId, units(500), b.token);
    const res = await get(t, '/rug/offer/list?pageSize=1', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ total: 2, totalPages: 2 });
    expect(res.json().data[0]).toMatchObject({
      state: 'outbid',
      myMaxBid: units(200),
      currentBid: units(220),
    });
    const page2 = (await get(t, '/rug/offer/list?page=2&pageSize=1', a.token)).json();
    expect(page2.data[0]).toMatchObject({
      state: 'leading',
      myMaxBid: units(400),
      lot: { id: one.lotId, rug: { id: one.rugId } },
    });
    expect((await get(t, '/rug/offer/list')).statusCode).toBe(401);
  });

  it('like toggles; like list shows liked rugs with their lots', async () => {
    const a = await makeUser(t);
    const { rugId, lotId } = await makeLot(t);
    const like = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/rug/auction/${rugId}`,
        headers: { authorization: `Bearer ${a.token}` },
      });
    expect((await like()).json()).toMatchObject({ liked: true });
    let list = (await get(t, '/rug/like/list', a.token)).json();
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({ id: rugId, lot: { id: lotId, liked: true } });
    expect((await like()).json()).toMatchObject({ liked: false });
    list = (await get(t, '/rug/like/list', a.token)).json();
    expect(list.meta.total).toBe(0);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/rug/auction/00000000-0000-4000-8000-000000000000',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(missing.statusCode).toBe(404);
  });
});
