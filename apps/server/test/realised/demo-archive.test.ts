import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { get } from '../auth/helpers.ts';
import { seedDemoData } from '../../src/seed/demo.ts';

/** `npm start`'s demo data fills the realised-prices page and its chart with several years of sales. */
describe('demo archive of past sales', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_PICTURES: 'off', RATE_LIMIT_SCALE: '100' });
    await seedDemoData(t.app);
  }, 120_000);
  afterAll(() => t.close());

  it('has sold lots over at least three calendar years, comparables for a demo rug, and no unsold archive leftovers', async () => {
    const list = (await get(t, '/realised?pageSize=48')).json();
    expect(list.meta.total).toBeGreaterThan(60);
    const years = (await get(t, '/realised/chart')).json().data.years;
    expect(years.length).toBeGreaterThanOrEqual(3);
    const heriz = (await get(t, '/realised/chart?origin=Heriz')).json().data.years;
    expect(heriz.length).toBeGreaterThanOrEqual(1);

    const [unsoldLeft] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from rugs r join lots l on l.rug_id = r.id join auctions a on a.id = l.auction_id
       where a.slug like 'archive-%' and l.outcome = 'unsold' and r.status <> 'withdrawn'`,
    );
    expect(unsoldLeft?.n).toBe(0);
    const [open] = await t.database.query<{ id: string }>(
      `select rug_id as id from lots where status in ('open', 'scheduled') order by lot_number limit 1`,
    );
    const comparables = (await get(t, `/rug/${open!.id}/comparables`)).json().data;
    expect(comparables.length).toBeLessThanOrEqual(6);
  });
});
