import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { at, visible } from '../helpers/ui.ts';
import { quickLot, session, STAFF, waitOpen } from './lots.ts';

const e2e = useE2E();

/** Whether the page is wider than the window (a phone or tablet would scroll sideways). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

describe('into the live room (issue 24 section 4)', () => {
  it('a collector reaches the room from the sale page, and the lot page says the sale is happening now', async () => {
    const collector = await createVerifiedUser(e2e.baseUrl);
    const { sale, rug } = await quickLot(e2e.baseUrl, 1, 3600, {}, { type: 'live' });
    await waitOpen(e2e.baseUrl, rug.id);

    const { page } = await e2e.newPage({ session: session(collector) });
    await page.goto(`/upcoming-auctions/${sale.slug}`);
    await visible(page.getByTestId('live-now-note').filter({ hasText: 'This sale is happening now' }));
    // The sale's header and its lot card both lead into the room.
    expect(await page.getByTestId('bid-live-now').count()).toBeGreaterThanOrEqual(2);
    await page.getByTestId('bid-live-now').first().click();
    await at(page, `/live/${sale.id}`);
    await visible(page.getByTestId('live-status'));

    // The lot's own page says it plainly and leads there too.
    await page.goto(`/rugs-details-live/${rug.slug}`);
    await visible(page.getByTestId('live-now-note'));
    await page.getByTestId('bid-live-now').click();
    await at(page, `/live/${sale.id}`);
  });

  it('the lot on the block does not read closed on the public site while the clerk sells it', async () => {
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const { sale, rug } = await quickLot(e2e.baseUrl, 1, 3600, {}, { type: 'live' });
    await waitOpen(e2e.baseUrl, rug.id);
    const clerk = await e2e.newPage({ session: session(staff) });
    await clerk.page.goto(`/admin/live/${sale.id}`);
    await clerk.page.getByTestId('clerk-open-next').click();
    await visible(clerk.page.getByTestId('clerk-ask'));

    const visitor = await e2e.newPage();
    await visitor.page.goto(`/rugs-details-live/${rug.slug}`);
    const panel = visitor.page.getByTestId('lot-panel');
    await visible(panel);
    expect(await panel.getAttribute('data-phase')).toBe('room');
    expect(await visitor.page.getByTestId('lot-phase').textContent()).not.toMatch(/clos/i);
    await visible(
      visitor.page.getByTestId('lot-result').filter({ hasText: 'Being sold in the live room now' }),
    );
  });

  it('the clerk sees the reserve, cannot sell below it, and the console fits a tablet and a phone', async () => {
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const { sale, rug } = await quickLot(e2e.baseUrl, 1, 3600, { reserve: 50_000 }, { type: 'live' });
    await waitOpen(e2e.baseUrl, rug.id);
    const { page } = await e2e.newPage({ session: session(staff) });
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`/admin/live/${sale.id}`);
    await page.getByTestId('clerk-open-next').click();
    await visible(page.getByTestId('clerk-reserve').filter({ hasText: 'reserve $500' }));
    await page.getByTestId('clerk-paddle').fill('7');
    await page.getByTestId('clerk-floor').click();
    await visible(page.getByTestId('clerk-leading').filter({ hasText: 'Paddle 7' }));
    const sold = page.getByTestId('clerk-sold');
    expect(await sold.isDisabled()).toBe(true);
    await visible(page.getByTestId('clerk-sold-reason').filter({ hasText: 'Below the reserve of $500' }));
    expect(await sold.getAttribute('aria-describedby')).toBe('clerk-sold-reason');
    // The S key does not try the hammer either (it used to answer 409).
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/actions')) posts.push(r.postData() ?? '');
    });
    await page.keyboard.press('s');
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);

    for (const width of [768, 1024, 390, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(150);
      expect(await scrollsSideways(page), `sideways scroll at ${width} px`).toBe(false);
    }
    await visible(page.getByTestId('clerk-pass'));
  });
});
