import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedFixture, type Fixture } from '../catalogue/fixtures.ts';
import { effectiveLotStatus as lotStatusAt } from '@knotwork/shared/bidding/lot-phase';
import { buyNowOffered, nextMinimumBid } from '@knotwork/shared/bidding/lot-state';
import type { LotStatus } from '@knotwork/shared/bidding/types';

// The rules live in packages/shared/src/bidding (issue 10); these check them with the mapper's arguments.
const effectiveLotStatus = (status: LotStatus, startsAt: number, endsAt: number, now: number) =>
  lotStatusAt({ status, startsAt, endsAt }, now);
const buyNowAvailable = ({
  status,
  ...lot
}: {
  status: LotStatus;
  buyNowPrice: number | null;
  reserve: number | null;
  reserveMet: boolean;
  bidCount: number;
}) => buyNowOffered({ open: status === 'open', ...lot });

describe('sales and lots API', () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp();
    f = await seedFixture(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  describe('GET /rug/upcoming/list', () => {
    it('lists sales not yet finished, soonest start first, with dates, type and lot count', async () => {
      const res = await get('/api/v1/rug/upcoming/list');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(
        body.data.map((a: { slug: string; status: string; lotCount: number; type: string }) => [
          a.slug,
          a.status,
          a.lotCount,
          a.type,
        ]),
      ).toEqual([
        ['spring-sale', 'open', 2, 'timed'],
        ['summer-sale', 'scheduled', 1, 'live'],
      ]);
      expect(body.meta).toEqual({ page: 1, pageSize: 20, total: 2, totalPages: 1 });
      const spring = body.data[0];
      expect(spring).toMatchObject({
        title: 'Spring Sale',
        staggerSeconds: 60,
        buyersPremiumPct: 25,
        softClose: { enabled: true, windowSeconds: 120, extensionSeconds: 120 },
        coverImage: null,
        endsAt: new Date(f.now.getTime() + 2 * 3_600_000).toISOString(),
        // Lot 1 was extended to +3 h: the sale runs until its last lot ends.
        lastLotEndsAt: new Date(f.now.getTime() + 3 * 3_600_000).toISOString(),
      });
    });

    it('filters by when and pages', async () => {
      const slugs = async (q: string) =>
        (await get(`/api/v1/rug/upcoming/list?${q}`)).json().data.map((a: { slug: string }) => a.slug);
      expect(await slugs('when=upcoming')).toEqual(['summer-sale']);
      expect(await slugs('when=live')).toEqual(['spring-sale']);
      expect(await slugs('when=past')).toEqual(['winter-sale']);
      expect(await slugs('when=all')).toEqual(['summer-sale', 'spring-sale', 'winter-sale']);
      expect(await slugs('when=all&pageSize=1&page=2')).toEqual(['spring-sale']);
      const past = (await get('/api/v1/rug/upcoming/list?when=past')).json().data[0];
      expect(past.status).toBe('closed');
    });

    it('keeps a sale whose lots all closed early (hammered, bought now) current until its scheduled end, as its status says', async () => {
      const { sql } = await import('drizzle-orm');
      const db = t.app.ctx.db;
      const early = new Date(Date.now() - 600_000).toISOString();
      const saved = await db.execute(
        sql`select id, ends_at from lots where auction_id = ${f.auction.open}::uuid`,
      );
      await db.execute(
        sql`update lots set ends_at = ${early}::timestamptz where auction_id = ${f.auction.open}::uuid`,
      );
      try {
        const list = async (when: string) =>
          (await get(`/api/v1/rug/upcoming/list?when=${when}`)).json().data as {
            slug: string;
            status: string;
          }[];
        // The tab a sale is listed under and the status it carries are one rule (the card shows the status).
        expect((await list('current')).find((a) => a.slug === 'spring-sale')?.status).toBe('open');
        expect((await list('live')).map((a) => a.slug)).toContain('spring-sale');
        expect((await list('past')).map((a) => a.slug)).toEqual(['winter-sale']);
      } finally {
        for (const row of (saved as { rows: { id: string; ends_at: string | Date }[] }).rows)
          await db.execute(
            sql`update lots set ends_at = ${new Date(row.ends_at).toISOString()}::timestamptz where id = ${row.id}::uuid`,
          );
      }
    });

    it('refuses bad query values with 400', async () => {
      for (const q of ['when=soon', 'page=0', 'pageSize=61', 'page=x']) {
        const res = await get(`/api/v1/rug/upcoming/list?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(typeof res.json().message).toBe('string');
      }
    });
  });

  describe('GET /rug/upcoming/{id}', () => {
    it('shows a sale by slug or id with its lots in lot-number order and their rugs', async () => {
      const bySlug = await get('/api/v1/rug/upcoming/spring-sale');
      expect(bySlug.statusCode).toBe(200);
      const sale = bySlug.json().data;
      expect(
        sale.lots.map((l: { lotNumber: number; rug: { slug: string } }) => [l.lotNumber, l.rug.slug]),
      ).toEqual([
        [1, 'heriz-serapi'],
        [2, 'kazak-prayer'],
      ]);
      expect(sale.lots[0]).toMatchObject({
        status: 'open',
        currentBid: 1_200_000,
        nextMinimumBid: 1_300_000,
        reserveMet: false,
      });
      expect(sale.lots[0].rug).not.toHaveProperty('lot');
      const byId = await get(`/api/v1/rug/upcoming/${f.auction.open}`);
      expect(byId.json().data.id).toBe(sale.id);
    });

    it('shows finished lots with outcomes', async () => {
      const sale = (await get('/api/v1/rug/upcoming/winter-sale')).json().data;
      expect(sale.lots[0]).toMatchObject({
        status: 'closed',
        outcome: 'sold',
        hammerPrice: 820_000,
        bidCount: 9,
      });
    });

    it('answers 404 for an unknown sale', async () => {
      for (const id of ['no-such-sale', '00000000-0000-4000-8000-000000000000']) {
        const res = await get(`/api/v1/rug/upcoming/${id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found' });
      }
    });
  });

  describe('GET /rug/lot/list', () => {
    it('lists lots open now, soonest end first, with their rugs', async () => {
      const res = await get('/api/v1/rug/lot/list');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.map((l: { id: string }) => l.id)).toEqual([f.lot.open2, f.lot.open1]);
      expect(body.data[0].rug).toMatchObject({ slug: 'kazak-prayer', availability: 'open' });
      expect(body.meta).toEqual({ page: 1, pageSize: 24, total: 2, totalPages: 1 });
    });

    it('pages, filters by sale and refuses bad values', async () => {
      const p2 = (await get('/api/v1/rug/lot/list?pageSize=1&page=2')).json();
      expect(p2.data.map((l: { id: string }) => l.id)).toEqual([f.lot.open1]);
      expect((await get('/api/v1/rug/lot/list?auction=summer-sale')).json().data).toEqual([]);
      expect((await get(`/api/v1/rug/lot/list?auction=${f.auction.open}`)).json().meta.total).toBe(2);
      expect((await get('/api/v1/rug/lot/list?auction=nope')).statusCode).toBe(404);
      expect((await get('/api/v1/rug/lot/list?pageSize=100')).statusCode).toBe(400);
    });
  });

  it('a rug is in at most one scheduled or open lot', async () => {
    await expect(
      t.database.query(
        `insert into lots (auction_id, rug_id, lot_number, opening_bid, estimate_low, estimate_high, starts_at, ends_at)
         values ($1, $2, 9, 1000, 1000, 2000, now(), now() + interval '1 hour')`,
        [f.auction.upcoming, f.rug['heriz-serapi']],
      ),
    ).rejects.toThrow(/lots_rug_active_key/);
  });

  it('keeps the rug listing in step when a lot changes (trigger)', async () => {
    await t.database.query('update lots set current_bid = 1400000, bid_count = 4 where id = $1', [
      f.lot.open1,
    ]);
    const rug = (await get('/api/v1/rug/heriz-serapi')).json().data;
    expect(rug.price).toBe(1_400_000);
    await t.database.query(`update lots set status = 'withdrawn' where id = $1`, [f.lot.open2]);
    const kazak = (await get('/api/v1/rug/kazak-prayer')).json().data;
    expect(kazak).toMatchObject({ lot: null, availability: 'available', price: 500_000 });
  });
});

describe('lot rules (pure)', () => {
  it('derives the status a reader sees from times', () => {
    expect(effectiveLotStatus('scheduled', 100, 200, 50)).toBe('scheduled');
    expect(effectiveLotStatus('scheduled', 100, 200, 100)).toBe('open');
    expect(effectiveLotStatus('open', 100, 200, 199)).toBe('open');
    expect(effectiveLotStatus('open', 100, 200, 200)).toBe('closed');
    expect(effectiveLotStatus('withdrawn', 100, 200, 150)).toBe('withdrawn');
    expect(effectiveLotStatus('closed', 100, 200, 150)).toBe('closed');
  });

  it('computes the next minimum bid from the increment table', () => {
    expect(nextMinimumBid(10_000, null, null)).toBe(10_000);
    expect(nextMinimumBid(10_000, 30_000, null)).toBe(32_000);
    expect(nextMinimumBid(10_000, 100_000, null)).toBe(110_000);
    expect(nextMinimumBid(10_000, 30_000, [{ from: 0, increment: 500 }])).toBe(30_500);
  });

  it('offers buy now while open with no bid, or until a reserve is met', () => {
    const lot = { status: 'open' as const, buyNowPrice: 5000, reserve: null, reserveMet: false, bidCount: 0 };
    expect(buyNowAvailable(lot)).toBe(true);
    expect(buyNowAvailable({ ...lot, bidCount: 1 })).toBe(false);
    expect(buyNowAvailable({ ...lot, reserve: 4000, bidCount: 2 })).toBe(true);
    expect(buyNowAvailable({ ...lot, reserve: 4000, reserveMet: true, bidCount: 2 })).toBe(false);
    expect(buyNowAvailable({ ...lot, status: 'scheduled' })).toBe(false);
    expect(buyNowAvailable({ ...lot, buyNowPrice: null })).toBe(false);
  });
});
