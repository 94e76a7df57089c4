import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bid, makeLot, makeUser, units } from '../bidding/helpers.ts';

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

describe('lots -> rugs sync (0008): the rug row is rewritten only when a copied lot column changes', () => {
  it('a price change rewrites the rug; a leader raising their maximum does not', async () => {
    const { lotId, rugId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    expect((await bid(t, lotId, units(500), a.token)).statusCode).toBe(201);
    const first = await rugRow(rugId);
    expect(first).toMatchObject({ lot_id: lotId, lot_status: 'open' });
    expect(Number(first.lot_price)).toBe(units(100));

    // The raise writes the lot (max, count, seq) but none of the columns the rug copies.
    expect((await bid(t, lotId, units(900), a.token)).statusCode).toBe(201);
    expect((await rugRow(rugId)).version).toBe(first.version);

    expect((await bid(t, lotId, units(300), b.token)).statusCode).toBe(201);
    const after = await rugRow(rugId);
    expect(after.version).not.toBe(first.version);
    expect(Number(after.lot_price)).toBe(units(320));
    expect(Number(after.price_cents)).toBe(units(320));
  });

  it('closing, a new lot for the same rug, withdrawal and deletion keep the rug on its current (else latest) lot', async () => {
    const { lotId, rugId, auctionId } = await makeLot(t);
    await t.database.query(`update lots set status = 'closed', outcome = 'unsold' where id = $1`, [lotId]);
    expect(await rugRow(rugId)).toMatchObject({ lot_id: lotId, lot_status: 'closed', lot_price: null, active_ends_at: null });

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
    expect(await rugRow(rugId)).toMatchObject({ lot_id: null, lot_status: null, lot_price: null, active_ends_at: null });
  });
});
