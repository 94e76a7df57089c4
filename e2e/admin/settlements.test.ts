import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog, field, toast, visible } from '../helpers/ui.ts';
import { quickLot, session, STAFF, waitOpen } from '../auction/lots.ts';
import { addAddress, centsOf, scrollsSideways } from '../payments/orders.ts';

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
  await buyAndPay(lot.rug.id, admin);
  return { consignor: consignor.data, rugTitle: lot.rug.title };
}

/** A buyer buys `rugId` now and pays in full by a bank transfer that accounts record. */
async function buyAndPay(rugId: string, admin: { token: string }) {
  const buyer = await createVerifiedUser(e2e.baseUrl);
  const [addressId] = await Promise.all([addAddress(e2e.baseUrl, buyer), waitOpen(e2e.baseUrl, rugId)]);
  const bought = await ok(
    'buy now',
    apiCall<{ data: { order: { id: string } } }>(e2e.baseUrl, `/rug/buy-now/${rugId}`, {
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
}

/** Gives a test lot's rug a title of its own, so that the intake's catalogue search finds only it. */
async function retitle(rugId: string, title: string, admin: { token: string }) {
  const rug = await ok(
    'GET /admin/rugs/:id',
    apiCall<{ data: { version: number } }>(e2e.baseUrl, `/admin/rugs/${rugId}`, { token: admin.token }),
  );
  await ok(
    'PATCH /admin/rugs/:id',
    apiCall(e2e.baseUrl, `/admin/rugs/${rugId}`, {
      method: 'PATCH',
      token: admin.token,
      body: { title, version: rug.data.version },
    }),
  );
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
  it('the whole cycle: a specialist takes in three rugs, two sell and are paid, one does not; accounts settle and pay the batch; the consignor reads the statement in French', async () => {
    const stamp = `Cycle ${Date.now().toString(36)}`;
    const admin = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    // Due at once once paid, and a paying account for the batch (the first test sets them through the screen).
    await ok(
      'PUT /admin/settings/settlements',
      apiCall(e2e.baseUrl, '/admin/settings/settlements', {
        method: 'PUT',
        token: admin.token,
        body: {
          ...(
            await ok(
              'GET /admin/settings',
              apiCall<{ data: { settlements: Record<string, unknown> } }>(e2e.baseUrl, '/admin/settings', {
                token: admin.token,
              }),
            )
          ).data.settlements,
          holdingDays: 0,
          debtor: { name: 'Knotwork Auctions', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
        },
      }),
    );
    // The consignor, linked to a collector's account, who reads French.
    const collector = await createVerifiedUser(e2e.baseUrl);
    const consignor = await ok(
      'POST /admin/consignors',
      apiCall<{ data: { id: string; name: string } }>(e2e.baseUrl, '/admin/consignors', {
        token: admin.token,
        body: {
          kind: 'person',
          name: `${stamp} Déposante`,
          language: 'fr',
          userEmail: collector.email,
          payout: { method: 'iban', holder: `${stamp} Déposante`, iban: CONSIGNOR_IBAN },
        },
      }),
    );
    await ok(
      'identity check',
      apiCall(e2e.baseUrl, `/admin/consignors/${consignor.data.id}/identity-check`, {
        token: admin.token,
        body: { document: 'Carte d’identité, FR' },
      }),
    );
    // Three rugs on offer: two with a buy-now price, one that closes in a minute without a bid.
    const estimates = { estimateLow: 300_000, estimateHigh: 500_000 };
    const [sold1, sold2, unsold] = await Promise.all([
      quickLot(e2e.baseUrl, 1, 3_600, { buyNowPrice: 400_000, ...estimates }),
      quickLot(e2e.baseUrl, 1, 3_600, { buyNowPrice: 350_000, ...estimates }),
      quickLot(e2e.baseUrl, 1, 60, estimates),
    ]);
    const titles = [`${stamp} Heriz`, `${stamp} Kazak`, `${stamp} Tabriz`];
    await Promise.all([sold1, sold2, unsold].map((l, i) => retitle(l.rug.id, titles[i]!, admin)));

    // The specialist takes the three in through the intake screen.
    const specialist = await loginThroughApi(e2e.baseUrl, 'specialist@knotwork.local', 'Staff@12345');
    const { page: desk } = await e2e.newPage({ session: specialist });
    await desk.goto(`/admin/consignments/new?consignor=${consignor.data.id}`);
    for (const title of titles) {
      await field(desk, 'Find a rug in the catalogue').fill(title);
      await desk.getByRole('option', { name: new RegExp(`^${title}`) }).click();
      const item = await visible(desk.getByRole('listitem', { name: title }));
      await field(item, 'Low estimate').fill('3000');
      await field(item, 'High estimate').fill('5000');
    }
    await field(desk.getByRole('listitem', { name: titles[2]! }), 'Reserve').fill('2000');
    await desk.getByRole('button', { name: 'Record the consignment (3 rugs)' }).click();
    await visible(toast(desk, 'Consignment recorded'));
    await visible(desk.getByRole('heading', { name: /^Consignment C-\d{4}-\d{4}$/, level: 1 }), 15_000);
    const receipt = (await desk.getByRole('heading', { level: 1 }).innerText()).replace('Consignment ', '');
    // Staff see whose rug it is on the rug's own page.
    await desk.goto(`/admin/rugs/${sold1.rug.id}`);
    const owner = await visible(desk.getByTestId('rug-consignment'), 15_000);
    expect(await owner.innerText()).toBe(`Consigned by ${consignor.data.name} · receipt ${receipt}`);

    // Two buyers pay in full; the third lot closes without a bid (unsold).
    await Promise.all([buyAndPay(sold1.rug.id, admin), buyAndPay(sold2.rug.id, admin)]);
    await expect
      .poll(
        async () =>
          (await apiCall<{ data: { lot: { status: string } | null } }>(e2e.baseUrl, `/rug/${unsold.rug.id}`))
            .body.data.lot?.status,
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe('closed');

    // Accounts settle everything due, then pay the consignor in a batch.
    const accounts = await loginThroughApi(e2e.baseUrl, 'accounts@knotwork.local', 'Staff@12345');
    const { page } = await e2e.newPage({ session: accounts });
    await page.goto('/admin/settlements');
    for (const title of titles) await visible(page.getByRole('row').filter({ hasText: title }), 15_000);
    await page.getByRole('button', { name: /^Settle all due/ }).click();
    const confirm = await visible(dialog(page, 'Settle lots'));
    await confirm.getByRole('button', { name: 'Settle', exact: true }).click();
    await visible(page.getByRole('status').filter({ hasText: /lots? settled/ }));
    await page.getByRole('tab', { name: 'Settled' }).click();
    for (const title of titles) await visible(page.getByRole('row').filter({ hasText: title }), 15_000);
    await page.goto('/admin/payouts');
    const payable = await visible(page.getByRole('row').filter({ hasText: consignor.data.name }), 15_000);
    await payable.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create payout batch' }).click();
    await (
      await visible(dialog(page, 'Create payout batch'))
    )
      .getByRole('button', { name: 'Create the batch' })
      .click();
    await visible(page.getByRole('heading', { name: /^Payout batch PB-\d{4}-\d{4}$/, level: 1 }), 15_000);
    const line = await visible(page.getByTestId('batch-line').filter({ hasText: consignor.data.name }));
    // The line's amount (its text also holds the masked IBAN and the payment's reference).
    const paidOut = centsOf((await line.innerText()).match(/€\s?[\d,]+(?:\.\d{2})?/g)!.at(-1)!);
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await (await visible(dialog(page, 'Mark paid'))).getByRole('button', { name: 'Mark paid' }).click();
    await visible(toast(page, 'Payout batch marked paid'));

    // The books: two hammers of 4,000 and 3,500 less the house's 15 %, less the unsold lot's charges, paid out.
    const statement = await ok(
      'GET /admin/consignors/:id/statement',
      apiCall<{ data: { closingCents: number; lines: { kind: string; amountCents: number }[] } }>(
        e2e.baseUrl,
        `/admin/consignors/${consignor.data.id}/statement`,
        { token: accounts.token },
      ),
    );
    // The journal's sign: what the house owes the consignor is negative.
    const { lines: booked, closingCents } = statement.data;
    const credits = booked.filter((l) => l.kind === 'hammer_credit').map((l) => -l.amountCents);
    expect(credits.sort((a, b) => a - b)).toEqual([350_000, 400_000]);
    const owed = -booked.filter((l) => !l.kind.startsWith('payout')).reduce((t, l) => t + l.amountCents, 0);
    // Commission on both hammers and the unsold lot's charges came off; what was left is what the batch paid.
    expect(owed).toBeLessThan(750_000);
    expect(paidOut).toBe(owed);
    expect(closingCents).toBe(0);

    // The consignor, in French: each rug's outcome and the statement with the payout.
    const { page: portal } = await e2e.newPage({ session: session(collector) });
    await portal.addInitScript(() => localStorage.setItem('i18nextLng', 'fr'));
    await portal.goto('/consignor');
    await visible(portal.getByRole('heading', { name: 'Relevé de compte' }), 15_000);
    const lines = portal.getByTestId('statement-line');
    await visible(lines.filter({ hasText: 'Prix d’adjudication' }));
    await visible(lines.filter({ hasText: 'Commission' }));
    await visible(lines.filter({ hasText: 'Virement sur votre compte' }));
    const text = await portal.evaluate(() => document.body.innerText);
    for (const code of ['hammer_credit', 'buy_in_fee', 'payout_confirmed']) expect(text).not.toContain(code);
    await shoot(portal, 'portal-statement-fr', [390, 1366]);
  }, 300_000);
});
