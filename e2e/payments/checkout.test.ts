import { describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { at, visible } from '../helpers/ui.ts';
import { quickLot, session, STAFF, waitOpen } from '../auction/lots.ts';
import {
  addAddress,
  buyNowOrder,
  centsOf,
  downloadOf,
  scrollsSideways,
  staffRecordsTransfer,
} from './orders.ts';

const e2e = useE2E();
/** The quote and lists answer over the network: give them time on a busy machine (the default is 1 s). */
const POLL = { timeout: 10_000 };
/** Set to a folder to keep screenshots of the checkout (desktop and 390 px) for a look. */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

interface Quote {
  total: number;
  shippingAmount: number;
}
const asBuyer = (buyer: Parameters<typeof session>[0]) => ({ session: session(buyer) });

const quoteOf = async (token: string, body: unknown) =>
  (await apiCall<{ data: Quote }>(e2e.baseUrl, '/checkout/quote', { token, body })).body.data;

describe('checkout and payment in the browser', () => {
  it('pays a bought rug by bank transfer; staff record it; the buyer sees it paid and downloads the invoice PDF', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    const [{ orderId, rugTitle }, addressId] = await Promise.all([
      buyNowOrder(e2e.baseUrl, buyer),
      addAddress(e2e.baseUrl, buyer),
    ]);
    const request = { orderIds: [orderId], shippingMethod: 'courier', addressId };
    const quote = await quoteOf(buyer.token, request);
    const { page } = await e2e.newPage(asBuyer(buyer));

    // My Items > Purchases: the unpaid order says when it is due and offers "Pay now".
    await page.goto('/my-items?tab=purchases');
    const row = await visible(page.getByTestId('purchase').filter({ hasText: rugTitle }));
    await visible(row.getByText(/^Pay by /));
    await row.getByTestId('pay-now').click();
    await at(page, `/checkout?orders=${orderId}`);

    // The rug with its price, the saved address chosen, and the server's total.
    await visible(page.getByTestId('checkout-line').filter({ hasText: rugTitle }));
    const address = await visible(page.getByRole('radio', { name: /Ada Weaver/ }));
    expect(await address.isChecked()).toBe(true);
    await expect
      .poll(async () => centsOf(await page.getByTestId('quote-total').textContent()), POLL)
      .toBe(quote.total);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/checkout-desktop.png`, fullPage: true });

    // Collecting in person costs nothing: the total drops by the shipping charge; back to the courier.
    await page.getByRole('radio', { name: /Collect in person/ }).check();
    await expect
      .poll(async () => centsOf(await page.getByTestId('quote-total').textContent()), POLL)
      .toBe(quote.total - quote.shippingAmount);
    await page.getByRole('radio', { name: /Insured courier/ }).check();
    await expect
      .poll(async () => centsOf(await page.getByTestId('quote-total').textContent()), POLL)
      .toBe(quote.total);

    await page.getByTestId('pay-bank-transfer').click();
    const reference = (await (await visible(page.getByTestId('bank-reference'))).textContent())!.trim();
    expect(reference).toMatch(/^KW-[0-9A-Z]{6}$/);
    expect(centsOf(await page.getByTestId('bank-amount').textContent())).toBe(quote.total);
    // The same request again answers the same checkout (nothing doubled): that is how the test learns its id.
    const again = await apiCall<{ data: { reference: string; checkout: { id: string } } }>(
      e2e.baseUrl,
      '/payment/bank-transfer',
      { token: buyer.token, body: request },
    );
    expect(again.body.data.reference).toBe(reference);
    const checkoutId = again.body.data.checkout.id;

    // The order page shows the open transfer with its reference until the money arrives.
    await page.goto(`/my-items/orders/${orderId}`);
    await visible(page.getByTestId('order-reference').getByText(reference));
    expect(await page.getByTestId('order-status').getAttribute('data-status')).toBe('awaiting_payment');

    // The success page waits calmly, then shows the payment once staff have recorded it.
    await page.goto(`/payment/success?checkout=${checkoutId}`);
    await visible(page.getByTestId('payment-confirming'));
    const recorded = await staffRecordsTransfer(e2e.baseUrl, reference, quote.total);
    expect(recorded.body.data.outcome).toBe('paid');
    await visible(page.getByTestId('payment-confirmed'), 10_000);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/success-desktop.png`, fullPage: true });
    const fromSuccess = await downloadOf(page, () => page.getByTestId('download-invoice').click());
    expect(fromSuccess.head).toBe('%PDF-');

    await page.goto(`/my-items/orders/${orderId}`);
    await expect.poll(() => page.getByTestId('order-status').getAttribute('data-status'), POLL).toBe('paid');
    await visible(page.getByTestId('order-timeline').getByText('Paid', { exact: true }));
    expect(centsOf(await page.getByTestId('order-total').textContent())).toBe(quote.total);
    const invoice = await downloadOf(page, () => page.getByTestId('order-invoice').click());
    expect(invoice.head).toBe('%PDF-');
    expect(invoice.name).toBe(`${recorded.body.data.invoiceNumber}.pdf`);

    // Staff download it from the order's page with their session (a plain link would have none), in French.
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const { page: desk } = await e2e.newPage({ session: session(staff) });
    await desk.addInitScript(() => localStorage.setItem('i18nextLng', 'fr'));
    await desk.goto(`/admin/orders/${orderId}`);
    const staffInvoice = await downloadOf(desk, () => desk.getByTestId('staff-invoice-pdf').click());
    expect(staffInvoice.head).toBe('%PDF-');
    expect(staffInvoice.name).toBe(`${recorded.body.data.invoiceNumber}.pdf`);
  });

  it('pays two unpaid orders in one checkout with one shipping charge', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    const [a, b, addressId] = await Promise.all([
      buyNowOrder(e2e.baseUrl, buyer, 40_000),
      buyNowOrder(e2e.baseUrl, buyer, 60_000),
      addAddress(e2e.baseUrl, buyer),
    ]);
    const single = await quoteOf(buyer.token, {
      orderIds: [a.orderId],
      shippingMethod: 'courier',
      addressId,
    });
    const both = await quoteOf(buyer.token, {
      orderIds: [a.orderId, b.orderId],
      shippingMethod: 'courier',
      addressId,
    });
    expect(single.shippingAmount).toBeGreaterThan(0);

    const { page } = await e2e.newPage(asBuyer(buyer));
    await page.goto('/my-items?tab=purchases');
    await (await visible(page.getByTestId('pay-all-button'))).click();
    await page.waitForURL((u) => u.pathname === '/checkout');
    const ids = new URL(page.url()).searchParams.get('orders')!.split(',');
    expect(ids.sort()).toEqual([a.orderId, b.orderId].sort());
    await expect.poll(() => page.getByTestId('checkout-line').count(), POLL).toBe(2);
    // One charge for both rugs, the same as for one of them alone.
    await expect
      .poll(async () => centsOf(await page.getByTestId('quote-shipping').textContent()), POLL)
      .toBe(single.shippingAmount);
    await expect
      .poll(async () => centsOf(await page.getByTestId('quote-total').textContent()), POLL)
      .toBe(both.total);

    await page.getByTestId('pay-bank-transfer').click();
    const reference = (await (await visible(page.getByTestId('bank-reference'))).textContent())!.trim();
    expect(centsOf(await page.getByTestId('bank-amount').textContent())).toBe(both.total);
    const recorded = await staffRecordsTransfer(e2e.baseUrl, reference, both.total);
    expect(recorded.body.data.outcome).toBe('paid');
    for (const id of [a.orderId, b.orderId]) {
      const order = await apiCall<{ data: { status: string; shippingAmount: number } }>(
        e2e.baseUrl,
        `/order/${id}`,
        { token: buyer.token },
      );
      expect(order.body.data.status).toBe('paid');
    }
    await page.goto('/my-items?tab=purchases');
    await expect
      .poll(() => page.locator('[data-testid="purchase"][data-state="paid"]').count(), POLL)
      .toBe(2);
    expect(await page.getByTestId('pay-all').count()).toBe(0);
  });

  it('buying now leads to the checkout from the receipt and from the notice of the purchase', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    const lot = await quickLot(e2e.baseUrl, 1, 3_600, { buyNowPrice: 45_000 });
    await waitOpen(e2e.baseUrl, lot.rug.id);
    const { page } = await e2e.newPage(asBuyer(buyer));
    await page.goto(`/buy-it-now/${lot.rug.id}`);
    await (await visible(page.getByTestId('confirm-purchase'))).click();
    const orderId = (await (await visible(page.getByTestId('order-id'))).textContent())!.trim();
    await page.getByTestId('receipt-pay-now').click();
    await at(page, `/checkout?orders=${orderId}`);
    await visible(page.getByTestId('checkout-line').filter({ hasText: lot.rug.title }));

    await page.goto('/notification');
    await (
      await visible(page.getByTestId('notification').filter({ hasText: lot.rug.title }).first())
    ).click();
    await at(page, `/checkout?orders=${orderId}`);
    // No address saved yet: the page asks for one (or collection) before it can total.
    await visible(page.getByText('Choose a shipping address to see the total.'));
    await page.getByRole('radio', { name: /Collect in person/ }).check();
    await expect
      .poll(async () => centsOf(await page.getByTestId('quote-total').textContent()), POLL)
      .toBe(45_000);
  });

  it('at 390 px the checkout, the order page and the success page do not scroll sideways', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    const [{ orderId }] = await Promise.all([
      buyNowOrder(e2e.baseUrl, buyer),
      addAddress(e2e.baseUrl, buyer),
    ]);
    const { page } = await e2e.newPage(asBuyer(buyer));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/checkout?orders=${orderId}`);
    await visible(page.getByTestId('quote-total'));
    await visible(page.getByTestId('pay-bank-transfer'));
    expect(await scrollsSideways(page)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/checkout-390.png`, fullPage: true });
    await page.getByTestId('pay-bank-transfer').click();
    await visible(page.getByTestId('bank-reference'));
    expect(await scrollsSideways(page)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/checkout-390-bank.png`, fullPage: true });
    await page.goto(`/my-items/orders/${orderId}`);
    await visible(page.getByTestId('order-timeline'));
    expect(await scrollsSideways(page)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-390.png`, fullPage: true });
    await page.goto(`/my-items?tab=purchases`);
    await visible(page.getByTestId('purchase'));
    expect(await scrollsSideways(page)).toBe(false);
  });
});
