import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bid, makeLot, makeUser, units } from '../bidding/helpers.ts';
import { syncListingPrices } from '../../src/jobs/listing-prices-repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface RugLotColumns {
  version: string;
  lot_id: string | null;
  lot_status: string | null;
  lot_price: string | null;
  price_cents: string;
  active_ends_at: Date | null;
}
const rugRow = async (rugId: string) =>
  (
    await t.database.query<RugLotColumns>(
      'select xmin::text as version, lot_id, lot_status, lot_price, price_cents, active_ends_at from rugs where id = $1',
      [rugId],
    )
  )[0]!;

describe('lots -> rugs sync (0008, 0160): a bid writes only the lot; the rug follows its lot, not each bid', () => {
  it('bids never rewrite the rug; the listing-price sync copies the moved price once, and cards read it live', async () => {
    const { lotId, rugId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    const opened = await rugRow(rugId);
    expect(opened).toMatchObject({ lot_id: lotId, lot_status: 'open' });
    expect(Number(opened.lot_price)).toBe(units(100));

    expect((await bid(t, lotId, units(500), a.token)).statusCode).toBe(201);
    expect((await bid(t, lotId, units(900), a.token)).statusCode).toBe(201);
    expect((await bid(t, lotId, units(300), b.token)).statusCode).toBe(201);
    // Three bids, one of them moving the price to 320: not one rug version.
    expect((await rugRow(rugId)).version).toBe(opened.version);
    // What a visitor reads is live all the same: the card takes the lot's price.
    const card = await t.app.inject({ method: 'GET', url: `/api/v1/rug/${rugId}` });
    expect(card.json<{ data: { price: number } }>().data.price).toBe(units(320));

    expect(await syncListingPrices(t.app.ctx.db)).toBeGreaterThanOrEqual(1);
    const synced = await rugRow(rugId);
    expect(synced.version).not.toBe(opened.version);
    expect(Number(synced.lot_price)).toBe(units(320));
    expect(Number(synced.price_cents)).toBe(units(320));
    // Nothing moved since: the next run writes nothing for this rug.
    await syncListingPrices(t.app.ctx.db);
    expect((await rugRow(rugId)).version).toBe(synced.version);
  });

  it('closing, a new lot for the same rug, withdrawal and deletion keep the rug on its current (else latest) lot', async () => {
    const { lotId, rugId, auctionId } = await makeLot(t);
    await t.database.query(`update lots set status = 'closed', outcome = 'unsold' where id = $1`, [lotId]);
    expect(await rugRow(rugId)).toMatchObject({
      lot_id: lotId,
      lot_status: 'closed',
      lot_price: null,
      active_ends_at: null,
    });

    const [next] = await t.database.query<{ id: string }>(
      `insert into lots (auction_id, rug_id, lot_number, opening_bid, estimate_low, estimate_high, status, starts_at, ends_at)
       values ($1, $2, 2, 25000, 1, 2, 'scheduled', now() + interval '1 hour', now() + interval '2 hours') returning id`,
      [auctionId, rugId],
    );
    const scheduled = await rugRow(rugId);
    expect(scheduled).toMatchObject({ lot_id: next!.id, lot_status: 'scheduled' });
    expect(Number(scheduled.lot_price)).toBe(25_000);
    expect(scheduled.active_ends_at).not.toBeNull();

    await t.database.query(`update lots set status = 'withdrawn' where id = $1`, [next!.id]);
    expect(await rugRow(rugId)).toMatchObject({ lot_id: lotId, lot_status: 'closed', lot_price: null });

    await t.database.query('delete from lots where id = $1', [next!.id]);
    await t.database.query('delete from lots where id = $1', [lotId]);
    expect(await rugRow(rugId)).toMatchObject({
      lot_id: null,
      lot_status: null,
      lot_price: null,
      active_ends_at: null,
    });
  });
});
