import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@knotwork/shared/schemas/sales-staff';
import { adminRugMessages as m, RUG_BULK_MAX } from '@knotwork/shared/schemas/catalogue-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeLot, makeRug, makeUser } from '../bidding/helpers.ts';
import { inSeconds, send } from '../helpers/staff.ts';

interface Result {
  rugId: string;
  title: string | null;
  outcome: 'done' | 'unchanged' | 'refused';
  code: string | null;
  message: string | null;
  lotNumber: number | null;
}

/** Bulk actions on the back office's rug grid (issue 24, decision 076). */
describe('back office: bulk actions on rugs', () => {
  let t: TestApp;
  let specialist: { id: string; token: string };
  let accounts: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    specialist = await makeUser(t, { role: 'specialist' });
    accounts = await makeUser(t, { role: 'accounts' });
  });
  afterAll(() => t.close());

  const bulk = (payload: unknown, token = specialist.token) =>
    send(t, 'POST', '/admin/rugs/bulk', payload, token);
  const statusOf = async (id: string) =>
    (await t.database.query<{ status: string }>('select status from rugs where id = $1', [id]))[0]!.status;
  const audit = (action: string, ids: string[]) =>
    t.database.query<{ rug_id: string; staff_id: string; details: Record<string, unknown> }>(
      `select rug_id, staff_id, details from staff_actions where action = $1 and rug_id = any($2::uuid[])`,
      [action, ids],
    );
  const byRug = (results: Result[]) => Object.fromEntries(results.map((r) => [r.rugId, r]));

  it('publishes and unpublishes many rugs at once, a result per rug, audited, and safe to send twice', async () => {
    const [a, b] = [await makeRug(t, { status: 'draft' }), await makeRug(t, { status: 'draft' })];
    const sold = await makeRug(t, { status: 'sold' });
    const ghost = crypto.randomUUID();
    const res = await bulk({ action: 'publish', rugIds: [a, b, sold, ghost] });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ action: 'publish', done: 2, unchanged: 0, refused: 2 });
    expect((data.results as Result[]).map((r) => r.rugId)).toEqual([a, b, sold, ghost]);
    const results = byRug(data.results);
    expect(results[a]).toMatchObject({ outcome: 'done', title: 'Test Heriz', code: null });
    expect(results[sold]).toMatchObject({
      outcome: 'refused',
      code: 'CANNOT_PUBLISH',
      message: m.cannotPublish,
    });
    expect(results[ghost]).toMatchObject({ outcome: 'refused', code: 'RUG_NOT_FOUND', title: null });
    expect([await statusOf(a), await statusOf(b), await statusOf(sold)]).toEqual([
      'available',
      'available',
      'sold',
    ]);
    expect(await audit('publish_rug', [a, b, sold])).toHaveLength(2);
    expect((await audit('publish_rug', [a]))[0]).toMatchObject({
      staff_id: specialist.id,
      details: { bulk: true },
    });

    const again = (await bulk({ action: 'publish', rugIds: [a, b] })).json().data;
    expect(again).toMatchObject({ done: 0, unchanged: 2, refused: 0 });
    expect(await audit('publish_rug', [a, b])).toHaveLength(2);

    // A rug in an open sale cannot go back to draft; the others do.
    const { rugId: inSale } = await makeLot(t);
    const off = (await bulk({ action: 'unpublish', rugIds: [a, inSale, b] })).json().data;
    expect(off).toMatchObject({ done: 2, refused: 1 });
    expect(byRug(off.results)[inSale]).toMatchObject({
      outcome: 'refused',
      code: 'RUG_IN_SALE',
      message: m.rugInSale,
    });
    expect([await statusOf(a), await statusOf(inSale), await statusOf(b)]).toEqual([
      'draft',
      'available',
      'draft',
    ]);
    expect(await audit('unpublish_rug', [a, b, inSale])).toHaveLength(2);
  });

  it('adds many rugs to a collection, saying which were already in it', async () => {
    const created = await send(t, 'POST', '/admin/collections', { title: 'Bulk picks' }, specialist.token);
    const collectionId = created.json().data.id as string;
    const [a, b] = [await makeRug(t), await makeRug(t, { status: 'draft' })];
    await send(t, 'POST', `/admin/collections/${collectionId}/rugs`, { rugIds: [a] }, specialist.token);
    const res = await bulk({ action: 'addToCollection', collectionId, rugIds: [a, b] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ done: 1, unchanged: 1, refused: 0 });
    expect(byRug(res.json().data.results)[a]).toMatchObject({
      outcome: 'unchanged',
      message: m.alreadyInCollection,
    });
    const links = await t.database.query('select rug_id from rug_collections where collection_id = $1', [
      collectionId,
    ]);
    expect(links).toHaveLength(2);
    const unknown = await bulk({ action: 'addToCollection', collectionId: crypto.randomUUID(), rugIds: [a] });
    expect(unknown.statusCode).toBe(404);
  });

  it('adds many rugs to a draft sale as lots through the add-lot rules; a rug already in an open sale is refused', async () => {
    const sale = await send(
      t,
      'POST',
      '/admin/auctions',
      {
        title: 'Bulk sale',
        startsAt: inSeconds(3600),
        endsAt: inSeconds(7200),
        staggerSeconds: 60,
        draft: true,
      },
      specialist.token,
    );
    expect(sale.statusCode, sale.body).toBe(201);
    const saleId = sale.json().data.id as string;
    const [a, b] = [await makeRug(t), await makeRug(t)];
    const draft = await makeRug(t, { status: 'draft' });
    const { rugId: elsewhere } = await makeLot(t);
    const res = await bulk({ action: 'addToSale', saleId, rugIds: [a, elsewhere, b, draft] });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ action: 'addToSale', done: 2, unchanged: 0, refused: 2 });
    const results = byRug(data.results);
    expect(results[a]).toMatchObject({ outcome: 'done', lotNumber: 1 });
    expect(results[b]).toMatchObject({ outcome: 'done', lotNumber: 2 });
    expect(results[elsewhere]).toMatchObject({
      outcome: 'refused',
      code: 'RUG_IN_LOT',
      message: adminMessages.rugInActiveLot,
    });
    expect(results[draft]).toMatchObject({ outcome: 'refused', code: 'RUG_NOT_AVAILABLE' });
    const lots = await t.database.query<{ rug_id: string; opening_bid: string; estimate_low: string }>(
      'select rug_id, opening_bid, estimate_low from lots where auction_id = $1 order by lot_number',
      [saleId],
    );
    // The add-lot dialog's defaults: the rug's estimates, half the low estimate to open (in whole units).
    expect(lots.map((l) => [l.rug_id, Number(l.opening_bid), Number(l.estimate_low)])).toEqual([
      [a, 50_000, 100_000],
      [b, 50_000, 100_000],
    ]);
    const audited = await t.database.query(
      `select 1 from staff_actions where action = 'create_lot' and auction_id = $1`,
      [saleId],
    );
    expect(audited).toHaveLength(2);

    // Sending the same selection again changes nothing.
    const again = (await bulk({ action: 'addToSale', saleId, rugIds: [a, b] })).json().data;
    expect(again).toMatchObject({ done: 0, unchanged: 2 });
    expect(byRug(again.results)[b]).toMatchObject({ lotNumber: 2 });

    expect((await bulk({ action: 'addToSale', saleId: crypto.randomUUID(), rugIds: [a] })).statusCode).toBe(
      404,
    );
  });

  it('validates with the shared schema (ids, count, repeats, action) and checks each action’s ability', async () => {
    const rug = await makeRug(t);
    const cases: [unknown, string][] = [
      [{ action: 'publish', rugIds: [] }, m.bulkRugsRequired],
      [{ action: 'publish', rugIds: ['not-a-uuid'] }, m.bulkRugsRequired],
      [{ action: 'publish', rugIds: [rug, rug] }, m.bulkRugsRepeated],
      [
        { action: 'publish', rugIds: Array.from({ length: RUG_BULK_MAX + 1 }, () => crypto.randomUUID()) },
        m.bulkTooMany,
      ],
      [{ action: 'addToSale', rugIds: [rug] }, m.bulkSaleRequired],
      [{ action: 'addToCollection', rugIds: [rug], collectionId: 'x' }, m.bulkCollectionRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await bulk(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await bulk({ action: 'delete', rugIds: [rug] })).statusCode).toBe(400);
    expect((await bulk({ action: 'publish', rugIds: [rug], extra: 1 })).statusCode).toBe(400);
    // Accounts staff read rugs but may not change them.
    expect((await bulk({ action: 'publish', rugIds: [rug] }, accounts.token)).statusCode).toBe(403);
    expect((await send(t, 'POST', '/admin/rugs/bulk', { action: 'publish', rugIds: [rug] })).statusCode).toBe(
      401,
    );
  });
});
