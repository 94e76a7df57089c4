import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSaleMessages } from '@knotwork/shared/schemas/sale-building-staff';
import {
  SALE_MOVES,
  saleMoveMessages,
  stageAllows,
  type SaleMove,
  type SaleStage,
} from '@knotwork/shared/sales/sale-moves';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createRug } from '../jobs/fixtures.ts';
import { makeUser } from '../bidding/helpers.ts';
import { inSeconds } from '../helpers/staff.ts';

/**
 * Every sale move through the staff API, in every stage (decision 074): the API allows exactly what the shared
 * sale-moves table allows, and refuses the rest with its code and words. Then the stuck draft of issue 24: a
 * draft whose start has passed is rescheduled, given lots, published, or deleted, and never opens by itself.
 */
describe('staff API: every sale move in every stage', () => {
  let t: TestApp;
  let specialist: string;
  let collector: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    specialist = (await makeUser(t, { role: 'specialist' })).token;
    collector = (await makeUser(t)).token;
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    token = specialist,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: { authorization: `Bearer ${token}` },
    });

  const lotBody = (rugId: string) => ({
    rugId,
    openingBid: 10_000,
    estimateLow: 20_000,
    estimateHigh: 30_000,
  });

  async function draftWithLot() {
    const res = await call('POST', '/admin/auctions', {
      title: 'Tribal Weavings',
      startsAt: inSeconds(3600),
      endsAt: inSeconds(7200),
      draft: true,
    });
    expect(res.statusCode).toBe(201);
    const sale = res.json().data as { id: string };
    const lot = await call('POST', `/admin/auctions/${sale.id}/lots`, lotBody(await createRug(t.database)));
    expect(lot.statusCode).toBe(201);
    return { id: sale.id, lotId: lot.json().data.id as string };
  }

  /** Moves the sale's (and its lots') times so that its start was `minutes` ago, as if time had passed. */
  const startPassed = (id: string, minutes = 30) =>
    t.database
      .query(
        `update auctions set starts_at = now() - make_interval(mins => $2), ends_at = now() + interval '1 hour' where id = $1;`,
        [id, minutes],
      )
      .then(() =>
        t.database.query(
          `update lots set starts_at = now() - make_interval(mins => $2) where auction_id = $1`,
          [id, minutes],
        ),
      );

  /** A sale with one lot in `stage`, made the way it happens (publish, time passing, the jobs). */
  async function saleIn(stage: SaleStage) {
    const sale = await draftWithLot();
    if (stage === 'draftOverdue') await startPassed(sale.id);
    if (stage === 'scheduled' || stage === 'running' || stage === 'closed') {
      expect((await call('POST', `/admin/auctions/${sale.id}/publish`)).statusCode).toBe(200);
    }
    if (stage === 'running' || stage === 'closed') {
      await startPassed(sale.id);
      await t.app.jobs.runDueJobsOnce();
    }
    if (stage === 'closed')
      await t.database.query(`update auctions set status = 'closed' where id = $1`, [sale.id]);
    if (stage === 'cancelled')
      await t.database.query(`update auctions set status = 'cancelled' where id = $1`, [sale.id]);
    return sale;
  }

  /** Makes `move` through the API on the sale; the answer. */
  async function make(move: SaleMove, sale: { id: string; lotId: string }) {
    switch (move) {
      case 'editText':
        return call('PATCH', `/admin/auctions/${sale.id}`, { title: 'Renamed' });
      case 'reschedule':
        return call('PATCH', `/admin/auctions/${sale.id}`, {
          startsAt: inSeconds(86_400),
          endsAt: inSeconds(90_000),
        });
      case 'publish':
        return call('POST', `/admin/auctions/${sale.id}/publish`);
      case 'unpublish':
        return call('POST', `/admin/auctions/${sale.id}/unpublish`);
      case 'addLot':
        return call('POST', `/admin/auctions/${sale.id}/lots`, lotBody(await createRug(t.database)));
      case 'editLots':
        return call('PUT', `/admin/auctions/${sale.id}/lot-order`, { lotIds: [sale.lotId] });
      case 'delete':
        return call('DELETE', `/admin/auctions/${sale.id}`);
    }
  }

  const stages: SaleStage[] = ['draft', 'draftOverdue', 'scheduled', 'running', 'closed', 'cancelled'];
  for (const stage of stages) {
    it(`${stage}: the API allows exactly the table's moves and says why not`, async () => {
      const listed = await saleIn(stage);
      const detail = (await call('GET', `/admin/auctions/${listed.id}`)).json().data;
      const expected = SALE_MOVES.filter((move) => stageAllows(stage, move, 1).allowed);
      expect(detail.moves).toEqual(expected);
      expect(detail.editable).toBe(expected.includes('reschedule'));
      for (const move of SALE_MOVES) {
        // A fresh sale per move: a move changes the stage (publishing, deleting).
        const sale = await saleIn(stage);
        const res = await make(move, sale);
        const answer = stageAllows(stage, move, 1);
        if (answer.allowed) {
          expect(res.statusCode, `${stage} ${move}: ${res.body}`).toBeLessThan(300);
        } else {
          expect(res.statusCode, `${stage} ${move}: ${res.body}`).toBe(409);
          expect(res.json()).toMatchObject({ code: answer.reason, message: saleMoveMessages[answer.reason] });
        }
      }
    });
  }

  it('refuses to publish a draft without a lot that is not withdrawn', async () => {
    const res = await call('POST', '/admin/auctions', {
      title: 'Empty',
      startsAt: inSeconds(3600),
      endsAt: inSeconds(7200),
      draft: true,
    });
    const publish = await call('POST', `/admin/auctions/${res.json().data.id}/publish`);
    expect(publish.statusCode).toBe(409);
    expect(publish.json()).toMatchObject({ code: 'NO_LOTS', message: adminSaleMessages.noLots });
  });

  describe('a draft whose start has passed (issue 24: it was stuck)', () => {
    it('never opens by itself: the jobs leave its lots alone and bidders cannot reach them', async () => {
      const sale = await saleIn('draftOverdue');
      await t.database.query(`update lots set ends_at = now() - interval '1 minute' where auction_id = $1`, [
        sale.id,
      ]);
      await t.database.query(`update auctions set ends_at = now() - interval '1 minute' where id = $1`, [
        sale.id,
      ]);
      await t.app.jobs.runDueJobsOnce();
      const [row] = await t.database.query<{ a: string; l: string }>(
        `select a.status as a, l.status as l from auctions a join lots l on l.auction_id = a.id where a.id = $1`,
        [sale.id],
      );
      expect(row).toEqual({ a: 'draft', l: 'scheduled' });
      // Make the lot's window open again by the clock: still no bid on a draft's lot.
      await t.database.query(`update lots set ends_at = now() + interval '1 hour' where auction_id = $1`, [
        sale.id,
      ]);
      const bid = await call('POST', `/rug/add-offer/${sale.lotId}`, { amount: 10_000 }, collector);
      expect(bid.statusCode).toBe(404);
      expect(
        (await call('POST', `/rug/buy-now/${sale.lotId}`, undefined, collector)).statusCode,
      ).toBeGreaterThanOrEqual(400);
    });

    it('is rescheduled (its lots follow), then published', async () => {
      const sale = await saleIn('draftOverdue');
      expect((await call('POST', `/admin/auctions/${sale.id}/publish`)).json().code).toBe('START_PASSED');
      const startsAt = inSeconds(86_400);
      const res = await call('PATCH', `/admin/auctions/${sale.id}`, { startsAt, endsAt: inSeconds(90_000) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'draft', editable: true });
      expect(res.json().data.moves).toContain('publish');
      const [lot] = await t.database.query<{ ms: string | number }>(
        `select extract(epoch from starts_at) * 1000 as ms from lots where id = $1`,
        [sale.lotId],
      );
      expect(Number(lot!.ms)).toBe(Date.parse(startsAt));
      const published = await call('POST', `/admin/auctions/${sale.id}/publish`);
      expect(published.statusCode).toBe(200);
      expect(published.json().data.status).toBe('scheduled');
    });

    it('takes new lots, lot edits and a new lot order', async () => {
      const sale = await saleIn('draftOverdue');
      const added = await call(
        'POST',
        `/admin/auctions/${sale.id}/lots`,
        lotBody(await createRug(t.database)),
      );
      expect(added.statusCode).toBe(201);
      const edited = await call('PATCH', `/admin/lots/${sale.lotId}`, { openingBid: 20_000 });
      expect(edited.statusCode).toBe(200);
      const order = await call('PUT', `/admin/auctions/${sale.id}/lot-order`, {
        lotIds: [added.json().data.id, sale.lotId],
      });
      expect(order.statusCode).toBe(200);
    });

    it('is deleted with its lots; its rugs are free again; the audit keeps what it was', async () => {
      const sale = await saleIn('draftOverdue');
      const [{ rug_id: rugId }] = (await t.database.query<{ rug_id: string }>(
        `select rug_id from lots where id = $1`,
        [sale.lotId],
      )) as [{ rug_id: string }];
      const res = await call('DELETE', `/admin/auctions/${sale.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: adminSaleMessages.deleted, data: { id: sale.id } });
      expect((await call('GET', `/admin/auctions/${sale.id}`)).statusCode).toBe(404);
      expect(await t.database.query(`select 1 from lots where id = $1`, [sale.lotId])).toHaveLength(0);
      const [audit] = await t.database.query<{ details: { title: string } }>(
        `select details from staff_actions where action = 'delete_auction' order by created_at desc limit 1`,
      );
      expect(audit!.details.title).toBe('Tribal Weavings');
      const other = await draftWithLot();
      const again = await call('POST', `/admin/auctions/${other.id}/lots`, lotBody(rugId));
      expect(again.statusCode).toBe(201);
      expect((await call('DELETE', `/admin/auctions/${sale.id}`)).statusCode).toBe(404);
    });
  });

  it('keeps collectors out of deleting sales (403)', async () => {
    const sale = await draftWithLot();
    expect((await call('DELETE', `/admin/auctions/${sale.id}`, undefined, collector)).statusCode).toBe(403);
  });
});
