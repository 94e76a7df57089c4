import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { get } from '../auth/helpers.ts';
import { seedDemoData } from '../../src/seed/demo.ts';
import { DEMO_FEATURED_SALE_SLUG } from '../../src/seed/demo-home.ts';

/** `npm start`'s demo: the home page shows a sale that is running, with open lots, out of the box (issue 24). */
describe('demo home page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO_PICTURES: 'off', RATE_LIMIT_SCALE: '100' });
    await seedDemoData(t.app);
  }, 120_000);
  afterAll(() => t.close());

  it('features the running timed sale, whose lots are open and bid on from now', async () => {
    const home = (await get(t, '/misc/home')).json().data;
    expect(home.featuredSaleId).toEqual(expect.any(String));
    const sale = (await get(t, `/rug/upcoming/${home.featuredSaleId}`)).json().data;
    expect(sale.slug).toBe(DEMO_FEATURED_SALE_SLUG);
    expect(sale.type).toBe('timed');
    expect(new Date(sale.startsAt).getTime()).toBeLessThan(Date.now());
    const [lots] = await t.database.query<{ open: number; ending: string }>(
      `select count(*)::int as open, min(l.ends_at)::text as ending from lots l join auctions a on a.id = l.auction_id
       where a.id = $1 and l.status = 'open'`,
      [home.featuredSaleId],
    );
    expect(lots!.open).toBeGreaterThanOrEqual(12);
    // The first lot closes a while after the first start, not before a newcomer has looked around.
    expect(new Date(lots!.ending).getTime() - Date.now()).toBeGreaterThan(30 * 60_000);
    // Also listed as a current sale.
    const current = (await get(t, '/rug/upcoming/list?when=current')).json().data as { id: string }[];
    expect(current.map((s) => s.id)).toContain(home.featuredSaleId);
  });

  it('keeps what staff chose: seeding again leaves a cleared choice alone', async () => {
    await t.database.query('update home_features set featured_auction_id = null, version = version + 1');
    await seedDemoData(t.app);
    expect((await get(t, '/misc/home')).json().data.featuredSaleId).toBeNull();
  }, 120_000);
});
