import { describe, expect, it } from 'vitest';
import { createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { waitForMail } from '../helpers/mailbox.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog, field, toast, visible } from '../helpers/ui.ts';
import { session } from '../auction/lots.ts';
import { addAddress, buyNowOrder, centsOf, downloadOf, scrollsSideways } from './orders.ts';

const e2e = useE2E();
const POLL = { timeout: 10_000 };
/** Set to a folder to keep screenshots of the balance on both sides. */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

const money = (cents: number) => (cents / 100).toFixed(2);

describe('money that does not match (issue 24, decision 072)', () => {
  it('short transfer then the rest: the buyer sees the balance, staff record the rest, the order is paid with its invoice', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    // The bank's transfer ids are unique across the house: a retry of this test must not meet its first try's.
    const wire = `WIRE-${Date.now().toString(36)}`;
    const [{ orderId }] = await Promise.all([
      buyNowOrder(e2e.baseUrl, buyer),
      addAddress(e2e.baseUrl, buyer),
    ]);

    // The buyer checks out by bank transfer in the browser.
    const { page: shop } = await e2e.newPage({ session: session(buyer) });
    await shop.goto(`/checkout?orders=${orderId}`);
    await shop.getByTestId('pay-bank-transfer').click();
    const reference = (await (await visible(shop.getByTestId('bank-reference'))).textContent())!.trim();
    const total = centsOf(await shop.getByTestId('bank-amount').textContent());
    expect(total).toBeGreaterThan(1_500);
    // ...and is mailed the reference, amount, due date and instructions.
    const mail = await waitForMail(e2e.baseUrl, buyer.email);
    expect(mail.subject).toBe(`Your bank transfer: reference ${reference}`);
    expect(mail.text).toContain(`$${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(mail.text).toMatch(/Due by: \d{1,2} \w+ \d{4}|Due by: \w+ \d{1,2}, \d{4}/);

    // Accounts staff record a transfer that arrived 15.00 short (a wire fee).
    const accounts = await loginThroughApi(e2e.baseUrl, 'accounts@knotwork.local', 'Staff@12345');
    // The refused record below answers 409: the browser logs that response, which this test expects.
    const { page: desk } = await e2e.newPage({
      session: accounts,
      allow: [/status of 409 \(Conflict\).*\/admin\/payments\/bank-transfer/],
    });
    await desk.goto(`/admin/orders/${orderId}`);
    const panel = await visible(desk.getByTestId('order-payments'));
    await desk.getByRole('button', { name: 'Record the bank transfer' }).click();
    const first = await visible(dialog(desk, 'Record the bank transfer'));
    expect(await field(first, 'Payment reference').inputValue()).toBe(reference);
    expect(await field(first, 'Amount (USD)').inputValue()).toBe(String(total / 100));
    await field(first, 'Amount (USD)').fill(money(total - 1_500));
    await field(first, 'Bank’s transfer id').fill(`${wire}-1`);
    await first.getByRole('button', { name: 'Confirm' }).click();
    await visible(toast(desk, 'Payment recorded: part of the total is still due'));
    await expect
      .poll(async () => centsOf(await panel.getByTestId('payments-balance-due').textContent()), POLL)
      .toBe(1_500);
    await visible(panel.getByText('Counted'));

    // The same bank id again with another amount is refused: an error, the dialog stays open, nothing counted.
    await desk.getByRole('button', { name: 'Record the bank transfer' }).click();
    const wrong = await visible(dialog(desk, 'Record the bank transfer'));
    expect(await field(wrong, 'Amount (USD)').inputValue()).toBe('15');
    await field(wrong, 'Amount (USD)').fill('20');
    await field(wrong, 'Bank’s transfer id').fill(`${wire}-1`);
    await wrong.getByRole('button', { name: 'Confirm' }).click();
    await visible(toast(desk, 'This transfer id was already recorded with another amount or currency'));
    await visible(wrong);
    await wrong.getByRole('button', { name: 'Cancel' }).click();
    expect(centsOf(await panel.getByTestId('payments-balance-due').textContent())).toBe(1_500);
    if (SHOTS) await desk.screenshot({ path: `${SHOTS}/staff-balance.png`, fullPage: true });

    // The buyer sees what was received and what is still due, quoting the same reference.
    await shop.goto(`/my-items/orders/${orderId}`);
    const balance = await visible(shop.getByTestId('order-balance'));
    expect(centsOf(await balance.getByTestId('order-paid-so-far').textContent())).toBe(total - 1_500);
    expect(centsOf(await balance.getByTestId('order-balance-due').textContent())).toBe(1_500);
    await visible(balance.getByText(reference, { exact: false }));
    expect(await shop.getByTestId('order-status').getAttribute('data-status')).toBe('awaiting_payment');
    await shop.setViewportSize({ width: 390, height: 844 });
    expect(await scrollsSideways(shop)).toBe(false);
    if (SHOTS) {
      await shop.screenshot({ path: `${SHOTS}/buyer-balance-390.png`, fullPage: true });
      await shop.goto(`/my-items/orders/${orderId}?lng=ar`);
      await visible(shop.getByTestId('order-balance'));
      await shop.screenshot({ path: `${SHOTS}/buyer-balance-390-ar.png`, fullPage: true });
      await shop.setViewportSize({ width: 1366, height: 900 });
      await shop.goto(`/my-items/orders/${orderId}?lng=fr`);
      await visible(shop.getByTestId('order-balance'));
      await shop.screenshot({ path: `${SHOTS}/buyer-balance-1366-fr.png`, fullPage: true });
      await shop.goto(`/my-items/orders/${orderId}?lng=en`);
      await visible(shop.getByTestId('order-balance'));
      await desk.setViewportSize({ width: 390, height: 844 });
      expect(await scrollsSideways(desk)).toBe(false);
      await desk.screenshot({ path: `${SHOTS}/staff-balance-390.png`, fullPage: true });
      await desk.setViewportSize({ width: 768, height: 1000 });
      await desk.getByRole('button', { name: 'Write off the difference' }).click();
      await desk.screenshot({ path: `${SHOTS}/staff-write-off-768.png` });
      await desk.keyboard.press('Escape');
      await desk.setViewportSize({ width: 1366, height: 900 });
    }

    // Staff record the rest: paid, the invoice issued.
    await desk.getByRole('button', { name: 'Record the bank transfer' }).click();
    const rest = await visible(dialog(desk, 'Record the bank transfer'));
    await field(rest, 'Bank’s transfer id').fill(`${wire}-2`);
    await rest.getByRole('button', { name: 'Confirm' }).click();
    await visible(toast(desk, 'Payment recorded: the orders are paid and the invoice is issued'));
    await visible(desk.getByRole('button', { name: 'Mark shipped' }));
    await expect
      .poll(async () => centsOf(await panel.getByTestId('payments-balance-due').textContent()), POLL)
      .toBe(0);

    // The buyer's order is paid and its invoice downloads.
    await shop.reload();
    await expect.poll(() => shop.getByTestId('order-status').getAttribute('data-status'), POLL).toBe('paid');
    expect(centsOf(await shop.getByTestId('order-balance-due').textContent())).toBe(0);
    const invoice = await downloadOf(shop, () => shop.getByTestId('order-invoice').click());
    expect(invoice.head).toBe('%PDF-');
  }, 240_000); // a sale opened for buy now, two browsers and four payments on a busy two-core machine
});
