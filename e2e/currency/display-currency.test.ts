import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser, loginThroughApi, type SignedInUser } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { header, toast, visible } from '../helpers/ui.ts';
import { seriousAxeViolations } from '../content/axe.ts';
import { session } from '../auction/lots.ts';

/**
 * Issue 14 section 6: a visitor picks a display currency in the header, sees "approx." figures beside the sale's
 * prices on the listing and the rug page, the bid dialog names the currency bids are charged in, the choice
 * survives a reload; an admin's new rate changes the figure. Desktop, 390 px, and Arabic (right to left).
 */
const e2e = useE2E();

interface OpenRug {
  slug: string;
  estimateLow: number;
  estimateHigh: number;
  lot: { nextMinimumBid: number } | null;
}

const gbp = (units: number, locale = 'en-US') =>
  new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'GBP',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(units);
/** The rounding of @knotwork/shared/currency/convert (once, half up, from cents). */
const toUnits = (cents: number, micros: number) => Math.round((cents * micros) / 100_000_000);

async function gbpMicros(): Promise<number> {
  const rates = await apiCall<{ data: { rates: { currency: string; rateMicros: number }[] } }>(
    e2e.baseUrl,
    `/exchange-rates?fresh=${Date.now()}`,
  );
  return rates.body.data.rates.find((r) => r.currency === 'GBP')!.rateMicros;
}

async function pickCurrency(page: Page, code: string) {
  await header(page).getByTestId('currency-picker-header').click();
  await page.getByTestId(`currency-option-${code}`).click();
  await expect.poll(() => header(page).getByTestId('currency-picker-header').innerText()).toBe(code);
}

