import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog, field, toast, visible } from '../helpers/ui.ts';
import { quickLot, STAFF, waitOpen } from '../auction/lots.ts';
import { addAddress, scrollsSideways } from '../payments/orders.ts';

// A SEPA credit transfer pays euros only: this file's server runs the house in euros.
const e2e = useE2E({ CURRENCY: 'EUR' });
/** Set to a folder to keep screenshots of the screens (1366, 768 and 390 px; English, French, Arabic). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const CONSIGNOR_IBAN = 'FR1420041010050500013M02606';

async function ok<T>(what: string, call: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await call;
  if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * A consigned rug bought now and paid in full by bank transfer, all through the API: the consignor (IBAN, identity
 * checked), the one-lot sale, the receipt naming the rug, the buyer's order, the checkout and the transfer recorded.
 */
async function paidConsignedLot(stamp: string) {
  const admin = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
  const consignor = await ok(
    'POST /admin/consignors',
    apiCall<{ data: { id: string; name: string } }>(e2e.baseUrl, '/admin/consignors', {
      token: admin.token,
      body: {
        kind: 'person',
        name: `${stamp} Consignor`,
        payout: { method: 'iban', holder: `${stamp} Consignor`, iban: CONSIGNOR_IBAN },
      },
    }),
  );
  await ok(
    'identity check',
    apiCall(e2e.baseUrl, `/admin/consignors/${consignor.data.id}/identity-check`, {
      token: admin.token,
      body: { document: 'Passport, FR' },
    }),
  );
  const lot = await quickLot(e2e.baseUrl, 1, 3_600, {
    buyNowPrice: 400_000,
    estimateLow: 300_000,
    estimateHigh: 500_000,
  });
  await ok(
    'POST /admin/consignments',
    apiCall(e2e.baseUrl, '/admin/consignments', {
      token: admin.token,
      body: {
        consignorId: consignor.data.id,
        items: [{ rugId: lot.rug.id, estimateLow: 300_000, estimateHigh: 500_000 }],
      },
    }),
  );
  const buyer = await createVerifiedUser(e2e.baseUrl);
  const [addressId] = await Promise.all([addAddress(e2e.baseUrl, buyer), waitOpen(e2e.baseUrl, lot.rug.id)]);
  const bought = await ok(
    'buy now',
    apiCall<{ data: { order: { id: string } } }>(e2e.baseUrl, `/rug/buy-now/${lot.rug.id}`, {
      method: 'POST',
      token: buyer.token,
    }),
  );
  const request = { orderIds: [bought.data.order.id], shippingMethod: 'courier', addressId };
  const quote = await ok(
    'quote',
    apiCall<{ data: { total: number } }>(e2e.baseUrl, '/checkout/quote', {
      token: buyer.token,
      body: request,
    }),
  );
  const transfer = await ok(
    'bank transfer',
    apiCall<{ data: { reference: string } }>(e2e.baseUrl, '/payment/bank-transfer', {
      token: buyer.token,
      body: request,
    }),
  );
  const recorded = await ok(
    'record transfer',
    apiCall<{ data: { outcome: string } }>(e2e.baseUrl, '/admin/payments/bank-transfer', {
      token: admin.token,
      body: { reference: transfer.data.reference, amount: quote.data.total, currency: 'EUR' },
    }),
  );
  expect(recorded.data.outcome).toBe('paid');
  return { consignor: consignor.data, rugTitle: lot.rug.title };
}

