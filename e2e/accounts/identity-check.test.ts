import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { at, visible } from '../helpers/ui.ts';
import { STAFF, quickLot, session, waitOpen } from '../auction/lots.ts';
import { scrollsSideways, staffRecordsTransfer } from '../payments/orders.ts';

const e2e = useE2E();
/** Set to a folder to keep screenshots (390 px, Arabic; the admin's queue) for a look. */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
/** A 48x32 PNG: a "photo" of a document for the upload (the server re-encodes it). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVR4nO2WAQkAQAwC18QGBrz0H2PPOFgAET03NF/drCtAQdGhmiFsWdbxg2CMDtUMYcuyDiF80KJDNUPYssihCMY6HRwe1wdOZ6o9qxyX6AAAAABJRU5ErkJggg==',
  'base64',
);

async function shot(page: Page, name: string) {
  expect(await scrollsSideways(page), `${name} scrolls sideways`).toBe(false);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Issue 28 §3 (decision 093): above the identity threshold, checkout waits for a document an admin approves. */
describe('identity check above the threshold', () => {
  it('a buyer over the threshold is told on the lot page, uploads a document (390 px, Arabic), the admin approves it, the buyer pays', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    // A rug whose low estimate alone reaches 10,000 (in EUR at the demo rate, or in the house currency without one).
    const lot = await quickLot(e2e.baseUrl, 1, 3_600, {
      estimateLow: 1_100_000,
      estimateHigh: 1_500_000,
      buyNowPrice: 1_200_000,
    });
    await waitOpen(e2e.baseUrl, lot.rug.id);

    const { page } = await e2e.newPage({ session: session(buyer) });
    await page.addInitScript(
      ([key]) => {
        localStorage.setItem('i18nextLng', 'ar');
        localStorage.setItem(key, JSON.stringify({ direction: 'rtl' }));
      },
      [STORAGE_KEYS.settings] as const,
    );
    await page.setViewportSize({ width: 390, height: 844 });

    // The lot page says in advance that an identity check will be asked before payment.
    await page.goto(`/rugs-details-live/${lot.rug.id}`);
    const notice = await visible(page.getByTestId('lot-identity-notice'), 15_000);
    expect(await notice.innerText()).toContain('التحقق من الهوية');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shot(page, 'identity-lot-ar-390');
    if (SHOTS) await notice.screenshot({ path: `${SHOTS}/identity-lot-notice-ar-390.png` });

    const bought = await apiCall<{ data: { order: { id: string } } }>(
      e2e.baseUrl,
      `/rug/buy-now/${lot.rug.id}`,
      { method: 'POST', token: buyer.token },
    );
    expect(bought.status).toBe(201);
    const orderId = bought.body.data.order.id;

    // Checkout shows the identity state instead of the ways to pay, with the way to the check.
    await page.goto(`/checkout?orders=${orderId}`);
    const gate = await visible(page.getByTestId('identity-required'), 15_000);
    expect(await page.getByTestId('pay-bank-transfer').count()).toBe(0);
    await shot(page, 'identity-checkout-ar-390');
    await gate.getByRole('link').click();
    await at(page, '/profile/identity');

    // The identity page: why, where the buyer stands, the upload.
    await visible(page.getByTestId('identity-standing'));
    await page.getByRole('radio').first().check();
    await page
      .getByTestId('identity-file')
      .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
    await shot(page, 'identity-page-ar-390');
    await page.getByTestId('identity-submit').click();
    await expect
      .poll(async () => page.getByTestId('identity-standing').innerText(), { timeout: 15_000 })
      .toContain('قيد المراجعة');
    await shot(page, 'identity-pending-ar-390');

    // The admin reviews it: the queue, the document, the approval.
    const admin = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const { page: office } = await e2e.newPage({ session: session(admin) });
    await office.setViewportSize({ width: 1366, height: 900 });
    await office.goto('/admin/identity-checks');
    await visible(office.getByRole('heading', { name: 'Identity checks', level: 1 }), 15_000);
    const card = await visible(office.getByTestId('identity-check').filter({ hasText: buyer.email }), 15_000);
    await card.getByRole('button', { name: 'View the document' }).click();
    await visible(office.getByTestId('identity-document-image'), 15_000);
    await shot(office, 'identity-admin-document');
    await office.getByRole('button', { name: 'Close' }).click();
    await card.getByRole('button', { name: 'Approve' }).click();
    await visible(office.getByText('Identity check approved: the buyer has been told'), 15_000);
    await office.setViewportSize({ width: 390, height: 844 });
    await office.getByRole('tab', { name: 'Approved' }).click();
    await visible(office.getByTestId('identity-check').filter({ hasText: buyer.email }), 15_000);
    await shot(office, 'identity-admin-approved-390');
    // The bidder's page says where they stand; Settings hold the threshold.
    await office.goto(`/admin/bidders/${buyer.user.id}`);
    expect(await (await visible(office.getByTestId('bidder-identity-standing'), 15_000)).innerText()).toBe(
      'Identity checked: checkout is open.',
    );
    await office.goto('/admin/settings');
    const form = await visible(office.getByRole('form', { name: 'Identity check' }), 15_000);
    await form.scrollIntoViewIfNeeded();
    await shot(office, 'identity-admin-settings-390');
    if (SHOTS) await form.screenshot({ path: `${SHOTS}/identity-admin-settings-form-390.png` });

    // The buyer pays: the ways to pay are back; collection in person, a bank transfer reserved, then recorded.
    await page.goto(`/checkout?orders=${orderId}`);
    await page.locator('input[type="radio"][value="collect"]').check();
    const pay = await visible(page.getByTestId('pay-bank-transfer'), 15_000);
    expect(await page.getByTestId('identity-required').count()).toBe(0);
    await pay.click();
    const reference = (await (
      await visible(page.getByTestId('bank-reference'), 15_000)
    ).textContent())!.trim();
    expect(reference).toMatch(/^KW-[0-9A-Z]{6}$/);
    await shot(page, 'identity-paying-ar-390');
    // The same request again answers the same checkout: that is how the test learns its amount.
    const again = await apiCall<{ data: { reference: string; checkout: { quote: { total: number } } } }>(
      e2e.baseUrl,
      '/payment/bank-transfer',
      { token: buyer.token, body: { orderIds: [orderId], shippingMethod: 'collect' } },
    );
    expect(again.body.data.reference).toBe(reference);
    const recorded = await staffRecordsTransfer(e2e.baseUrl, reference, again.body.data.checkout.quote.total);
    expect(recorded.status).toBeLessThan(300);
    const order = await apiCall<{ data: { status: string } }>(e2e.baseUrl, `/order/${orderId}`, {
      token: buyer.token,
    });
    expect(order.body.data.status).toBe('paid');
  }, 240_000);
});
