import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biddingMessages } from '@knotwork/shared/schemas/bidding';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { clerk, makeLiveSale, onlineBid } from '../live-sales/helpers.ts';
import { bid, buyNow, makeLot, makeUser, units } from './helpers.ts';

/**
 * Issue 28 §2 (decisions 090, 091): a sale, or a lot by its low estimate, can ask a deposit; the bid itself refuses
 * a bidder without one (timed bids on the fast and locked paths, buy now, the live room's online bids), and lets
 * them bid once a deposit covering it is held.
 */
let t: TestApp;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => t.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const bankDeposit = (userId: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${userId}/deposits`,
    headers: auth(admin.token),
    payload: body,
  });
const settings = (lotDepositFromEstimateCents: number | null) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/admin/settings/deposits',
    headers: auth(admin.token),
    payload: { limitMultiple: 10, lotDepositFromEstimateCents },
  });

describe('a deposit asked by the sale', () => {
  it('refuses bids and buys without it, on every path, and takes them once it is held', async () => {
    const { auctionId, lotId } = await makeLot(t, { buyNowPrice: units(9_000) });
    const [early, bidder] = [await makeUser(t), await makeUser(t)];
    // The lot is cached on the fast path before the sale asks a deposit.
    expect((await bid(t, lotId, units(150), early.token)).statusCode).toBe(201);
    await t.database.query(`update auctions set deposit_cents = $2 where id = $1`, [auctionId, units(500)]);

    const refused = await bid(t, lotId, units(300), bidder.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'DEPOSIT_REQUIRED', message: biddingMessages.depositRequired });
    expect((await buyNow(t, lotId, bidder.token)).json().code).toBe('DEPOSIT_REQUIRED');

    // A deposit too small for the sale does not cover it; one that reaches it does.
    expect(
      (await bankDeposit(bidder.id, { amountCents: units(200), reference: 'W-1', auctionId })).statusCode,
    ).toBe(201);
    expect((await bid(t, lotId, units(300), bidder.token)).json().code).toBe('DEPOSIT_REQUIRED');
    expect((await bankDeposit(bidder.id, { amountCents: units(300), reference: 'W-2' })).statusCode).toBe(
      201,
    );
    expect((await bid(t, lotId, units(300), bidder.token)).statusCode).toBe(201);
  });
});

describe('a deposit asked by the lot’s estimate (Settings)', () => {
  it('refuses a bidder without any deposit on a lot at or above the threshold, timed and live', async () => {
    const below = await makeLot(t);
    const bidder = await makeUser(t);
    expect((await settings(units(1_500))).statusCode).toBe(200);
    // The test lots' low estimate is $1,000: below $1,500 nothing is asked.
    expect((await bid(t, below.lotId, units(200), bidder.token)).statusCode).toBe(201);
    expect((await settings(units(1_000))).statusCode).toBe(200);
    const at = await makeLot(t);
    expect((await bid(t, at.lotId, units(200), bidder.token)).json().code).toBe('DEPOSIT_REQUIRED');

    const live = await makeLiveSale(t, { lots: 1 });
    expect(
      (await clerk(t, live.auctionId, admin.token, { type: 'open', lotId: live.lotIds[0] })).statusCode,
    ).toBe(200);
    const online = await onlineBid(t, live.auctionId, bidder.token, { lotId: live.lotIds[0]!, ask: 100_000 });
    expect(online.statusCode).toBe(403);
    expect(online.json().code).toBe('DEPOSIT_REQUIRED');

    // Any deposit held covers a lot asked by its estimate.
    expect((await bankDeposit(bidder.id, { amountCents: units(100), reference: 'W-3' })).statusCode).toBe(
      201,
    );
    expect((await bid(t, at.lotId, units(200), bidder.token)).statusCode).toBe(201);
    expect((await settings(null)).statusCode).toBe(200);
  });
});
