import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { seriousAxeViolations } from '../content/axe.ts';
import { at, dialog, visible } from '../helpers/ui.ts';

/**
 * The rug listing (/rug-listing, /rug-listings?data=<url-encoded JSON>): the URL is the filter. Counts are checked
 * against the API's own answer for the same filter, so the tests hold whatever the demo catalogue contains.
 *
 * E2E_WEB_DIST_DIR runs this file against a web build elsewhere than apps/web/dist (its own server), for working
 * on the listing while others rebuild the shared dist.
 */
const e2e = useE2E(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : undefined);

const listingUrl = (filter: Record<string, unknown>) =>
  `/rug-listings?data=${encodeURIComponent(JSON.stringify(filter))}`;

async function totalFor(filter: Record<string, unknown>): Promise<number> {
  const { status, body } = await apiCall<{ meta: { total: number } }>(
    e2e.baseUrl,
    `/rug?data=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  expect(status).toBe(200);
  return body.meta.total;
}

const countText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'rug' : 'rugs'}`;

/** The result count shows exactly `n` (it updates once the new page of results has arrived). */
async function showsCount(page: Page, n: number) {
  await visible(page.getByText(countText(n), { exact: true }));
}

/**
 * The page shows the API's total for `filter`, and that total. Totals are cached 15 s on the server (decision
 * 024), so a total read a moment before or after the page's own request may be the cache's older or newer one (the
 * shared server's catalogue changes under other test files): read it again until the two agree.
 */
async function showsTotal(page: Page, filter: Record<string, unknown>): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const n = await totalFor(filter);
    const shown = page.getByText(countText(n), { exact: true });
    try {
      await shown.first().waitFor({ state: 'visible', timeout: 3_000 });
      return n;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
  }
}

/** The filter in the page's URL, parsed ({} on /rug-listing). */
function urlFilter(page: Page): Record<string, unknown> {
  const url = new URL(page.url());
  if (url.pathname === '/rug-listing') return {};
  expect(url.pathname).toBe('/rug-listings');
  return JSON.parse(url.searchParams.get('data') ?? '{}') as Record<string, unknown>;
}

const filtersPanel = (page: Page) => page.getByRole('complementary', { name: 'Filters' });
const chip = (page: Page, label: string) =>
  page.getByRole('button', { name: `Remove filter: ${label}`, exact: true });

/** Ticks a checkbox of the panel and waits until it shows ticked (the URL changes first, the page follows). */
async function tick(page: Page, name: RegExp) {
  const box = filtersPanel(page).getByRole('checkbox', { name });
  await box.click();
  await page.waitForFunction((el) => (el as HTMLInputElement).checked, await box.elementHandle());
}

async function openSection(page: Page, title: string) {
  const summary = filtersPanel(page).getByRole('button', { name: new RegExp(`^${title}`) });
  if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
}

// The tests run side by side, three at a time (vitest.config.ts), each in contexts of its own.
describe.concurrent('rug listing', () => {
  it('opens a collection from the footer as a filtered listing with its chip and count', async (test) => {
    const { body } = await apiCall<{ data: { title: string; rugCount: number }[] }>(
      e2e.baseUrl,
      '/auth/collection/list',
    );
    const collection = body.data.find((c) => c.rugCount > 0)!;
    const { page } = await e2e.newPage({ test });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: collection.title, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/rug-listings');
    expect(urlFilter(page)).toEqual({ collections: [collection.title] });

    await visible(page.getByRole('heading', { level: 1, name: collection.title }));
    await visible(chip(page, collection.title));
    await showsTotal(page, { collections: [collection.title] });
    expect(
      await filtersPanel(page)
        .getByRole('checkbox', { name: new RegExp(`^${collection.title.replace(/[&]/g, '\\&')}`) })
        .isChecked(),
    ).toBe(true);
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);
  });

  it('combines filters: chips appear, the count narrows and the URL carries the filter', async (test) => {
    const { page } = await e2e.newPage({ test });
    await page.goto('/rug-listing');
    await showsTotal(page, {});

    await openSection(page, 'Style');
    await tick(page, /^Persian/);
    await page.waitForURL((url) => url.pathname === '/rug-listings');
    expect(urlFilter(page)).toEqual({ styles: ['persian'] });
    await visible(chip(page, 'Persian'));
    const persian = await showsTotal(page, { styles: ['persian'] });
    await showsCount(page, persian);

    await openSection(page, 'Colour');
    await tick(page, /^Red/);
    await page.waitForURL((url) => url.search.includes('colours'));
    expect(urlFilter(page)).toEqual({ styles: ['persian'], colours: ['red'] });
    await visible(chip(page, 'Red'));
    const persianRed = await showsTotal(page, { styles: ['persian'], colours: ['red'] });
    expect(persianRed).toBeLessThanOrEqual(persian);
    await showsCount(page, persianRed);

    // Removing a chip drops just that filter; Clear all returns to the whole catalogue.
    await chip(page, 'Persian').click();
    await page.waitForURL((url) => !url.search.includes('persian'));
    expect(urlFilter(page)).toEqual({ colours: ['red'] });
    await showsTotal(page, { colours: ['red'] });
    await page.getByRole('button', { name: 'Clear all' }).first().click();
    await at(page, '/rug-listing');
    await showsTotal(page, {});
  });

  it('keeps an order and a tick chosen on the server-rendered page before its scripts ran', async (test) => {
    const { page } = await e2e.newPage({ test });
    await page.setViewportSize({ width: 1280, height: 900 });
    // The page's scripts wait until the choices are made: the server's HTML alone is on screen.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The harness's goto returns once the page has hydrated, which it cannot do before the release below.
    const opened = page.goto('/rug-listing');
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await sort.selectOption({ label: 'Price: high to low' });
    await page.getByRole('checkbox', { name: /^Buy now/ }).check();
    release();
    await opened;

    await page.waitForURL((url) => url.search.includes('priceDesc') && url.search.includes('buyNow'));
    expect(urlFilter(page)).toEqual({ sort: 'priceDesc', availability: ['buyNow'] });
    // The test's own expect: in a concurrent block vitest's global one cannot poll (nor on a retry).
    await test.expect.poll(() => sort.inputValue()).toBe('priceDesc');
    expect(await page.getByRole('checkbox', { name: /^Buy now/ }).isChecked()).toBe(true);
  });

  it('sorts, searches (debounced, in the URL) and pages to the top of the results', async (test) => {
    const { page } = await e2e.newPage({ test });
    await page.goto('/rug-listing');
    await showsTotal(page, {});

    // A native select: a phone shows its own picker.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: high to low' });
    await page.waitForURL((url) => url.search.includes('priceDesc'));
    expect(urlFilter(page)).toEqual({ sort: 'priceDesc' });

    await page.getByRole('searchbox', { name: 'Search rugs' }).fill('heri');
    await page.waitForURL((url) => url.search.includes('heri'));
    expect(urlFilter(page)).toEqual({ q: 'heri', sort: 'priceDesc' });
    // Prefix search: "heri" finds the Heriz rugs.
    const heri = await showsTotal(page, { q: 'heri' });
    expect(heri).toBeGreaterThan(0);
    await showsCount(page, heri);

    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL((url) => !url.search.includes('heri'));
    // Page links are real links: a new tab or a crawler follows them without the app.
    const second = page
      .getByRole('navigation', { name: 'Result pages' })
      .getByRole('link', { name: 'Go to page 2' });
    expect(
      JSON.parse(
        new URL((await second.getAttribute('href')) ?? '', 'http://x').searchParams.get('data') ?? '{}',
      ),
    ).toEqual({
      sort: 'priceDesc',
      page: 2,
    });
    await second.click();
    await page.waitForURL((url) => url.search.includes('page'));
    expect(urlFilter(page)).toEqual({ sort: 'priceDesc', page: 2 });
    // The results' top is in view under the sticky header, not the top of the page.
    await page.waitForFunction(
      () =>
        Math.abs(
          document.querySelector('section[aria-labelledby="listing-results-title"]')!.getBoundingClientRect()
            .top - 200,
        ) < 120,
    );
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  });

  it('restores the filters with Back and Forward', async (test) => {
    const { page } = await e2e.newPage({ test });
    await page.goto('/rug-listing');
    await showsTotal(page, {});
    await openSection(page, 'Age');
    await tick(page, /^Antique \(/);
    await page.waitForURL((url) => url.search.includes('antique'));
    await openSection(page, 'Shape');
    await tick(page, /^Runner [0-9]/);
    await page.waitForURL((url) => url.search.includes('runner'));
    const both = await showsTotal(page, { ageClasses: ['antique'], shapes: ['runner'] });
    await showsCount(page, both);

    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('runner'));
    expect(urlFilter(page)).toEqual({ ageClasses: ['antique'] });
    await showsTotal(page, { ageClasses: ['antique'] });
    expect(await chip(page, 'Runner').count()).toBe(0);
    expect(
      await filtersPanel(page)
        .getByRole('checkbox', { name: /^Runner [0-9]/ })
        .isChecked(),
    ).toBe(false);

    await page.goBack();
    await at(page, '/rug-listing');
    await showsTotal(page, {});

    await page.goForward();
    await page.goForward();
    await page.waitForURL((url) => url.search.includes('runner'));
    expect(urlFilter(page)).toEqual({ ageClasses: ['antique'], shapes: ['runner'] });
    await visible(chip(page, 'Runner'));
    await showsTotal(page, { ageClasses: ['antique'], shapes: ['runner'] });
  });

  it('reads a bad ?data= as no filter: shows the message and every rug', async (test) => {
    const { page } = await e2e.newPage({ test });
    for (const data of [
      '%7Bnot-json',
      encodeURIComponent('[1,2]'),
      encodeURIComponent(JSON.stringify({ styles: ['plaid'] })),
    ]) {
      await page.goto(`/rug-listings?data=${data}`);
      await visible(page.getByText('We could not read the filter in this link; showing all rugs'));
      await showsTotal(page, {});
      // The count can render a moment before the cards (seen on a loaded machine): wait for the first one.
      await visible(page.getByRole('article').first());
    }
    // A good link shows no such message.
    await page.goto(listingUrl({ styles: ['persian'] }));
    await showsTotal(page, { styles: ['persian'] });
    expect(await page.getByText('We could not read the filter in this link').count()).toBe(0);
  });

  it('says when nothing matches, offers the one removal that would list most, and applies it', async (test) => {
    const { page } = await e2e.newPage({ test });
    // A word no rug has, with a style: the word is the filter to drop.
    const nothing = { q: 'zzqxwv', styles: ['persian'] };
    expect(await totalFor(nothing)).toBe(0);
    expect(await totalFor({ styles: ['persian'] })).toBeGreaterThan(0);
    await page.goto(listingUrl(nothing));
    await visible(page.getByRole('heading', { name: 'No rugs match this selection' }));
    // The suggestion counts through TanStack's useQueries, loaded with this notice only (issue 9). Other test files
    // add rugs to the shared catalogue meanwhile, so any count will do.
    const suggestion = page.getByRole('button', { name: /^Remove .*zzqxwv.* \(\d[\d,]* rugs?\)$/ });
    await visible(suggestion);
    await suggestion.click();
    await page.waitForURL((url) => !url.search.includes('zzqxwv'));
    expect(urlFilter(page)).toEqual({ styles: ['persian'] });
    await showsTotal(page, { styles: ['persian'] });
  });

  it('shows sizes in the chosen unit and remembers the choice', async (test) => {
    const { page } = await e2e.newPage({ test });
    await page.goto('/rug-listing');
    const first = page.getByRole('article').first();
    await visible(first);
    await page.getByRole('group', { name: 'Size unit' }).getByRole('button', { name: 'cm' }).click();
    await visible(first.getByText(/^\d+ × \d+ cm/));
    await page.getByRole('group', { name: 'Size unit' }).getByRole('button', { name: 'ft in' }).click();
    await visible(first.getByText(/^\d+'\d+" × \d+'\d+"/));
    await page.reload();
    await visible(
      page
        .getByRole('article')
        .first()
        .getByText(/^\d+'\d+" × \d+'\d+"/),
    );
  });

  it('opens a rug from its card, and the heart asks a signed-out visitor to sign in', async (test) => {
    const { body } = await apiCall<{ data: { title: string; slug: string }[] }>(
      e2e.baseUrl,
      '/rug?data=%7B%7D',
    );
    const rug = body.data[0]!;
    const { page } = await e2e.newPage({ test });
    await page.goto('/rug-listing');
    await page.getByRole('button', { name: `Save ${rug.title}`, exact: true }).click();
    await visible(dialog(page, 'Sign in'));
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: rug.title, exact: true }).click();
    await at(page, `/rug-listing/${rug.slug}`);
  });

  it('has no serious or critical accessibility violations (desktop, and the phone drawer)', async (test) => {
    const { page } = await e2e.newPage({ test });
    await page.goto(listingUrl({ styles: ['persian'] }));
    await visible(page.getByRole('article').first());
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /^Filters/ }).click();
    await visible(page.getByRole('dialog', { name: 'Filters' }));
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
