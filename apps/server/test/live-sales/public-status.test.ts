import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { clerk, makeLiveSale } from './helpers.ts';

let t: TestApp;
let staff: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  staff = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ url: `/api/v1${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
type PublicLot = { id: string; status: string; outcome: string | null; buyNowPrice: number | null };

/** Issue 24 section 4: the lot on the block read `closed` on the public site while the clerk sold it. */
describe('the public status of a live sale\u2019s lots', () => {
  it('the lot on the block and the lots still to come read open, not closed, until the hammer', async () => {
    const { auctionId, lotIds } = await makeLiveSale(t, { lots: 2 });
    await t.database.query(`update lots set buy_now_price = 500000 where id = any($1::uuid[])`, [lotIds]);
    const opened = await clerk(t, auctionId, staff.token, { type: 'open', lotId: lotIds[0] });
    expect(opened.statusCode, opened.body).toBe(200);
    // The lot still to come has passed its absentee window too.
    await t.database.query(`update lots set ends_at = now() - interval '1 minute' where id = $1`, [
      lotIds[1],
    ]);

    const sale = await get(`/rug/upcoming/${auctionId}`);
    const onBlock = sale.lots.find((l: PublicLot) => l.id === lotIds[0]);
    const toCome = sale.lots.find((l: PublicLot) => l.id === lotIds[1]);
    expect(onBlock).toMatchObject({ status: 'open', outcome: null, buyNowPrice: null });
    expect(toCome).toMatchObject({ status: 'open', outcome: null, buyNowPrice: null });

    const rug = await get(`/rug/${onBlock.rug.id}`);
    expect(rug.lot).toMatchObject({ id: lotIds[0], status: 'open', auctionType: 'live' });
    expect(rug.availability).toBe('open');

    await clerk(t, auctionId, staff.token, { type: 'floorBid', paddle: 4 });
    const sold = await clerk(t, auctionId, staff.token, { type: 'sold', bidCount: 1 });
    expect(sold.statusCode, sold.body).toBe(200);
    const after = (await get(`/rug/upcoming/${auctionId}`)).lots.find((l: PublicLot) => l.id === lotIds[0]);
    expect(after).toMatchObject({ status: 'closed', outcome: 'sold' });
  });

  it('a timed lot past its end still reads closed while the close job has not run', async () => {
    const { auctionId, lotIds } = await makeLiveSale(t, { lots: 1 });
    await t.database.query(`update auctions set type = 'timed' where id = $1`, [auctionId]);
    await t.database.query(`update lots set ends_at = now() - interval '1 second' where id = $1`, [
      lotIds[0],
    ]);
    const lot = (await get(`/rug/upcoming/${auctionId}`)).lots[0];
    expect(lot).toMatchObject({ status: 'closed', outcome: null });
  });
});
