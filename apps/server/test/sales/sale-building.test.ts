import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSaleMessages } from '@knotwork/shared/schemas/sale-building-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createRug } from '../jobs/fixtures.ts';
import { makeUser } from '../bidding/helpers.ts';
import { inSeconds } from '../helpers/staff.ts';

/** Building a sale in the back office: a draft, its lots renumbered, published, taken back (decision 037). */
describe('staff API: draft sales, publishing and renumbering', () => {
  let t: TestApp;
  let specialist: string;
  let accounts: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    const s = await makeUser(t);
    await t.database.query(`update users set role = 'specialist' where id = $1`, [s.id]);
    specialist = s.token;
    const a = await makeUser(t);
    await t.database.query(`update users set role = 'accounts' where id = $1`, [a.id]);
    accounts = a.token;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: { authorization: `Bearer ${token}` },
    });

  async function draftSale(lots: number) {
    const res = await call('POST', '/admin/auctions', specialist, {
      title: 'Village Weavings',
      startsAt: inSeconds(3600),
      endsAt: inSeconds(7200),
      staggerSeconds: 60,
      draft: true,
    });
    expect(res.statusCode).toBe(201);
    const sale = res.json().data;
    const lotIds: string[] = [];
    for (let i = 0; i < lots; i += 1) {
      const rugId = await createRug(t.database, `Rug ${i + 1}`);
      const lot = await call('POST', `/admin/auctions/${sale.id}/lots`, specialist, {
        rugId,
        openingBid: 10_000,
        estimateLow: 20_000,
        estimateHigh: 30_000,
      });
      expect(lot.statusCode).toBe(201);
      lotIds.push(lot.json().data.id);
    }
    return { sale, lotIds };
  }

  it('creates a draft that visitors cannot see, and publishes it once it has a lot', async () => {
    const { sale } = await draftSale(0);
    expect(sale.status).toBe('draft');
    expect((await t.app.inject({ url: `/api/v1/rug/upcoming/${sale.id}` })).statusCode).toBe(404);

    const empty = await call('POST', `/admin/auctions/${sale.id}/publish`, specialist);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(adminSaleMessages.noLots);

    const rugId = await createRug(t.database);
    await call('POST', `/admin/auctions/${sale.id}/lots`, specialist, {
      rugId,
      openingBid: 10_000,
      estimateLow: 20_000,
      estimateHigh: 30_000,
    });
    const published = await call('POST', `/admin/auctions/${sale.id}/publish`, specialist);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      message: adminSaleMessages.published,
      data: { status: 'scheduled' },
    });
    expect((await call('POST', `/admin/auctions/${sale.id}/publish`, specialist)).statusCode).toBe(409);

    const back = await call('POST', `/admin/auctions/${sale.id}/unpublish`, specialist);
    expect(back.statusCode).toBe(200);
    expect(back.json().data.status).toBe('draft');

    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from staff_actions where auction_id = $1 and action in ('publish_auction', 'unpublish_auction')`,
      [sale.id],
    );
    expect(audit!.n).toBe(2);
  });

  it('refuses to publish a sale whose start has passed', async () => {
    const { sale } = await draftSale(1);
    await t.database.query(`update auctions set starts_at = now() - interval '1 minute' where id = $1`, [
      sale.id,
    ]);
    const res = await call('POST', `/admin/auctions/${sale.id}/publish`, specialist);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(adminSaleMessages.startsInPast);
  });

  it('renumbers every lot in the order given and moves each end with its number', async () => {
    const { sale, lotIds } = await draftSale(3);
    const order = [lotIds[2]!, lotIds[0]!, lotIds[1]!];
    const res = await call('PUT', `/admin/auctions/${sale.id}/lot-order`, specialist, { lotIds: order });
    expect(res.statusCode).toBe(200);
    const detail = (await call('GET', `/admin/auctions/${sale.id}`, specialist)).json().data;
    expect(detail.lots.map((l: { id: string }) => l.id)).toEqual(order);
    expect(detail.lots.map((l: { lotNumber: number }) => l.lotNumber)).toEqual([1, 2, 3]);
    const ends = detail.lots.map((l: { endsAt: string }) => Date.parse(l.endsAt));
    expect(ends[1] - ends[0]).toBe(60_000);
    expect(ends[2] - ends[1]).toBe(60_000);
  });

  it('refuses an order that leaves out or repeats a lot (400), and a started sale (409)', async () => {
    const { sale, lotIds } = await draftSale(2);
    // A draft never starts (decision 074): only a published sale whose start has passed is locked.
    expect((await call('POST', `/admin/auctions/${sale.id}/publish`, specialist)).statusCode).toBe(200);
    const missing = await call('PUT', `/admin/auctions/${sale.id}/lot-order`, specialist, {
      lotIds: [lotIds[0]],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toHaveProperty('lotIds');
    const twice = await call('PUT', `/admin/auctions/${sale.id}/lot-order`, specialist, {
      lotIds: [lotIds[0], lotIds[0]],
    });
    expect(twice.statusCode).toBe(400);
    await t.database.query(`update auctions set starts_at = now() - interval '1 minute' where id = $1`, [
      sale.id,
    ]);
    const started = await call('PUT', `/admin/auctions/${sale.id}/lot-order`, specialist, {
      lotIds: [lotIds[1], lotIds[0]],
    });
    expect(started.statusCode).toBe(409);
  });

  it('keeps accounts out of building sales (403) and answers 404 for an unknown sale', async () => {
    const { sale } = await draftSale(1);
    expect((await call('POST', `/admin/auctions/${sale.id}/publish`, accounts)).statusCode).toBe(403);
    const unknown = await call('POST', `/admin/auctions/${crypto.randomUUID()}/publish`, specialist);
    expect(unknown.statusCode).toBe(404);
  });
});
