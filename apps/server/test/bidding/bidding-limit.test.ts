import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biddingMessages } from '@knotwork/shared/schemas/bidding';
import { adminBidderMessages } from '@knotwork/shared/schemas/bidders-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { clerk, makeLiveSale, onlineBid } from '../live-sales/helpers.ts';
import { bid, buyNow, makeLot, makeUser, units } from './helpers.ts';

/**
 * Issue 28 §2 (decision 090): a bidder's limit is enforced inside the bid. Exposure = leading maxima on open lots
 * + won or bought and unpaid; a new maximum on a lot replaces the bidder's own leading maximum there. Timed bids
 * (the fast path falls back to the locked one), buy now, live online bids, concurrent bids across lots, and staff
 * setting, reading and clearing the limit.
 */
let t: TestApp;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => t.close());

const setLimit = (userId: string, body: Record<string, unknown>, token = admin.token) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/users/${userId}/limit`,
    headers: { authorization: `Bearer ${token}` },
    payload: body,
  });

const accepted = (userId: string) =>
  t.database.query<{ lot_id: string; max_amount: string }>(
    `select lot_id, max_amount from bids where bidder_id = $1 and status = 'accepted'`,
    [userId],
  );

describe('timed bids', () => {
  it('refuses a maximum past the limit across lots (403 OVER_LIMIT with the figures); a raise replaces its own line', async () => {
    const [a, b] = [await makeLot(t), await makeLot(t)];
    const bidder = await makeUser(t);
    expect((await setLimit(bidder.id, { limitCents: units(1000) })).statusCode).toBe(200);

    expect((await bid(t, a.lotId, units(600), bidder.token)).statusCode).toBe(201);
    const refused = await bid(t, b.lotId, units(500), bidder.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'OVER_LIMIT',
      message: biddingMessages.overLimit,
      limit: { limitCents: units(1000), exposureCents: units(600), availableCents: units(400) },
    });
    expect(await t.database.query('select 1 from bids where lot_id = $1', [b.lotId])).toHaveLength(0);

    // Exactly what is left is allowed; raising the maximum on the lot they lead replaces it.
    expect((await bid(t, b.lotId, units(400), bidder.token)).statusCode).toBe(201);
    expect((await bid(t, a.lotId, units(700), bidder.token)).json().code).toBe('OVER_LIMIT');
    expect((await bid(t, a.lotId, units(600), bidder.token)).statusCode).toBe(422); // not above their own max
  });

  it('an outbid maximum commits nothing: the room it frees can be bid elsewhere', async () => {
    const [a, b] = [await makeLot(t), await makeLot(t)];
    const [bidder, rival] = [await makeUser(t), await makeUser(t)];
    await setLimit(bidder.id, { limitCents: units(1000) });
    expect((await bid(t, a.lotId, units(900), bidder.token)).statusCode).toBe(201);
    expect((await bid(t, b.lotId, units(200), bidder.token)).json().code).toBe('OVER_LIMIT');
    expect((await bid(t, a.lotId, units(2000), rival.token)).statusCode).toBe(201);
    expect((await bid(t, b.lotId, units(1000), bidder.token)).statusCode).toBe(201);
  });

  it('a lot won and unpaid counts until it is paid', async () => {
    const { lotId } = await makeLot(t, { buyNowPrice: units(800) });
    const other = await makeLot(t);
    const bidder = await makeUser(t);
    await setLimit(bidder.id, { limitCents: units(1000) });
    expect((await buyNow(t, lotId, bidder.token)).statusCode).toBe(201);
    expect((await bid(t, other.lotId, units(300), bidder.token)).json()).toMatchObject({
      code: 'OVER_LIMIT',
      limit: { exposureCents: units(800), availableCents: units(200) },
    });
    await t.database.query(
      `update orders set status = 'paid', paid_at = now() where user_id = $1 and lot_id = $2`,
      [bidder.id, lotId],
    );
    expect((await bid(t, other.lotId, units(300), bidder.token)).statusCode).toBe(201);
  });

  it('the same Idempotency-Key replays the refusal; a bidder without a limit is not checked', async () => {
    const { lotId } = await makeLot(t);
    const [limited, free] = [await makeUser(t), await makeUser(t)];
    await setLimit(limited.id, { limitCents: units(100) });
    const first = await bid(t, lotId, units(300), limited.token, 'limit-1');
    const again = await bid(t, lotId, units(300), limited.token, 'limit-1');
    expect(first.statusCode).toBe(403);
    expect(again.json()).toEqual(first.json());
    expect((await bid(t, lotId, units(50_000), free.token)).statusCode).toBe(201);
  });

  it('a limit set while the lot is cached on the fast path holds for the next bid', async () => {
    const { lotId } = await makeLot(t);
    const [bidder, other] = [await makeUser(t), await makeUser(t)];
    expect((await bid(t, lotId, units(100), other.token)).statusCode).toBe(201);
    expect((await bid(t, lotId, units(200), bidder.token)).statusCode).toBe(201);
    await setLimit(bidder.id, { limitCents: units(250) });
    expect((await bid(t, lotId, units(900), bidder.token)).json().code).toBe('OVER_LIMIT');
    expect((await accepted(bidder.id)).map((r) => Number(r.max_amount))).toEqual([units(200)]);
  });

  it('concurrent bids on many lots never take a bidder past their limit', async () => {
    const lots = await Promise.all(Array.from({ length: 8 }, () => makeLot(t)));
    const bidders = await Promise.all(Array.from({ length: 4 }, () => makeUser(t)));
    for (const b of bidders) await setLimit(b.id, { limitCents: units(1000) });
    const answers = await Promise.all(
      bidders.flatMap((b) => lots.map((l, i) => bid(t, l.lotId, units(200 + 50 * i), b.token))),
    );
    // Every answer is a clear one: placed, over the limit, or too low / outbid by a rival's equal maximum.
    for (const a of answers) expect([201, 403, 422]).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 403)).toBe(true);
    for (const b of bidders) {
      const [row] = await t.database.query<{ exposure: string }>(
        `select coalesce(sum(leader_max), 0) as exposure from lots where leader_id = $1 and status = 'open'`,
        [b.id],
      );
      expect(Number(row!.exposure)).toBeLessThanOrEqual(units(1000));
    }
  });
});

describe('buy now and live sales', () => {
  it('refuses a buy now past the limit; nothing is bought', async () => {
    const { lotId, rugId } = await makeLot(t, { buyNowPrice: units(2000) });
    const buyer = await makeUser(t);
    await setLimit(buyer.id, { limitCents: units(1500) });
    const refused = await buyNow(t, rugId, buyer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'OVER_LIMIT', limit: { availableCents: units(1500) } });
    expect(await t.database.query('select 1 from orders where lot_id = $1', [lotId])).toHaveLength(0);
    await setLimit(buyer.id, { limitCents: units(2000) });
    expect((await buyNow(t, rugId, buyer.token)).statusCode).toBe(201);
  });

  it('refuses an online bid at an ask past the limit; the live lead counts against timed bids elsewhere', async () => {
    const { auctionId, lotIds } = await makeLiveSale(t, { lots: 1 });
    const timed = await makeLot(t);
    const [bidder, other] = [await makeUser(t), await makeUser(t)];
    const opened = await clerk(t, auctionId, admin.token, { type: 'open', lotId: lotIds[0] });
    expect(opened.statusCode, opened.body).toBe(200);
    const ask = opened.json().data.current.ask as number;

    await setLimit(bidder.id, { limitCents: ask - units(1) });
    const refused = await onlineBid(t, auctionId, bidder.token, { lotId: lotIds[0]!, ask });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'OVER_LIMIT', limit: { availableCents: ask - units(1) } });

    await setLimit(bidder.id, { limitCents: ask + units(100) });
    expect((await onlineBid(t, auctionId, bidder.token, { lotId: lotIds[0]!, ask })).statusCode).toBe(201);
    // Leading the live lot at `ask`: only 100 is left for a timed lot.
    expect((await bid(t, timed.lotId, units(200), bidder.token)).json()).toMatchObject({
      code: 'OVER_LIMIT',
      limit: { exposureCents: ask },
    });
    expect((await bid(t, timed.lotId, units(100), bidder.token)).statusCode).toBe(201);
    expect(other.id).not.toBe(bidder.id);
  });
});

describe('the bidder', () => {
  it('reads their own limit, what is committed and what is left; none without a limit; signed out 401', async () => {
    const { lotId } = await makeLot(t);
    const bidder = await makeUser(t);
    const mine = (token?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/rug/offer/limit',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await mine(bidder.token)).json()).toEqual({
      data: { limitCents: null, exposureCents: 0, availableCents: null },
    });
    await setLimit(bidder.id, { limitCents: units(1000), note: 'Staff only' });
    expect((await bid(t, lotId, units(250), bidder.token)).statusCode).toBe(201);
    expect((await mine(bidder.token)).json()).toEqual({
      data: { limitCents: units(1000), exposureCents: units(250), availableCents: units(750) },
    });
    expect((await mine()).statusCode).toBe(401);
  });
});

describe('staff', () => {
  it("set, read on the bidder's page with the exposure, and clear; audited; bad input 400; a bidder cannot", async () => {
    const { lotId } = await makeLot(t);
    const bidder = await makeUser(t);
    expect((await bid(t, lotId, units(300), bidder.token)).statusCode).toBe(201);

    const set = await setLimit(bidder.id, { limitCents: units(5000), note: 'Deposit by wire' });
    expect(set.json()).toMatchObject({
      message: adminBidderMessages.limitSet,
      data: { limitCents: units(5000), note: 'Deposit by wire', exposureCents: units(300) },
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users/${bidder.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(page.json().data.limit).toMatchObject({ limitCents: units(5000), exposureCents: units(300) });

    for (const limitCents of [-100, 150, 'x']) {
      const bad = await setLimit(bidder.id, { limitCents });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors.limitCents).toBe(adminBidderMessages.limitInvalid);
    }
    expect((await setLimit(bidder.id, { limitCents: null })).json()).toMatchObject({
      message: adminBidderMessages.limitCleared,
      data: { limitCents: null },
    });
    expect((await bid(t, lotId, units(90_000), bidder.token)).statusCode).toBe(201);
    expect(
      await t.database.query(
        `select 1 from staff_actions where action = 'set_bidding_limit' and user_id = $1`,
        [bidder.id],
      ),
    ).toHaveLength(2);

    expect((await setLimit(bidder.id, { limitCents: 0 }, bidder.token)).statusCode).toBe(403);
    expect((await setLimit('00000000-0000-4000-8000-000000000000', { limitCents: 0 })).statusCode).toBe(404);
  });
});
