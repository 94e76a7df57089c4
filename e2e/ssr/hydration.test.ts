import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../helpers/accounts.ts';
import { ErrorCollector } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';

/**
 * Every public route loaded directly, as a visitor arriving from a link or a bookmark, in several time zones and
 * languages (issue 24 section 8, decision 077): a server-rendered page must hydrate without React's #418 (the
 * server formatted a time, a number or a currency differently from the browser's first render), and no page may
 * log a console error or throw. Each route is loaded twice: the second load sends the time-zone cookie the first
 * one set, so the server renders in the visitor's zone instead of UTC.
 */
const e2e = useE2E();

interface Named {
  id: string;
  slug: string;
  title: string;
  type?: string;
}
interface SaleLot {
  status: string;
  rug?: { slug: string };
}

/**
 * `everyRoute`: the routes the server does not render are loaded too. They render in the browser alone, where a
 * zone or a language cannot disagree with a server, so two visitors (one right to left) cover their console.
 */
const VISITORS = [
  { timezoneId: 'America/New_York', locale: 'en-US', everyRoute: true },
  { timezoneId: 'Asia/Tokyo', locale: 'fr-FR', everyRoute: false },
  { timezoneId: 'UTC', locale: 'ar', everyRoute: true },
  { timezoneId: 'America/New_York', locale: 'fr-FR', everyRoute: false },
] as const;

/** The server-rendered routes (apps/server/src/plugins/web-ssr.ts) and every other public one. */
async function routes(): Promise<{ rendered: string[]; others: string[]; timedSale: string }> {
  const sales = (await apiCall<{ data: Named[] }>(e2e.baseUrl, '/rug/upcoming/list?when=current&pageSize=12'))
    .body.data;
  const timed = sales.find((s) => s.type === 'timed');
  const live = sales.find((s) => s.type === 'live');
  if (!timed || !live) throw new Error('the demo data should have a running timed sale and a live sale');
  const lotsOf = async (slug: string) =>
    (await apiCall<{ data: { lots: SaleLot[] } }>(e2e.baseUrl, `/rug/upcoming/${slug}`)).body.data.lots;
  const timedLot = (await lotsOf(timed.slug)).find((l) => l.rug)!.rug!.slug;
  const liveLot = (await lotsOf(live.slug)).find((l) => l.rug)!.rug!.slug;
  const rugs = (await apiCall<{ data: (Named & { lot?: unknown })[] }>(e2e.baseUrl, '/rug?pageSize=24')).body
    .data;
  const plainRug = (rugs.find((r) => !r.lot) ?? rugs[0]!).slug;
  const posts = (await apiCall<{ data: Named[] }>(e2e.baseUrl, '/auth/blog')).body.data ?? [];
  return {
    timedSale: `/upcoming-auctions/${timed.slug}`,
    rendered: [
      '/',
      '/home',
      '/rug-listing',
      `/rug-listings?data=${encodeURIComponent(JSON.stringify({ search: 'rug' }))}`,
      `/rug-listing/${plainRug}`,
      `/rug-listing/${timedLot}`,
      `/rug-listing/${liveLot}`,
      `/upcoming-auctions/${timed.slug}`,
      `/upcoming-auctions/${live.slug}`,
    ],
    others: [
      `/rugs-details-live/${timedLot}`,
      `/rugs-details-live/${liveLot}`,
      '/upcoming-auctions',
      `/live/${live.id}`,
      '/lot',
      '/collections',
      '/realised-prices',
      '/about-us',
      '/faq',
      '/privacy-policy',
      '/terms-and-condition',
      '/auction-blog',
      ...(posts[0] ? [`/auction-blog/${posts[0].slug}`] : []),
      '/contact-us',
      '/login',
      '/404',
    ],
  };
}

async function open(
  visitor: (typeof VISITORS)[number],
): Promise<{ context: BrowserContext; errors: ErrorCollector }> {
  const context = await e2e.browser.newContext({
    baseURL: e2e.baseUrl,
    viewport: { width: 1280, height: 900 },
    timezoneId: visitor.timezoneId,
    locale: visitor.locale,
  });
  context.setDefaultTimeout(30_000);
  context.setDefaultNavigationTimeout(30_000);
  return { context, errors: new ErrorCollector() };
}

/** Loads `url` as a new document and waits until the app has hydrated (or rendered) and settled. */
async function load(context: BrowserContext, errors: ErrorCollector, url: string): Promise<Page> {
  const page = await context.newPage();
  errors.watch(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
  // A mismatch is reported when React finishes the boundary; late queries and the zone switch follow at once.
  await page.waitForTimeout(500);
  return page;
}

/** Runs `work` over `items`, at most `size` at a time. */
async function inPool<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
}

describe('every public route, loaded directly in several time zones and languages', () => {
  for (const visitor of VISITORS) {
    it(`hydrates without a console error in ${visitor.timezoneId}, ${visitor.locale}`, async () => {
      const { rendered, others } = await routes();
      const { context } = await open(visitor);
      try {
        const failures: string[] = [];
        for (const [round, urls] of [
          ['first visit', visitor.everyRoute ? [...rendered, ...others] : rendered],
          ['with the zone cookie', rendered],
        ] as const) {
          // Three pages at a time, each with its own error list: most of a load is waiting (server render, the
          // settle below), and one at a time made this file five minutes of the browser tests.
          await inPool(urls, 3, async (url) => {
            const own = new ErrorCollector();
            const page = await load(context, own, url);
            await page.close();
            for (const error of own.errors) failures.push(`${url} (${round}): ${error}`);
          });
        }
        expect(failures).toEqual([]);
      } finally {
        await context.close();
      }
    }, 300_000);
  }

  it('renders the sale times in UTC for a first visit and in the visitor zone after hydration and on return', async () => {
    const { timedSale } = await routes();
    const { context, errors } = await open(VISITORS[0]);
    try {
      const first = await fetch(`${e2e.baseUrl}${timedSale}`, { headers: { 'accept-language': 'en-US' } });
      expect(await first.text()).toContain('Times are shown in your time zone (UTC).');
      const page = await load(context, errors, timedSale);
      await page.getByText('Times are shown in your time zone (America/New_York).').waitFor();
      expect(await page.evaluate(() => document.cookie)).toContain('kw_tz=America%2FNew_York');
      const again = await fetch(`${e2e.baseUrl}${timedSale}`, {
        headers: { 'accept-language': 'en-US', cookie: 'kw_tz=America%2FNew_York' },
      });
      expect(await again.text()).toContain('Times are shown in your time zone (America/New_York).');
      // A zone Intl does not know is ignored (UTC), never an error page.
      const bogus = await fetch(`${e2e.baseUrl}${timedSale}`, {
        headers: { 'accept-language': 'en-US', cookie: 'kw_tz=Mars%2FOlympus' },
      });
      expect(bogus.status).toBe(200);
      expect(await bogus.text()).toContain('Times are shown in your time zone (UTC).');
      expect(errors.errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