async function shoot(page: Page, name: string, widths: number[] = [1366, 768, 390]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    expect(await scrollsSideways(page), `${name} scrolls sideways at ${width} px`).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Issue 27 §3-4: settling consigned lots and paying consignors in the back office. */
describe('settlements and payouts in the back office', () => {
  it('admin sets a holding period of 0 days and the paying account; accounts settle the due lot, create a batch, download its SEPA file and mark it paid once', async () => {
    const stamp = `Settle ${Date.now().toString(36)}`;

    // Settings: the holding period and the house's paying account, through the new section.
    const admin = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const { page: settings } = await e2e.newPage({ session: admin });
    await settings.setViewportSize({ width: 1366, height: 900 });
    await settings.goto('/admin/settings');
    const form = await visible(settings.getByRole('form', { name: 'Consignments and settlements' }), 15_000);
    await field(form, 'Working days after the buyer paid').fill('0');
    await field(form, 'Account name').fill('Knotwork Auctions');
    await field(form, 'IBAN').fill('DE89 3704 0044 0532 0130 00');
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(toast(settings, 'Settings saved'));
    const saved = await ok(
      'GET /admin/settings',
      apiCall<{ data: { settlements: { holdingDays: number; debtor: { iban: string } | null } } }>(
        e2e.baseUrl,
        '/admin/settings',
        { token: admin.token },
      ),
    );
    expect(saved.data.settlements.holdingDays).toBe(0);
    expect(saved.data.settlements.debtor?.iban).toBe('DE89370400440532013000');
    await shoot(settings, 'settings', [1366, 390]);

    const { consignor, rugTitle } = await paidConsignedLot(stamp);
    const accounts = await loginThroughApi(e2e.baseUrl, 'accounts@knotwork.local', 'Staff@12345');
    const { page } = await e2e.newPage({ session: accounts });
    await page.setViewportSize({ width: 1366, height: 900 });

    // Due: the lot with its consignor; select it and settle.
    await page.goto('/admin/settlements');
    await visible(page.getByRole('heading', { name: 'Settlements', level: 1 }), 15_000);
    const row = await visible(page.getByRole('row').filter({ hasText: rugTitle }), 15_000);
    await visible(row.getByRole('link', { name: consignor.name }));
    await shoot(page, 'settlements-due');
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Settle selected (1)' }).click();
    const confirm = await visible(dialog(page, 'Settle lots'));
    await confirm.getByRole('button', { name: 'Settle', exact: true }).click();
    await visible(toast(page, '1 lot settled'));
    await page.getByRole('tab', { name: 'Settled' }).click();
    await visible(page.getByRole('row').filter({ hasText: rugTitle }), 15_000);
    await shoot(page, 'settlements-settled', [1366, 390]);
    await page.getByRole('tab', { name: 'Held' }).click();
    await visible(page.getByRole('tab', { name: 'Held', selected: true }));
    await page.waitForLoadState('networkidle');
    await shoot(page, 'settlements-held', [1366]);
    const text = await page.evaluate(() => document.body.innerText);
    for (const code of ['buyer_not_paid', 'holding_period', 'sale_open', 'order_cancelled'])
      expect(text).not.toContain(code);

    // Running it again posts nothing twice.
    const again = await ok(
      'POST /admin/settlements/run',
      apiCall<{ data: { settled: number; entries: number } }>(e2e.baseUrl, '/admin/settlements/run', {
        token: accounts.token,
        body: {},
      }),
    );
    expect(again.data.settled).toBe(0);

    // Payouts: the consignor can be paid now; a batch for them.
    await page.getByRole('link', { name: 'Payouts' }).first().click();
    await visible(page.getByRole('heading', { name: 'Payouts', level: 1 }), 15_000);
    const payable = await visible(page.getByRole('row').filter({ hasText: consignor.name }), 15_000);
    await visible(payable.getByText('Can be paid now'));
    await shoot(page, 'payouts');
    await payable.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create payout batch' }).click();
    const create = await visible(dialog(page, 'Create payout batch'));
    await create.getByRole('button', { name: 'Create the batch' }).click();
    await visible(toast(page, 'Payout batch created'));
    await visible(page.getByRole('heading', { name: /^Payout batch PB-\d{4}-\d{4}$/, level: 1 }), 15_000);
    const batchPath = new URL(page.url()).pathname;
    const batchNumber = (await page.getByRole('heading', { level: 1 }).innerText()).replace(
      'Payout batch ',
      '',
    );
    await visible(page.getByTestId('batch-line').filter({ hasText: consignor.name }));
    expect(await page.getByTestId('batch-status').getAttribute('data-status')).toBe('created');

    // A second page that still shows the batch unpaid: its "Mark paid" will come too late.
    const stale = await e2e.newPage({ session: accounts, allow: [httpStatusNoise(409)] });
    await stale.page.goto(batchPath);
    await visible(stale.page.getByRole('button', { name: 'Mark paid' }), 15_000);

    // The SEPA file: a real download from the file route.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-sepa').click(),
    ]);
    const xml = fs.readFileSync(await download.path(), 'utf8');
    expect(xml.startsWith('<?xml')).toBe(true);
    expect(xml).toContain(CONSIGNOR_IBAN);
    expect(download.suggestedFilename()).toBe(`${batchNumber}.xml`);
    expect(await page.getByTestId('download-sepa').getAttribute('href')).toContain(`/file?format=sepa`);
    await expect
      .poll(() => page.getByTestId('batch-status').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('exported');
    await shoot(page, 'batch');

    await page.getByRole('button', { name: 'Mark paid' }).click();
    const paid = await visible(dialog(page, 'Mark paid'));
    await paid.getByRole('button', { name: 'Mark paid' }).click();
    await visible(toast(page, 'Payout batch marked paid'));
    await expect
      .poll(() => page.getByTestId('batch-status').getAttribute('data-status'), { timeout: 10_000 })
      .toBe('paid');
    expect(await page.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);

    // The second attempt is refused by the server, and says so.
    await stale.page.getByRole('button', { name: 'Mark paid' }).click();
    const late = await visible(dialog(stale.page, 'Mark paid'));
    await late.getByRole('button', { name: 'Mark paid' }).click();
    await visible(toast(stale.page, 'This payout batch is already paid'));

    // The batches, with their status in words.
    await page.goto('/admin/payout-batches');
    const listed = await visible(page.getByRole('row').filter({ hasText: batchNumber }), 15_000);
    await visible(listed.getByText('Paid', { exact: true }));
    await shoot(page, 'batches');

    // The reports: the consignor's sold lot counts in the unsold-rate table of the last twelve months.
    await page.goto('/admin/reports');
    await visible(page.getByRole('heading', { name: 'Consignment reports', level: 1 }), 15_000);
    const consignorRow = await visible(
      page.getByTestId('consignors-table-row').filter({ hasText: consignor.name }),
      15_000,
    );
    expect(await consignorRow.innerText()).toContain('0%');
    await visible(page.getByTestId('consignments-table-totals'));
    await shoot(page, 'reports');

    // French and Arabic (right to left): the batch page.
    for (const lang of ['fr', 'ar'] as const) {
      const { page: other } = await e2e.newPage({ session: accounts });
      // The language switcher keeps the language and, for Arabic, the direction in the stored settings.
      await other.addInitScript(
        ([l, key]) => {
          localStorage.setItem('i18nextLng', l);
          if (l === 'ar') localStorage.setItem(key, JSON.stringify({ direction: 'rtl' }));
        },
        [lang, STORAGE_KEYS.settings] as const,
      );
      await other.setViewportSize({ width: 1366, height: 900 });
      await other.goto(batchPath);
      await visible(other.getByTestId('batch-line').first(), 15_000);
      if (lang === 'ar')
        await expect.poll(() => other.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await other.getByTestId('batch-status').innerText()).toBe(lang === 'fr' ? 'Payé' : 'مدفوعة');
      await shoot(other, `batch-${lang}`, [1366, 390]);
      await other.goto('/admin/settlements?status=settled');
      await visible(other.getByRole('row').filter({ hasText: rugTitle }), 15_000);
      await shoot(other, `settlements-${lang}`, [390]);
    }
  }, 240_000);
});
