import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser, type SignedInUser } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { at, visible } from '../helpers/ui.ts';
import { session } from '../auction/lots.ts';
import { startStripeFake } from '../../apps/server/test/fakes/stripe-fake.ts';
import { startPaypalFake } from '../../apps/server/test/fakes/paypal-fake.ts';
import { addAddress, buyNowOrder, centsOf, downloadOf, wonOrder } from './orders.ts';
import {
  DECLINED_CARD,
  GOOD_CARD,
  deliverPaymentSucceeded,
  installProviderStandIns,
} from './provider-stand-ins.ts';

// This file's server talks to local fakes of Stripe and PayPal (as the server tests do); the browser gets
// stand-ins for Stripe.js and PayPal's SDK. Nothing leaves 127.0.0.1.
const stripe = await startStripeFake();
const paypal = await startPaypalFake();
const e2e = useE2E({ ...stripe.env, ...paypal.env });
afterAll(async () => {
  await Promise.all([stripe.close(), paypal.close()]);
});

const POLL = { timeout: 10_000 };
/** The amount in "$595 paid on 24 Nov 2026, 20:15" (the date's digits are not money). */
const paidCents = (text: string | null) => centsOf(/\$[\d,]+(\.\d{2})?/.exec(text ?? '')?.[0] ?? '');

async function buyerPage(buyer: SignedInUser) {
  const opened = await e2e.newPage({ session: session(buyer) });
  const log = await installProviderStandIns(opened.context, stripe, paypal);
  return { ...opened, log };
}

const orderStatus = async (buyer: SignedInUser, orderId: string) =>
  (await apiCall<{ data: { status: string } }>(e2e.baseUrl, `/order/${orderId}`, { token: buyer.token })).body
    .data.status;

/** The checkout of a rug bought now (or won at auction) with the saved address, its total drawn. */
async function openCheckout(buyer: SignedInUser, how: 'bought' | 'won' = 'bought') {
  const order = how === 'won' ? wonOrder(e2e.baseUrl, buyer) : buyNowOrder(e2e.baseUrl, buyer);
  const [{ orderId, rugTitle }] = await Promise.all([order, addAddress(e2e.baseUrl, buyer)]);
  const opened = await buyerPage(buyer);
  await opened.page.goto(`/checkout?orders=${orderId}`);
  await visible(opened.page.getByTestId('checkout-line').filter({ hasText: rugTitle }));
  await expect
    .poll(async () => centsOf(await opened.page.getByTestId('quote-total').textContent()), POLL)
    .toBeGreaterThan(0);
  return { ...opened, orderId };
}

