import { describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { mailIds, waitForMail } from '../helpers/mailbox.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog, field, toast, visible } from '../helpers/ui.ts';
import { session } from '../auction/lots.ts';
import { buyNowOrder, scrollsSideways, staffRecordsTransfer } from './orders.ts';

const e2e = useE2E();
const POLL = { timeout: 15_000 };
/** Set to a folder to keep screenshots of the staff order page and the buyer's purchases. */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

describe('shipment of two rugs (issue 24 §2, decision 073)', () => {
  it('two rugs paid together ship as one: staff see the address as the UK writes it, mark it shipped once; the buyer sees the tracking link', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    const a = await buyNowOrder(e2e.baseUrl, buyer);
    const b = await buyNowOrder(e2e.baseUrl, buyer);
    // A UK address: no state asked or kept.
    const address = await apiCall<{ data: { id: string; state: string | null } }>(
      e2e.baseUrl,
      '/address/add',
      {
        token: buyer.token,
        body: {
          name: 'Harriet Vane',
          phone: '+44 20 7946 0958',
          line1: '24 Doughty Street',
          city: 'London',
          postalCode: 'WC1N 2PL',
          country: 'GB',
        },
      },
    );
    expect(address.status, JSON.stringify(address.body)).toBe(201);
    expect(address.body.data.state).toBeNull();

    // The buyer pays both together by bank transfer in the browser: one checkout, one shipping charge.
    const { page: shop } = await e2e.newPage({ session: session(buyer) });
    await shop.goto(`/checkout?orders=${a.orderId},${b.orderId}`);
    await shop.getByTestId('pay-bank-transfer').click();
    const reference = (await (await visible(shop.getByTestId('bank-reference'))).textContent())!.trim();
    const amount = Math.round(
      Number((await shop.getByTestId('bank-amount').textContent())!.replace(/[^0-9.]/g, '')) * 100,
    );
    const recorded = await staffRecordsTransfer(e2e.baseUrl, reference, amount);
    expect(recorded.body.data.invoiceNumber).toMatch(/^INV-/);

    // Accounts staff open one of the orders: the ship-to address, the buyer's phone and e-mail, both rugs.
    const accounts = await loginThroughApi(e2e.baseUrl, 'accounts@knotwork.local', 'Staff@12345');
    const { page: desk } = await e2e.newPage({ session: accounts });
    await desk.goto(`/admin/orders/${a.orderId}`);
    const panel = await visible(desk.getByTestId('shipment-panel'));
    const shipTo = await visible(panel.getByTestId('ship-to-address'));
    expect((await shipTo.innerText()).split('\n').map((l) => l.trim())).toEqual([
      'Harriet Vane',
      '24 Doughty Street',
      'LONDON',
      'WC1N 2PL',
      'UNITED KINGDOM',
    ]);
    await visible(panel.getByTestId('shipment-phone').getByText('+442079460958'));
    await visible(panel.getByTestId('shipment-email').getByText(buyer.email));
    const listed = panel.getByTestId('shipment-orders');
    await visible(listed.getByText(b.rugTitle, { exact: false }));
    await visible(listed.getByText(a.rugTitle, { exact: false }));
    expect(await panel.getByTestId('shipment-status').textContent()).toBe('To ship');
    if (SHOTS) await desk.screenshot({ path: `${SHOTS}/shipment-staff-to-ship-1366.png`, fullPage: true });

    // Marked shipped once, with DHL and a tracking number: both orders, one mail listing both rugs.
    const before = await mailIds(e2e.baseUrl, buyer.email);
    await panel.getByRole('button', { name: 'Mark shipped' }).click();
    const ship = await visible(dialog(desk, 'Mark the shipment shipped'));
    await visible(ship.getByText('All 2 rugs leave together', { exact: false }));
    await field(ship, 'Tracking number').fill('1234 5678 90');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await visible(toast(desk, 'Shipment marked shipped; the buyer has been told'));
    await expect.poll(() => panel.getByTestId('shipment-status').textContent(), POLL).toBe('Shipped');
    const staffLink = await visible(panel.getByTestId('shipment-tracking-link'));
    expect(await staffLink.getAttribute('href')).toBe(
      'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234%205678%2090',
    );
    await visible(panel.getByRole('button', { name: 'Mark delivered' }));
    const mail = await waitForMail(e2e.baseUrl, buyer.email, before);
    expect(mail.subject).toBe('On their way: your 2 rugs');
    expect(mail.text).toContain(a.rugTitle);
    expect(mail.text).toContain(b.rugTitle);
    expect(mail.text).toContain('tracking-id=1234%205678%2090');
    if (SHOTS) {
      await desk.screenshot({ path: `${SHOTS}/shipment-staff-shipped-1366.png`, fullPage: true });
      await desk.setViewportSize({ width: 390, height: 844 });
      expect(await scrollsSideways(desk)).toBe(false);
      await desk.screenshot({ path: `${SHOTS}/shipment-staff-shipped-390.png`, fullPage: true });
      await desk.goto(`/admin/orders/${b.orderId}?lng=ar`);
      await visible(desk.getByTestId('shipment-panel'));
      await desk.screenshot({ path: `${SHOTS}/shipment-staff-shipped-390-ar.png`, fullPage: true });
    }
    // Only one mail, whatever happens next.
    await new Promise((r) => setTimeout(r, 500));
    const after = (await mailIds(e2e.baseUrl, buyer.email)).size;
    expect(after).toBe(before.size + 1);

    // The buyer's purchases: what each order cost with its share of the shipping, and the tracking link.
    await shop.goto('/my-items?tab=purchases');
    const rows = shop.getByTestId('purchase');
    await expect.poll(() => rows.count(), POLL).toBe(2);
    for (const row of await rows.all()) {
      expect(await row.getByTestId('purchase-status').textContent()).toBe('Shipped');
      expect(await row.getByTestId('purchase-breakdown').textContent()).toMatch(/shipping share \$[\d,.]+/);
      const link = row.getByTestId('purchase-tracking-link');
      expect(await link.textContent()).toBe('1234 5678 90');
      expect(await link.getAttribute('href')).toContain('dhl.com');
    }
    await expect
      .poll(async () => (await shop.locator('body').innerText()).includes('bank_transfer'))
      .toBe(false);
    if (SHOTS) {
      await shop.screenshot({ path: `${SHOTS}/shipment-purchases-1366.png`, fullPage: true });
      await shop.setViewportSize({ width: 390, height: 844 });
      expect(await scrollsSideways(shop)).toBe(false);
      await shop.screenshot({ path: `${SHOTS}/shipment-purchases-390.png`, fullPage: true });
      await shop.goto('/my-items?tab=purchases&lng=ar');
      await visible(shop.getByTestId('purchase-tracking-link'));
      await shop.screenshot({ path: `${SHOTS}/shipment-purchases-390-ar.png`, fullPage: true });
      await shop.goto(`/my-items/orders/${a.orderId}?lng=fr`);
      await visible(shop.getByTestId('order-tracking-link'));
      await shop.screenshot({ path: `${SHOTS}/shipment-order-390-fr.png`, fullPage: true });
    }
  }, 240_000); // two one-lot sales opened for buy now, two browsers on a busy two-core machine
});
