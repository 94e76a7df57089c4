import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUCTIONS_PAGE_SIZE } from '@knotwork/shared/constants/catalogue';
import type { Auction, LotWithRug } from '@knotwork/shared/schemas/sales';
import { apiCall } from '../helpers/accounts.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { at, visible } from '../helpers/ui.ts';

const e2e = useE2E();

const lotNumbers = async (page: Page) =>
  await page
    .getByTestId('lot-card')
    .evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-lot-number'))));

describe('sales calendar', () => {
  it('lists the current sales with their status, and the past ones under their tab', async () => {
    // The page shows the first AUCTIONS_PAGE_SIZE sales, earliest start first.
    const { body } = await apiCall<{ data: Auction[] }>(
      e2e.baseUrl,
      `/rug/upcoming/list?when=current&pageSize=${AUCTIONS_PAGE_SIZE}`,
    );
    expect(body.data.length).toBeGreaterThan(0);
    const answeredAt = Date.now();
    const { page } = await e2e.newPage();
    await page.goto('/upcoming-auctions');
    await visible(page.getByRole('heading', { level: 1, name: 'Upcoming Auctions' }));
    const cards = page.getByTestId('auction-card');
    await visible(cards);
    // Other browser tests open one-lot sales of their own while this runs, starting a second or two later. A sale
    // that starts later sorts after the ones already started, so only demo sales that had started when the API
    // answered are certain to be on the page's first screen when it loads (later ones can be pushed off it).
    const demoSales = body.data.filter(
      (a) => !a.title.startsWith('Browser test sale') && Date.parse(a.startsAt) <= answeredAt,
    );
    expect(demoSales.length).toBeGreaterThan(0);
    expect(await cards.count()).toBeGreaterThanOrEqual(demoSales.length);
    for (const a of demoSales) await visible(page.getByRole('link', { name: a.title, exact: true }));
    if (body.data.some((a) => a.status === 'open'))
      await visible(cards.getByText('Open now', { exact: true }));
    await visible(page.getByText(/Times are shown in your time zone/));

    // The past answer is held back for a moment: while it loads, the tab shows its loading state, not the current
    // tab's sales under the Past tab's name.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/v1\/rug\/upcoming\/list\?.*when=past/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('tab', { name: 'Past' }).click();
    await at(page, '/upcoming-auctions?when=past');
    await visible(page.getByRole('status', { name: 'Loading the auctions' }));
    expect(await cards.count()).toBe(0);
    release();
    await visible(cards.getByText('Ended', { exact: true }));
    // Sales only ever move into the past, so every sale the tab shows is in a later, longer answer of the API
    // (other tests' sales that end meanwhile go on top and may push some off the tab's first screen).
    const shownTitles = await cards.getByRole('heading', { level: 2 }).allInnerTexts();
    expect(shownTitles.length).toBeGreaterThan(0);
    const past = await apiCall<{ data: Auction[] }>(e2e.baseUrl, '/rug/upcoming/list?when=past&pageSize=60');
    const pastTitles = new Set(past.body.data.map((a) => a.title));
    for (const title of shownTitles) expect(pastTitles).toContain(title);
    expect(await cards.getByText('Open now', { exact: true }).count()).toBe(0);
  });

  it('shows a sale with its terms and its lots in lot-number order, revealing more on request', async () => {
    const { body: list } = await apiCall<{ data: Auction[] }>(e2e.baseUrl, '/rug/upcoming/list?when=live');
    const sale = list.data.find((a) => a.lotCount > 24) ?? list.data[0]!;
    const { body } = await apiCall<{ data: Auction & { lots: LotWithRug[] } }>(
      e2e.baseUrl,
      `/rug/upcoming/${sale.slug}`,
    );
    const expected = body.data.lots.map((l) => l.lotNumber);

    const { page } = await e2e.newPage();
    await page.goto(`/upcoming-auctions/${sale.slug}`);
    await visible(page.getByRole('heading', { level: 1, name: sale.title }));
    await visible(page.getByText(`${sale.buyersPremiumPct}% of the hammer price`));
    await visible(page.getByTestId('soft-close'));
    await visible(page.getByTestId('lot-card'));

    const shown = await lotNumbers(page);
    expect(shown).toEqual(expected.slice(0, shown.length));
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    if (expected.length > shown.length) {
      await page.getByRole('button', { name: 'Show more lots' }).click();
      await expect.poll(async () => (await lotNumbers(page)).length).toBeGreaterThan(shown.length);
      const more = await lotNumbers(page);
      expect(more).toEqual(expected.slice(0, more.length));
    }
    // An open lot leads to the live view of its rug.
    const first = body.data.lots[0]!;
    const link = page.getByRole('link', { name: `Lot ${first.lotNumber}: ${first.rug.title}` });
    expect(await link.getAttribute('href')).toBe(
      first.status === 'open' ? `/rugs-details-live/${first.rug.slug}` : `/rug-listing/${first.rug.slug}`,
    );
  });

  it('says so for an unknown sale', async () => {
    const { page } = await e2e.newPage({ allow: [httpStatusNoise(404)] });
    await page.goto('/upcoming-auctions/no-such-sale');
    await visible(page.getByRole('heading', { level: 1, name: 'This sale is not in our calendar' }));
  });
});

describe('open lots', () => {
  it('lists the lots open now, soonest end first, with running countdowns', async () => {
    const { page } = await e2e.newPage();
    const cards = page.getByTestId('lot-card');
    // Other browser tests open one-lot sales that end within minutes, which go to the top of this list; a page that
    // loaded while one was being added is read again (at most three times) so both sides describe the same moment.
    let body: { data: LotWithRug[]; meta: { total: number } } = { data: [], meta: { total: 0 } };
    let titles: string[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      await page.goto('/lot');
      await visible(page.getByRole('heading', { level: 1, name: 'Lots' }));
      await visible(cards);
      body = (
        await apiCall<{ data: LotWithRug[]; meta: { total: number } }>(
          e2e.baseUrl,
          '/rug/lot/list?pageSize=24',
        )
      ).body;
      // The grid draws its first row at once and the rest just after (decision 027): let it finish.
      for (let waited = 0; waited < 5000 && (await cards.count()) < body.data.length; waited += 100) {
        await page.waitForTimeout(100);
      }
      titles = await cards.getByRole('heading', { level: 3 }).allTextContents();
      if (titles.join('\n') === body.data.map((l) => l.rug.title).join('\n')) break;
    }
    expect(body.data.length).toBeGreaterThan(0);
    expect(await cards.count()).toBe(body.data.length);
    expect(titles).toEqual(body.data.map((l) => l.rug.title));
    const ends = body.data.map((l) => Date.parse(l.endsAt));
    expect(ends).toEqual([...ends].sort((a, b) => a - b));

    const countdown = cards.first().getByTestId('countdown');
    const before = await countdown.textContent();
    expect(before).toMatch(/left$/);
    await expect.poll(() => countdown.textContent(), { timeout: 5000 }).not.toBe(before);
    await visible(page.getByText(`${body.meta.total} lots open for bidding`));
  });
});