describe('prices in the visitor\u2019s currency', () => {
  let rug: OpenRug;
  let collector: SignedInUser;
  beforeAll(async () => {
    const open = await apiCall<{ data: OpenRug[] }>(e2e.baseUrl, '/rug?availability=open&pageSize=1');
    rug = open.body.data[0]!;
    expect(rug?.lot, 'the demo catalogue has an open lot').toBeTruthy();
    collector = await createVerifiedUser(e2e.baseUrl);
  });

  it('a collector picks GBP: approx. figures on the listing and the rug page, the bid dialog names USD, the choice survives a reload', async () => {
    const micros = await gbpMicros();
    const { page } = await e2e.newPage({ session: session(collector) });
    await page.goto('/rug-listing');
    // The cards' price lines ("Current bid", "Estimate") are there before the rates are asked for.
    await visible(page.getByText(/^(Current bid|Opening bid|Estimate)$/).first(), 30_000);
    // The browser here speaks en-US: the sale's own currency, so nothing extra yet.
    await expect.poll(() => header(page).getByTestId('currency-picker-header').innerText()).toBe('USD');
    expect(await page.getByTestId('approx').count()).toBe(0);

    await pickCurrency(page, 'GBP');
    await visible(page.getByTestId('approx').first());
    expect(await page.getByTestId('approx').first().innerText()).toMatch(/^≈ approx\. £[\d,]+/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.reload();
    await expect
      .poll(() => header(page).getByTestId('currency-picker-header').innerText(), { timeout: 30_000 })
      .toBe('GBP');
    await visible(page.getByTestId('approx').first(), 30_000);

    await page.goto(`/rug-listing/${rug.slug}`);
    const estimate = `≈ approx. ${gbp(toUnits(rug.estimateLow, micros))} – ${gbp(toUnits(rug.estimateHigh, micros))}`;
    await visible(page.getByText(estimate, { exact: true }).first(), 30_000);
    const price = page.getByTestId('lot-price').locator('xpath=..').getByTestId('approx');
    await visible(price);
    await visible(
      page.getByText('Bids are placed and charged in USD. Other currencies are approximate.').first(),
    );

    await page.getByTestId('max-bid-input').fill(String(rug.lot!.nextMinimumBid / 100));
    await page.getByTestId('bid-form').locator('button[type="submit"]').click();
    const confirm = await visible(page.getByRole('dialog', { name: /Confirm your bid/ }));
    await visible(
      confirm.getByTestId('bid-charged-in').getByText('Bids are placed and charged in USD', { exact: false }),
    );
    expect(await confirm.getByTestId('approx').innerText()).toBe(
      `≈ approx. ${gbp(toUnits(rug.lot!.nextMinimumBid, micros))}`,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
  });

  it('an admin changes the GBP rate in Settings and the approx. figure follows', async () => {
    const admin = await loginThroughApi(e2e.baseUrl, 'staff@knotwork.local', 'Staff@12345');
    const { page: staff } = await e2e.newPage({ session: session(admin) });
    await staff.goto('/admin/settings');
    const section = await visible(staff.getByTestId('exchange-rates-section'), 30_000);
    await visible(section.getByTestId('exchange-rate-GBP'));
    await section.getByRole('button', { name: 'Edit the rate of GBP' }).click();
    await section.getByTestId('rate-value').fill('2');
    await section.getByRole('button', { name: 'Save rate' }).click();
    await visible(toast(staff, 'Exchange rate saved'));
    await expect
      .poll(() => section.getByTestId('exchange-rate-GBP').getByTestId('exchange-rate-value').innerText())
      .toBe('1 USD = 2 GBP');
    expect(await seriousAxeViolations(staff)).toEqual([]);

    const { page } = await e2e.newPage({ session: session(collector) });
    await page.addInitScript(() => window.localStorage.setItem('knotworkDisplayCurrency', 'GBP'));
    await page.goto(`/rug-listing/${rug.slug}`);
    const estimate = `≈ approx. ${gbp(toUnits(rug.estimateLow, 2_000_000))} – ${gbp(toUnits(rug.estimateHigh, 2_000_000))}`;
    await visible(page.getByText(estimate, { exact: true }).first(), 30_000);

    // Put the demo figure's value back for the other tests sharing this server.
    await apiCall(e2e.baseUrl, '/admin/exchange-rates', {
      method: 'PUT',
      token: admin.token,
      body: { currency: 'GBP', rate: '0.79' },
    });
  });

  it('at 390 px: the picker is in the menu drawer and the approx. figures fit without sideways scrolling', async () => {
    const { page } = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/rug-listing');
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('currency-picker-drawer').click();
    await page.getByTestId('currency-option-EUR').click();
    await page.keyboard.press('Escape');
    await visible(page.getByTestId('approx').first(), 30_000);
    expect(await page.getByTestId('approx').first().innerText()).toMatch(/^≈ approx\. €[\d,]+/);
    await page.goto(`/rug-listing/${rug.slug}`);
    await visible(page.getByTestId('lot-price').locator('xpath=..').getByTestId('approx'), 30_000);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/currency-390.png', fullPage: false });
    await page.reload();
    await header(page).getByRole('button', { name: 'Open menu' }).click();
    await expect
      .poll(() => page.getByTestId('currency-picker-drawer').innerText(), { timeout: 30_000 })
      .toBe('Display currency: EUR');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('in Arabic, right to left: the picker, the figures in the language and the dialog words', async () => {
    const { page } = await e2e.newPage({ session: session(collector) });
    await page.goto('/rug-listing');
    await page.getByTestId('language-switcher-header').click();
    await page.getByRole('menu', { name: 'Languages' }).getByRole('menuitem', { name: 'العربية' }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await pickCurrency(page, 'GBP');
    await visible(page.getByTestId('approx').first(), 30_000);
    expect(await page.getByTestId('approx').first().innerText()).toContain('≈ حوالي');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`/rug-listing/${rug.slug}`);
    await visible(page.getByTestId('lot-price').locator('xpath=..').getByTestId('approx'), 30_000);
    await page.getByTestId('max-bid-input').fill(String(rug.lot!.nextMinimumBid / 100));
    await page.getByTestId('bid-form').locator('button[type="submit"]').click();
    const confirm = await visible(page.getByRole('dialog'));
    await visible(
      confirm.getByTestId('bid-charged-in').getByText('تُقدَّم المزايدات وتُحصَّل بعملة USD', { exact: false }),
    );
    await page.screenshot({ path: '/tmp/currency-ar.png' });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
