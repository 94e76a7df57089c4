import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveSaleView, LiveStaffView } from '@knotwork/shared/schemas/live-sales';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bid, makeUser, onPostgres } from '../bidding/helpers.ts';
import { clerk, makeLiveSale, onlineBid, roomView } from './helpers.ts';

let t: TestApp;
let staff: { id: string; token: string };
let specialist: { id: string; token: string };
let accounts: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  staff = await makeUser(t, { role: 'admin' });
  specialist = await makeUser(t);
  await t.database.query(`update users set role = 'specialist' where id = $1`, [specialist.id]);
  accounts = await makeUser(t);
  await t.database.query(`update users set role = 'accounts' where id = $1`, [accounts.id]);
});
afterAll(() => t.close());

const view = (res: { json(): unknown }) => (res.json() as { data: LiveSaleView }).data;

describe('a live lot from the block to the hammer', () => {
  it('opens, takes a floor bid and online bids at the ask, fair warning, sells to the online bidder with an order', async () => {
    const { auctionId, lotIds } = await makeLiveSale(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];

    const waiting = await roomView(t, auctionId);
    expect(waiting.statusCode).toBe(200);
    expect(view(waiting).status).toBe('waiting');
    expect(view(waiting).upcoming).toHaveLength(3);

    const opened = await clerk(t, auctionId, specialist.token, { type: 'open', lotId: lotIds[0] });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(view(opened).current).toMatchObject({ lotId: lotIds[0], status: 'open', ask: 100000 });

    const floor = await clerk(t, auctionId, staff.token, { type: 'floorBid', paddle: 12 });
    expect(view(floor).current?.leading).toMatchObject({
      label: 'Paddle 12',
      number: 12,
      amount: 100000,
      source: 'floor',
    });
    const ask = view(floor).current!.ask;
    expect(ask).toBeGreaterThan(100000);

    const first = await onlineBid(t, auctionId, a.token, { lotId: lotIds[0]!, ask });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ label: 'Bidder 1' });
    const ask2 = view(first).current!.ask;
    const second = await onlineBid(t, auctionId, b.token, { lotId: lotIds[0]!, ask: ask2 });
    expect(second.statusCode, second.body).toBe(201);
    const ask3 = view(second).current!.ask;
    const third = await onlineBid(t, auctionId, a.token, { lotId: lotIds[0]!, ask: ask3 });
    expect(third.statusCode).toBe(201);
    expect(view(third).current?.bids.map((l) => l.label)).toEqual([
      'Paddle 12',
      'Bidder 1',
      'Bidder 2',
      'Bidder 1',
    ]);

    // A stale ask is refused rather than placed at another price.
    const stale = await onlineBid(t, auctionId, b.token, { lotId: lotIds[0]!, ask: ask2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'ASK_CHANGED' });

    const warned = await clerk(t, auctionId, staff.token, { type: 'fairWarning' });
    expect(view(warned).current?.fairWarning).toBe(true);

    const sold = await clerk(t, auctionId, staff.token, { type: 'sold', bidCount: 4 });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(view(sold).current).toMatchObject({
      status: 'sold',
      hammer: { label: 'Bidder 1', number: 1, amount: ask3 },
    });

    const [lot] = await t.database.query<{
      status: string;
      outcome: string;
      winner_id: string;
      hammer_price: string;
    }>('select status, outcome, winner_id, hammer_price from lots where id = $1', [lotIds[0]]);
    expect(lot).toMatchObject({ status: 'closed', outcome: 'sold', winner_id: a.id });
    expect(Number(lot!.hammer_price)).toBe(ask3);
    const orders = await t.database.query<{
      user_id: string;
      kind: string;
      hammer_price: string;
      item_price: string;
    }>('select user_id, kind, hammer_price, item_price from orders where lot_id = $1', [lotIds[0]]);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ user_id: a.id, kind: 'auction' });
    expect(Number(orders[0]!.item_price)).toBe(ask3 + ask3 / 4);
    // The hammer closed the lot through the lot core, as the timed close does: its state and one lot_closed line.
    const closes = await t.database.query<{ seq: string | number }>(
      `select seq from lot_events where lot_id = $1 and type = 'lot_closed'`,
      [lotIds[0]],
    );
    expect(closes).toHaveLength(1);
    const [stored] = await t.database.query<{ seq: string | number; state: unknown }>(
      'select seq, engine_state as state from lots where id = $1',
      [lotIds[0]],
    );
    expect(stored!.state).toMatchObject({ status: 'closed', outcome: 'sold', winner: a.id, hammer: ask3 });
    expect(Number(stored!.seq)).toBe(Number(closes[0]!.seq));
    const notes = await t.database.query<{ user_id: string; type: string }>(
      `select user_id, type from notifications where user_id = any($1::uuid[]) order by created_at`,
      [[a.id, b.id]],
    );
    expect(notes.filter((n) => n.user_id === a.id).map((n) => n.type)).toContain('won');
    expect(notes.filter((n) => n.user_id === b.id).map((n) => n.type)).toContain('lost');

    // The winner's own view after the hammer knows their label; the sale moves on.
    const mine = await roomView(t, auctionId, a.token);
    expect(mine.json()).toMatchObject({ data: { myLabel: 'Bidder 1', hasBid: true } });
    expect(view(mine).upcoming).toHaveLength(2);
    expect(view(mine).lotsDone).toBe(1);
  });

  it('passes a lot without a bid, and one under its reserve cannot be sold', async () => {
    const { auctionId, lotIds } = await makeLiveSale(t, { lots: 2, reserve: 500000 });
    await clerk(t, auctionId, staff.token, { type: 'open', lotId: lotIds[0] });
    expect((await clerk(t, auctionId, staff.token, { type: 'sold', bidCount: 0 })).json()).toMatchObject({
      code: 'NO_BID',
    });
    await clerk(t, auctionId, staff.token, { type: 'floorBid', paddle: 3 });
    const under = await clerk(t, auctionId, staff.token, { type: 'sold', bidCount: 1 });
    expect(under.statusCode).toBe(409);
    expect(under.json()).toMatchObject({ code: 'RESERVE_NOT_MET' });
    const passed = await clerk(t, auctionId, staff.token, { type: 'pass' });
    expect(view(passed).current?.status).toBe('passed');
    const [lot] = await t.database.query<{ status: string; outcome: string }>(
      'select status, outcome from lots where id = $1',
      [lotIds[0]],
    );
    expect(lot).toMatchObject({ status: 'closed', outcome: 'unsold' });
    expect(await t.database.query('select 1 from orders where lot_id = $1', [lotIds[0]])).toHaveLength(0);
  });

  it('undo restores the previous bid and ask; pause stops bids until resumed', async () => {
    const { auctionId, lotIds } = await makeLiveSale(t, { lots: 1 });
    const u = await makeUser(t);
    await clerk(t, auctionId, staff.token, { type: 'open', lotId: lotIds[0] });
    const floor = view(await clerk(t, auctionId, staff.token, { type: 'floorBid', paddle: 7 }));
    const online = view(
      await onlineBid(t, auctionId, u.token, { lotId: lotIds[0]!, ask: floor.current!.ask }),
    );
    expect(online.current?.leading?.label).toBe('Bidder 1');
    const undone = view(await clerk(t, auctionId, staff.token, { type: 'undo' }));
    expect(undone.current?.leading?.label).toBe('Paddle 7');
    expect(undone.current?.ask).toBe(floor.current!.ask);
    expect(undone.current?.bids).toHaveLength(1);

    await clerk(t, auctionId, staff.token, { type: 'pause' });
    const paused = await onlineBid(t, auctionId, u.token, { lotId: lotIds[0]!, ask: floor.current!.ask });
    expect(paused.json()).toMatchObject({ code: 'NOT_OPEN' });
    await clerk(t, auctionId, staff.token, { type: 'resume' });
    const again = await onlineBid(t, auctionId, u.token, { lotId: lotIds[0]!, ask: floor.current!.ask });
    expect(again.statusCode).toBe(201);
    // A floor buyer has no account: the lot closes sold without an order.
    await clerk(t, auctionId, staff.token, { type: 'floorBid', paddle: 7 });
    await clerk(t, auctionId, staff.token, { type: 'sold', bidCount: 3 });
    const [lot] = await t.database.query<{ outcome: string; winner_id: string | null }>(
      'select outcome, winner_id from lots where id = $1',
      [lotIds[0]],
    );
    expect(lot).toMatchObject({ outcome: 'sold', winner_id: null });
    expect(await t.database.query('select 1 from orders where lot_id = $1', [lotIds[0]])).toHaveLength(0);
  });

  it('absentee maxima left before the sale bid for their owners against the room, never above their maxima', async () => {
    const { auctionId, lotIds } = await makeLiveSale(t, { lots: 1 });
    const [absent, other] = [await makeUser(t), await makeUser(t)];
    expect((await bid(t, lotIds[0]!, 150000, absent.token)).statusCode).toBe(201);

    const staffBefore = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/live/${auctionId}`,
        headers: { authorization: `Bearer ${staff.token}` },
      })
    ).json<{ data: LiveStaffView }>();
    expect(staffBefore.data.upcomingAbsentee[lotIds[0]!]).toEqual([expect.objectContaining({ max: 150000 })]);

    const opened = view(await clerk(t, auctionId, staff.token, { type: 'open', lotId: lotIds[0] }));
    // The book opens the bidding at the opening bid.
    expect(opened.current?.leading).toMatchObject({ source: 'absentee', amount: 100000 });
    // The timed route no longer takes bids on a lot on the block.
    expect((await bid(t, lotIds[0]!, 200000, other.token)).statusCode).toBeGreaterThanOrEqual(400);

    let current = opened;
    for (let paddle = 1; paddle < 20; paddle += 1) {
      const res = await clerk(t, auctionId, staff.token, { type: 'floorBid', paddle });
      if (res.statusCode !== 200) break;
      current = view(res);
      if (current.current?.leading?.source === 'floor') break;
    }
    const absenteeBids = current.current!.bids.filter((l) => l.source === 'absentee');
    expect(Math.max(...absenteeBids.map((l) => l.amount))).toBeLessThanOrEqual(150000);
    expect(current.current?.leading?.source).toBe('floor');
  });
});

describe('authorization, validation and idempotency', () => {
  it('clerk actions need the live ability; online bids need an ordinary signed-in account', async () => {
    const { auctionId, lotIds } = await makeLiveSale(t, { lots: 1 });
    const collector = await makeUser(t);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/live/${auctionId}/actions`,
          payload: { type: 'pause' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await clerk(t, auctionId, collector.token, { type: 'open', lotId: lotIds[0] })).statusCode).toBe(
      403,
    );
    expect((await clerk(t, auctionId, accounts.token, { type: 'open', lotId: lotIds[0] })).statusCode).toBe(
      403,
    );
    expect((await clerk(t, auctionId, specialist.token, { type: 'open', lotId: lotIds[0] })).statusCode).toBe(
      200,
    );

    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/live/${auctionId}/bids`,
          payload: { lotId: lotIds[0], ask: 100000 },
        })
      ).statusCode,
    ).toBe(401);
    const byStaff = await onlineBid(t, auctionId, staff.token, { lotId: lotIds[0]!, ask: 100000 });
    expect(byStaff.statusCode).toBe(403);
    const blocked = await makeUser(t, { blocked: true });
    expect(
      (await onlineBid(t, auctionId, blocked.token, { lotId: lotIds[0]!, ask: 100000 })).statusCode,
    ).toBe(403);
  });

  it('answers 400 for a malformed action, 404 for an unknown sale or lot, 409 on a timed sale', async () => {
    const { auctionId, lotIds } = await makeLiveSale(t, { lots: 1 });
    expect((await clerk(t, auctionId, staff.token, { type: 'explode' })).statusCode).toBe(400);
    expect((await clerk(t, auctionId, staff.token, { type: 'floorBid', paddle: -1 })).statusCode).toBe(400);
    expect((await clerk(t, crypto.randomUUID(), staff.token, { type: 'pause' })).statusCode).toBe(404);
    expect(
      (await clerk(t, auctionId, staff.token, { type: 'open', lotId: crypto.randomUUID() })).statusCode,
    ).toBe(404);
    expect((await clerk(t, auctionId, staff.token, { type: 'pause' })).json()).toMatchObject({
      code: 'NO_CURRENT_LOT',
    });
    const [timed] = await t.database.query<{ id: string }>(
      `select id from auctions where type = 'timed' limit 1`,
    );
    if (timed)
      expect((await clerk(t, timed.id, staff.token, { type: 'pause' })).json()).toMatchObject({
        code: 'NOT_LIVE_SALE',
      });
    expect((await roomView(t, 'no-such-sale')).statusCode).toBe(404);
    await clerk(t, auctionId, staff.token, { type: 'open', lotId: lotIds[0] });
    expect((await clerk(t, auctionId, staff.token, { type: 'open', lotId: lotIds[0] })).json()).toMatchObject(
      { code: 'LOT_IN_PROGRESS' },
    );
  });

  it('a retried online bid with the same Idempotency-Key bids once and answers the same', async () => {
    const { auctionId, lotIds } = await makeLiveSale(t, { lots: 1 });
    const u = await makeUser(t);
    await clerk(t, auctionId, staff.token, { type: 'open', lotId: lotIds[0] });
    const key = crypto.randomUUID();
    const body = { lotId: lotIds[0]!, ask: 100000 };
    const [r1, r2] = await Promise.all([
      onlineBid(t, auctionId, u.token, body, key),
      onlineBid(t, auctionId, u.token, body, key),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([201, 201]);
    expect(r1.json()).toEqual(r2.json());
    const r3 = await onlineBid(t, auctionId, u.token, body, key);
    expect(r3.json()).toEqual(r1.json());
    const now = view(await roomView(t, auctionId));
    expect(now.current?.bids).toHaveLength(1);
    const reused = await onlineBid(t, auctionId, u.token, { ...body, ask: 110000 }, key);
    expect(reused.statusCode).toBe(422);
  });
});

describe('concurrency', () => {
  const RACES = onPostgres() ? 30 : 8;
  it(`an online bid racing the hammer: either the bid lands and the hammer waits (NEW_BID), or the lot sells first (${RACES} races)`, async () => {
    for (let i = 0; i < RACES; i += 1) {
      const { auctionId, lotIds } = await makeLiveSale(t, { lots: 1 });
      const u = await makeUser(t);
      await clerk(t, auctionId, staff.token, { type: 'open', lotId: lotIds[0] });
      const floor = view(await clerk(t, auctionId, staff.token, { type: 'floorBid', paddle: 1 }));
      const [bidRes, hammer] = await Promise.all([
        onlineBid(t, auctionId, u.token, { lotId: lotIds[0]!, ask: floor.current!.ask }),
        clerk(t, auctionId, staff.token, { type: 'sold', bidCount: 1 }),
      ]);
      const final = view(await roomView(t, auctionId));
      if (bidRes.statusCode === 201) {
        expect(hammer.json()).toMatchObject({ code: 'NEW_BID' });
        expect(final.current).toMatchObject({ status: 'open', leading: { source: 'online' } });
      } else {
        expect(hammer.statusCode).toBe(200);
        expect(bidRes.json()).toMatchObject({ code: 'NOT_OPEN' });
        expect(final.current).toMatchObject({ status: 'sold', hammer: { label: 'Paddle 1' } });
      }
    }
  });

  it('many online bidders at one ask: exactly one is accepted, and the log agrees with the state', async () => {
    const { auctionId, lotIds } = await makeLiveSale(t, { lots: 1 });
    await clerk(t, auctionId, staff.token, { type: 'open', lotId: lotIds[0] });
    const users = [];
    for (let i = 0; i < (onPostgres() ? 20 : 6); i += 1) users.push(await makeUser(t));
    const results = await Promise.all(
      users.map((u) => onlineBid(t, auctionId, u.token, { lotId: lotIds[0]!, ask: 100000 })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(
      results
        .filter((r) => r.statusCode === 409)
        .every((r) => r.json<{ code: string }>().code === 'ASK_CHANGED'),
    ).toBe(true);
    const [{ n }] = (await t.database.query<{ n: string }>(
      `select count(*) as n from live_events where auction_id = $1 and type = 'onlineBid'`,
      [auctionId],
    )) as [{ n: string }];
    expect(Number(n)).toBe(1);
  });
});
