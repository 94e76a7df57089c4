import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeLiveSale } from '../live-sales/helpers.ts';
import { makeUser } from '../bidding/helpers.ts';

/**
 * Issue 29 §1 (decision 097, addendum): the bidder's own telephone lines where they look (the lot page, My Items):
 * GET /rug/telephone answers one line per lot (the live booking, else the last cancelled) with the number the house
 * will call, whether an operator is assigned, and whether the lot has been offered.
 */
let t: TestApp;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

describe('GET /rug/telephone', () => {
  it("answers the bidder's lines with their state, one per lot, and keeps one lot with lotId", async () => {
    const { auctionId, lotIds } = await makeLiveSale(t, { lots: 3 });
    const bidder = await makeUser(t);
    await t.database.query(
      `insert into sale_registrations (auction_id, user_id, paddle, status, phone, terms_accepted_at)
       values ($1, $2, 501, 'approved', '+442079460958', now())`,
      [auctionId, bidder.id],
    );
    expect((await call('GET', '/rug/telephone')).statusCode).toBe(401);
    expect((await call('GET', '/rug/telephone', bidder.token)).json()).toEqual({ data: [] });

    const booked = await call('POST', `/rug/upcoming/${auctionId}/telephone`, bidder.token, {
      lotIds: lotIds.slice(0, 3),
      phone: '+33 1 40 20 50 50',
    });
    expect(booked.statusCode).toBe(201);
    const ids = await t.database.query<{ id: string; lot_id: string }>(
      `select id, lot_id::text as lot_id from telephone_bookings where user_id = $1`,
      [bidder.id],
    );
    const bookingOf = (lotId: string) => ids.find((r) => r.lot_id === lotId)!.id;

    // Lot 1: an operator is assigned. Lot 2: cancelled, booked again, cancelled again. Lot 3: withdrawn (as good as offered: no cancelling).
    expect(
      (
        await call(
          'PUT',
          `/admin/auctions/${auctionId}/telephone/${bookingOf(lotIds[0]!)}/operator`,
          admin.token,
          {
            operatorId: admin.id,
          },
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('DELETE', `/rug/upcoming/${auctionId}/telephone/${bookingOf(lotIds[1]!)}`, bidder.token))
        .statusCode,
    ).toBe(200);
    await call('POST', `/rug/upcoming/${auctionId}/telephone`, bidder.token, {
      lotIds: [lotIds[1]],
      phone: '+44 20 7946 0000',
    });
    await t.database.query(`update lots set status = 'withdrawn' where id = $1`, [lotIds[2]]);

    const mine = await call('GET', '/rug/telephone', bidder.token);
    expect(mine.statusCode).toBe(200);
    const lines = mine.json().data as Record<string, unknown>[];
    expect(lines.map((l) => l.lotId)).toEqual(lotIds.slice(0, 3));
    expect(lines[0]).toMatchObject({
      id: bookingOf(lotIds[0]!),
      auctionId,
      phone: '+33140205050',
      state: 'assigned',
      lotOpened: false,
      cancelledAt: null,
    });
    // The live booking wins over the cancelled one.
    expect(lines[1]).toMatchObject({ state: 'booked', phone: '+442079460000', lotOpened: false });
    expect(lines[2]).toMatchObject({ state: 'booked', lotOpened: true });

    const second = await t.database.query<{ id: string }>(
      `select id from telephone_bookings where user_id = $1 and lot_id = $2 and cancelled_at is null`,
      [bidder.id, lotIds[1]],
    );
    await call('DELETE', `/rug/upcoming/${auctionId}/telephone/${second[0]!.id}`, bidder.token);
    const one = await call('GET', `/rug/telephone?lotId=${lotIds[1]}`, bidder.token);
    expect(one.json().data).toHaveLength(1);
    expect(one.json().data[0]).toMatchObject({
      id: second[0]!.id,
      state: 'cancelled',
      phone: '+442079460000',
    });
    expect(one.json().data[0].cancelledAt).toEqual(expect.any(String));

    // Someone else sees none of them; a malformed lot id is a 400 in words.
    const other = await makeUser(t);
    expect((await call('GET', `/rug/telephone?lotId=${lotIds[0]}`, other.token)).json().data).toEqual([]);
    const bad = await call('GET', '/rug/telephone?lotId=nope', bidder.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Lot not found', errors: { lotId: 'Lot not found' } });
  });
});
