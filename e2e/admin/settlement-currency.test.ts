import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import { DEMO_USER, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { visible } from '../helpers/ui.ts';
import { scrollsSideways } from '../payments/orders.ts';

// The house in euros: every amount of the settlements and the portal must read €, never the catalogue's dollars.
const e2e = useE2E({ CURRENCY: 'EUR' });
/** Set to a folder to keep screenshots (1366 and 390 px; English, French, Arabic). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

async function shoot(page: Page, name: string, widths: number[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    expect(await scrollsSideways(page), `${name} scrolls sideways at ${width} px`).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** A page in `lang` (Arabic: right to left), as the language switcher stores it. */
async function inLanguage(page: Page, lang: 'fr' | 'ar') {
  await page.addInitScript(
    ([l, key]) => {
      localStorage.setItem('i18nextLng', l);
      if (l === 'ar') localStorage.setItem(key, JSON.stringify({ direction: 'rtl' }));
    },
    [lang, STORAGE_KEYS.settings] as const,
  );
}

/**
 * Issue 27 §3: the demo's settled lots of a house in euros, in the back office (when the buyer paid, the net settled)
 * and in the consignor's portal (the statement's payouts with their batch and bank references).
 */
describe('settlements of a house in euros', () => {
  it('the settled lots show the buyer’s payment date and the net in €, on a phone and in Arabic too', async () => {
    const accounts = await loginThroughApi(e2e.baseUrl, 'accounts@knotwork.local', 'Staff@12345');
    const { page } = await e2e.newPage({ session: accounts });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/admin/settlements?status=settled');
    await visible(page.getByRole('columnheader', { name: 'Paid by buyer' }), 20_000);
    await visible(page.getByRole('columnheader', { name: 'Net to consignor' }));
    const grid = page.getByRole('grid');
    // The demo settled its archive sale's sold lots: wait for their rows (the header is row 1).
    await expect.poll(() => grid.getByRole('row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    const text = await grid.innerText();
    expect(text).toMatch(/€\d/);
    expect(text).not.toContain('$');
    await shoot(page, 'settlements-eur-settled', [1366, 390]);

    // Due and held lots show the estimated net in its own column (the demo may have none: the empty state then).
    await page.getByRole('tab', { name: 'Held' }).click();
    await visible(page.getByRole('columnheader', { name: 'Estimated net' }));

    // On a phone each lot is one card naming the net in words.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Settled' }).click();
    await visible(page.getByRole('gridcell').filter({ hasText: /Net to consignor: €/ }), 15_000);

    for (const lang of ['fr', 'ar'] as const) {
      const { page: other } = await e2e.newPage({ session: accounts });
      await inLanguage(other, lang);
      await other.setViewportSize({ width: 1366, height: 900 });
      await other.goto('/admin/settlements?status=settled');
      const header = lang === 'fr' ? 'Payé le' : 'تاريخ الدفع';
      await visible(other.getByRole('columnheader', { name: header }), 20_000);
      await expect.poll(() => other.getByRole('grid').getByRole('row').count()).toBeGreaterThan(1);
      const cells = await other.getByRole('grid').innerText();
      expect(cells).toContain('€');
      expect(cells).not.toContain('$');
      // "1 400 €": the amount first, the sign after it, as French writes it.
      if (lang === 'fr') expect(cells).toMatch(/\d\s€/);
      if (lang === 'ar')
        await expect.poll(() => other.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await shoot(other, `settlements-eur-${lang}`, [1366, 390]);
    }

    // The payouts list is in euros too.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/admin/payouts');
    await visible(page.getByRole('columnheader', { name: 'Balance' }), 20_000);
    expect(await page.getByRole('grid').innerText()).not.toContain('$');
  }, 180_000);

  it('the consignor’s statement names each payout’s batch and bank reference, in euros', async () => {
    const demo = await loginThroughApi(e2e.baseUrl, DEMO_USER.email, DEMO_USER.password);
    const { page } = await e2e.newPage({ session: demo });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/consignor');
    const payout = await visible(page.getByTestId('statement-payout').first(), 20_000);
    // The references are isolated left to right (U+2066…U+2069) for Arabic: read without the marks.
    expect((await payout.innerText()).replace(/[\u2066-\u2069]/g, '')).toMatch(
      /€[\d,.]+\s+Batch PB-\d{4}-\d{4} · bank reference PB-\d{4}-\d{4}-\d{4}/,
    );
    expect(await page.getByTestId('statement-balance').innerText()).toContain('€');
    const cards = await page.getByTestId('consignment-card').first().innerText();
    expect(cards).toContain('€');
    expect(cards).not.toContain('$');
    await shoot(page, 'portal-statement-eur', [1366, 390]);

    const { page: ar } = await e2e.newPage({ session: demo });
    await inLanguage(ar, 'ar');
    await ar.goto('/consignor');
    const line = await visible(ar.getByTestId('statement-payout').first(), 20_000);
    expect(await line.innerText()).toMatch(/PB-\d{4}-\d{4}-\d{4}/);
    await shoot(ar, 'portal-statement-eur-ar', [390]);
  }, 120_000);
});