describe('card and PayPal payments in the browser', () => {
  it('pays a rug won at auction by card: Stripe confirms, its webhook marks it paid, the invoice downloads as a PDF', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    const { page, log, orderId } = await openCheckout(buyer, 'won');
    const total = centsOf(await page.getByTestId('quote-total').textContent());

    await page.getByTestId('start-card').click();
    await (await visible(page.getByTestId('stand-in-card-number'))).fill(GOOD_CARD);
    await page.getByTestId('pay-card').click();
    await page.waitForURL((u) => u.pathname === '/payment/success', POLL);
    const checkoutId = new URL(page.url()).searchParams.get('checkout')!;
    // Until Stripe's webhook arrives the page waits; the server trusts only the signed event.
    await visible(page.getByTestId('payment-confirming'));
    expect(log.succeededIntents).toHaveLength(1);
    const intent = stripe.intents.get(log.succeededIntents[0]!)!;
    expect(intent.amount).toBe(total);
    expect((intent.metadata as Record<string, string>).checkoutId).toBe(checkoutId);

    expect(await deliverPaymentSucceeded(e2e.baseUrl, stripe, intent.id)).toBe(200);
    await visible(page.getByTestId('payment-confirmed'), 10_000);
    expect(paidCents(await page.getByTestId('paid-amount').textContent())).toBe(total);
    const invoice = await downloadOf(page, () => page.getByTestId('download-invoice').click());
    expect(invoice.head).toBe('%PDF-');
    expect(await orderStatus(buyer, orderId)).toBe('paid');
  });

  it('a declined card says so in the form, pays nothing, and the buyer can try another card', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    const { page, log, orderId } = await openCheckout(buyer);

    await page.getByTestId('start-card').click();
    const number = await visible(page.getByTestId('stand-in-card-number'));
    await number.fill(DECLINED_CARD);
    await page.getByTestId('pay-card').click();
    await visible(page.getByTestId('stand-in-card-error').getByText('Your card was declined.'));
    expect(log.declined).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/checkout');
    expect(await orderStatus(buyer, orderId)).toBe('awaiting_payment');
    expect(log.succeededIntents).toHaveLength(0);

    // The button is usable again: another card goes through.
    await number.fill(GOOD_CARD);
    await page.getByTestId('pay-card').click();
    await page.waitForURL((u) => u.pathname === '/payment/success', POLL);
    expect(await deliverPaymentSucceeded(e2e.baseUrl, stripe, log.succeededIntents[0]!)).toBe(200);
    await visible(page.getByTestId('payment-confirmed'), 10_000);
    expect(await orderStatus(buyer, orderId)).toBe('paid');
  });

  it('pays a bought rug with PayPal: the server creates and captures the order; the success page shows it paid', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    const { page, orderId } = await openCheckout(buyer);
    const total = centsOf(await page.getByTestId('quote-total').textContent());
    const capturesBefore = paypal.calls('POST', '/v2/checkout/orders/').length;

    await (await visible(page.getByTestId('stand-in-paypal'))).click();
    await page.waitForURL((u) => u.pathname === '/payment/success', POLL);
    await visible(page.getByTestId('payment-confirmed'), 10_000);
    expect(paidCents(await page.getByTestId('paid-amount').textContent())).toBe(total);
    // Exactly one capture, by our server, of an order it created for the checkout's total.
    expect(paypal.calls('POST', '/v2/checkout/orders/').length - capturesBefore).toBe(1);
    const order = [...paypal.orders.values()].at(-1)!;
    expect(order.status).toBe('COMPLETED');
    expect(Math.round(Number(order.amount.value) * 100)).toBe(total);
    expect(await orderStatus(buyer, orderId)).toBe('paid');
  });

  it('profile: adds a card through a SetupIntent, shows it as brand and last four, and removes it', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    const { page } = await buyerPage(buyer);
    await page.goto('/profile');
    const section = await visible(page.getByTestId('payment-card'));
    expect(await section.getByTestId('card-number').count()).toBe(0);

    await section.getByTestId('add-card').click();
    await (await visible(section.getByTestId('stand-in-card-number'))).fill(GOOD_CARD);
    await section.getByTestId('save-card').click();
    const shown = await visible(section.getByTestId('card-number'));
    expect(await shown.textContent()).toMatch(/^Visa\s.*4242$/);
    // The server kept it: a new page load shows the same card.
    await page.reload();
    expect(
      await (await visible(page.getByTestId('payment-card').getByTestId('card-number'))).textContent(),
    ).toMatch(/4242$/);

    await page.getByTestId('payment-card').getByTestId('remove-card').click();
    await expect
      .poll(() => page.getByTestId('payment-card').getByTestId('card-number').count(), POLL)
      .toBe(0);
    await visible(page.getByTestId('payment-card').getByTestId('add-card'));
    await page.reload();
    await visible(page.getByTestId('payment-card').getByTestId('add-card'));
    expect(await page.getByTestId('payment-card').getByTestId('card-number').count()).toBe(0);
  });

  it('with a card saved on the profile, the checkout pays in one click; the server confirms it and it is paid at once', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    const [{ orderId }] = await Promise.all([
      buyNowOrder(e2e.baseUrl, buyer),
      addAddress(e2e.baseUrl, buyer),
    ]);
    const { page, log } = await buyerPage(buyer);
    await page.goto('/profile');
    await (await visible(page.getByTestId('add-card'))).click();
    await (await visible(page.getByTestId('stand-in-card-number'))).fill(GOOD_CARD);
    await page.getByTestId('save-card').click();
    await visible(page.getByTestId('card-number'));

    await page.goto(`/checkout?orders=${orderId}`);
    await expect
      .poll(async () => centsOf(await page.getByTestId('quote-total').textContent()), POLL)
      .toBeGreaterThan(0);
    const total = centsOf(await page.getByTestId('quote-total').textContent());
    const saved = await visible(page.getByTestId('pay-saved-card'));
    expect(await saved.textContent()).toMatch(/4242/);
    await saved.click();
    await page.waitForURL((u) => u.pathname === '/payment/success', POLL);
    // No webhook needed: the server confirmed the intent with the saved card and applied it itself.
    await visible(page.getByTestId('payment-confirmed'), 10_000);
    expect(paidCents(await page.getByTestId('paid-amount').textContent())).toBe(total);
    expect(log.succeededIntents).toHaveLength(0);
    expect(await orderStatus(buyer, orderId)).toBe('paid');
  });

  it('a payment Stripe cannot complete leads to /payment/fail with the reason and back to the same checkout', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    const { page, orderId } = await openCheckout(buyer);
    await page.getByTestId('start-card').click();
    // Not a card error (those stay in the form): Stripe answering something else, e.g. the network failing.
    await page.evaluate(() => {
      (window as unknown as { __failNextConfirm: boolean }).__failNextConfirm = true;
    });
    await (await visible(page.getByTestId('stand-in-card-number'))).fill(GOOD_CARD);
    await page.getByTestId('pay-card').click();
    await page.waitForURL((u) => u.pathname === '/payment/fail', POLL);
    await visible(page.getByTestId('fail-reason').getByText(/could not reach Stripe/));
    expect(await orderStatus(buyer, orderId)).toBe('awaiting_payment');
    await page.getByTestId('back-to-checkout').click();
    await at(page, `/checkout?orders=${orderId}`);
    await visible(page.getByTestId('start-card'));
  });
});
