import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '../../src/db/client.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { get } from '../auth/helpers.ts';
import { createAuction } from '../jobs/fixtures.ts';

interface RugSpec {
  title: string;
  region?: string;
  country?: string;
  style?: string;
  age?: string;
  circa?: number | null;
  width?: number;
  length?: number;
}

async function rug(db: Connection, r: RugSpec): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into rugs (slug, title, origin_country, origin_region, style, age_class, circa_year, width_cm, length_cm,
       shape, condition_grade, estimate_low, estimate_high)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'rectangle', 'good', 500000, 800000) returning id`,
    [
      `rug-${crypto.randomBytes(5).toString('hex')}`,
      r.title,
      r.country ?? 'Iran',
      r.region ?? 'Heriz',
      r.style ?? 'persian',
      r.age ?? 'antique',
      r.circa === undefined ? 1890 : r.circa,
      r.width ?? 250,
      r.length ?? 350,
    ],
  );
  return row!.id;
}

/** A lot closed `daysAgo` days ago, sold at `hammer` cents (or unsold when null), with a secret reserve. */
async function closedLot(
  db: Connection,
  auctionId: string,
  rugId: string,
  hammer: number | null,
  daysAgo: number,
  n: number,
) {
  const [row] = await db.query<{ id: string }>(
    `insert into lots (auction_id, rug_id, lot_number, opening_bid, reserve, estimate_low, estimate_high, status, outcome,
       starts_at, ends_at, closed_at, current_bid, hammer_price, bid_count, reserve_met)
     values ($1, $2, $3, 100000, 424242, 500000, 800000, 'closed', $4,
       now() - make_interval(days => $5 + 7), now() - make_interval(days => $5), now() - make_interval(days => $5), $6, $6, 4, $7)
     returning id`,
    [auctionId, rugId, n, hammer === null ? 'unsold' : 'sold', daysAgo, hammer, hammer !== null],
  );
  if (hammer !== null) await db.query(`update rugs set status = 'sold' where id = $1`, [rugId]);
  return row!.id;
}

describe('realised prices and comparables', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100', CURRENCY: 'EUR' });
    const db = t.database;
    const sale = await createAuction(db, {
      title: 'Autumn Fine Rugs',
      startsIn: -40 * 86400,
      endsIn: -30 * 86400,
      status: 'closed',
    });
    const old = await createAuction(db, {
      title: 'Old Sale',
      startsIn: -8 * 365 * 86400,
      endsIn: -(8 * 365 - 3) * 86400,
      status: 'closed',
    });
    ids.subject = await rug(db, { title: 'Antique Heriz carpet, the subject' });
    ids.heriz = await rug(db, { title: 'Antique Heriz carpet, sold', width: 240, length: 330 });
    ids.herizBig = await rug(db, { title: 'Heriz palace carpet', width: 500, length: 800 });
    ids.tabriz = await rug(db, {
      title: 'Tabriz rug, vintage',
      region: 'Tabriz',
      age: 'vintage',
      circa: 1950,
      width: 200,
      length: 300,
    });
    ids.kazak = await rug(db, {
      title: 'Kazak rug',
      region: 'Kazak',
      country: 'Armenia',
      style: 'caucasian',
      width: 150,
      length: 220,
    });
    ids.unsold = await rug(db, { title: 'Heriz, not sold' });
    ids.ancient = await rug(db, { title: 'Heriz sold eight years ago' });
    ids.open = await rug(db, { title: 'Heriz in an open lot' });
    let n = 1;
    ids.herizLot = await closedLot(db, sale, ids.heriz, 1_200_000, 30, n++);
    await closedLot(db, sale, ids.herizBig, 3_000_000, 31, n++);
    await closedLot(db, sale, ids.tabriz, 600_000, 29, n++);
    await closedLot(db, sale, ids.kazak, 450_000, 28, n++);
    await closedLot(db, sale, ids.unsold, null, 27, n++);
    await closedLot(db, old, ids.ancient, 900_000, 8 * 365, 1);
    await db.query(
      `insert into lots (auction_id, rug_id, lot_number, opening_bid, estimate_low, estimate_high, status, starts_at, ends_at)
       values ($1, $2, 99, 100000, 500000, 800000, 'open', now() - interval '1 hour', now() + interval '1 day')`,
      [sale, ids.open],
    );
  });
  afterAll(() => t.close());

  it('lists sold lots only, newest first, with hammer and currency and never the reserve', async () => {
    const res = await get(t, '/realised');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const titles = body.data.map((l: { title: string }) => l.title);
    expect(titles).toEqual([
      'Kazak rug',
      'Tabriz rug, vintage',
      'Antique Heriz carpet, sold',
      'Heriz palace carpet',
      'Heriz sold eight years ago',
    ]);
    expect(body.meta).toEqual({ page: 1, pageSize: 24, total: 5, totalPages: 1 });
    const heriz = body.data[2];
    expect(heriz).toMatchObject({
      hammerPrice: 1_200_000,
      currency: 'EUR',
      auctionTitle: 'Autumn Fine Rugs',
      rugId: ids.heriz,
    });
    expect(JSON.stringify(body)).not.toContain('424242');
    expect(JSON.stringify(body)).not.toMatch(/reserve/i);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('filters by origin, style, age, size, year and text, sorts and pages', async () => {
    const titles = async (qs: string) =>
      (await get(t, `/realised?${qs}`)).json().data.map((l: { title: string }) => l.title);
    expect(await titles('origin=heriz&sort=hammerDesc')).toEqual([
      'Heriz palace carpet',
      'Antique Heriz carpet, sold',
      'Heriz sold eight years ago',
    ]);
    expect(await titles('origin=Armenia')).toEqual(['Kazak rug']);
    expect(await titles('style=caucasian')).toEqual(['Kazak rug']);
    expect(await titles('ageClass=vintage')).toEqual(['Tabriz rug, vintage']);
    expect(await titles('widthMin=400')).toEqual(['Heriz palace carpet']);
    expect(await titles('lengthMax=250')).toEqual(['Kazak rug']);
    expect(await titles(`yearTo=${new Date().getUTCFullYear() - 5}`)).toEqual(['Heriz sold eight years ago']);
    expect(await titles('q=tabr')).toEqual(['Tabriz rug, vintage']);
    expect(await titles('sort=hammerAsc&pageSize=2')).toEqual(['Kazak rug', 'Tabriz rug, vintage']);
    const page3 = (await get(t, '/realised?sort=hammerAsc&pageSize=2&page=3')).json();
    expect(page3.data.map((l: { title: string }) => l.title)).toEqual(['Heriz palace carpet']);
    expect(page3.meta).toEqual({ page: 3, pageSize: 2, total: 5, totalPages: 3 });
    expect((await get(t, '/realised?pageSize=2&page=9')).json().meta.total).toBe(5);
  });

  it('answers 400 with errors per field for a bad query', async () => {
    for (const qs of [
      'style=nope',
      'widthMin=abc',
      'widthMin=300&widthMax=100',
      'pageSize=1000',
      'sort=cheapest',
    ]) {
      const res = await get(t, `/realised?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('comparables: same origin first, similar size, last five years, not the rug itself', async () => {
    const res = await get(t, `/rug/${ids.subject}/comparables`);
    expect(res.statusCode).toBe(200);
    const titles = res.json().data.map((l: { title: string }) => l.title);
    // The palace carpet is over three times the area; the Kazak is neither Heriz nor Persian; eight years is too old.
    expect(titles).toEqual(['Antique Heriz carpet, sold', 'Tabriz rug, vintage']);
    expect(
      (await get(t, `/rug/${ids.heriz}/comparables`)).json().data.map((l: { rugId: string }) => l.rugId),
    ).not.toContain(ids.heriz);
    expect((await get(t, `/rug/${crypto.randomUUID()}/comparables`)).statusCode).toBe(404);
    expect((await get(t, '/rug/no-such-slug/comparables')).statusCode).toBe(404);
  });

  it('chart: hammer per square metre by year, median and range', async () => {
    const res = await get(t, '/realised/chart?style=persian');
    expect(res.statusCode).toBe(200);
    const { currency, years } = res.json().data;
    expect(currency).toBe('EUR');
    const year = new Date(Date.now() - 30 * 86400_000).getUTCFullYear();
    const recent = years.find((y: { year: number }) => y.year === year);
    // Heriz 1,200,000 / 7.92 m2, palace 3,000,000 / 40 m2, Tabriz 600,000 / 6 m2 (a sale 28-31 days ago).
    expect(recent).toMatchObject({ count: 3, lowPerSqm: 75_000, highPerSqm: 151_515, medianPerSqm: 100_000 });
    expect(years.map((y: { year: number }) => y.year)).toEqual(
      [...years.map((y: { year: number }) => y.year)].sort(),
    );
    expect((await get(t, '/realised/chart?origin=Kazak')).json().data.years).toEqual([
      expect.objectContaining({ count: 1, medianPerSqm: 136_364 }),
    ]);
    expect((await get(t, '/realised/chart?style=xx')).statusCode).toBe(400);
  });
});
