import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { saveCard } from '../helpers/saved-card.ts';
import { dialog, toast, visible } from '../helpers/ui.ts';
import { addAddress } from '../payments/orders.ts';
import { startStripeFake } from '../../apps/server/test/fakes/stripe-fake.ts';
import { quickLot, session, STAFF } from './lots.ts';

// The card check and the deposit's hold go to the local Stripe stand-in, as in the deposit test.
const stripe = await startStripeFake();
const e2e = useE2E(stripe.env);
afterAll(async () => {
  await stripe.close();
});

const status = (page: Page, text: string) =>
  visible(page.getByTestId('live-status').filter({ hasText: text }));

/**
 * Issue 28's journey (decisions 090, 091): a new collector with a card on file registers for a live sale that asks
 * for one and is approved at once by the house's rules; with the $100 limit the house gives new clients, they bid to
 * it in the room and are refused above it, with why; a deposit held on their card raises the limit and the same bid
 * goes in. (A non-payer blocked and told why: e2e/admin/non-payer.)
 */
describe('who may bid (issue 28)', () => {
  it('registers after a card check, bids to the limit, is refused above it, holds a deposit and bids on', async () => {
    const [collector, staff] = await Promise.all([
      createVerifiedUser(e2e.baseUrl),
      loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password),
    ]);
    await addAddress(e2e.baseUrl, collector);
    await saveCard(e2e.baseUrl, stripe, collector);
    const limit = await apiCall(e2e.baseUrl, `/admin/users/${collector.user.id}/limit`, {
      method: 'PUT',
      token: staff.token,
      body: { limitCents: 10_000, note: 'New client' },
    });
    expect(limit.status).toBe(200);
    const { sale } = await quickLot(
      e2e.baseUrl,
      1,
      3600,
      {},
      { type: 'live', registration: { required: true, cardRequired: true } },
    );

    // The room asks the collector to register; the card on file meets the sale's check: approved at once.
    const { page } = await e2e.newPage({ session: session(collector), allow: [httpStatusNoise(403)] });
    await page.goto(`/live/${sale.slug}`);
    const box = page.getByTestId('registration');
    await visible(box.getByText('Bidders register for this sale before bidding, with a card on file.'));
    await box.getByRole('button', { name: 'Register to bid' }).click();
    const form = page.getByRole('dialog', { name: 'Register to bid' });
    await expect.poll(() => form.getByLabel('Phone').inputValue()).not.toBe('');
    await form.getByLabel('I accept the conditions of sale.').check();
    await form.getByRole('button', { name: 'Register', exact: true }).click();
    await visible(toast(page, 'You are registered for this sale'));
    await visible(page.getByTestId('registration').getByText('Approved to bid'));
    await visible(page.getByTestId('registration').getByText('Paddle 101'));

    // The clerk opens the lot at $100: the collector bids it, the whole of their limit.
    const clerk = await e2e.newPage({ session: session(staff) });
    await clerk.page.goto(`/admin/live/${sale.id}`);
    await clerk.page.getByTestId('clerk-open-next').click();
    await status(page, 'Asking $100');
    await page.getByTestId('live-bid').click();
    await dialog(page, 'Bid in this live sale?').getByTestId('live-confirm').click();
    await status(page, '$100 with you');
    // The clerk sees who leads online, with the paddle they registered with.
    await visible(clerk.page.getByTestId('clerk-leading').filter({ hasText: 'Paddle 101' }));

    // A bidder in the room goes to $110; the collector's $120 would pass their limit: refused, and told why.
    await clerk.page.getByTestId('clerk-paddle').fill('12');
    await clerk.page.getByTestId('clerk-floor').click();
    await status(page, '$110 with Paddle 12');
    await page.getByTestId('live-bid').click();
    await visible(
      toast(
        page,
        'This bid would take you past your bidding limit. Place a deposit or contact us to raise it.',
      ),
    );
    await status(page, '$110 with Paddle 12');

    // A $100 deposit held on the card: the limit becomes ten times it.
    const items = await e2e.newPage({ session: session(collector) });
    await items.page.goto('/my-items');
    await items.page.getByTestId('deposit-open').click();
    await items.page.getByTestId('deposit-amount').fill('100');
    await items.page.getByTestId('deposit-submit').click();
    await visible(
      items.page
        .getByTestId('deposit-done')
        .getByText('Deposit held on your card: your bidding limit is raised'),
    );
    await visible(
      items.page.getByTestId('bidding-limit').getByText('Your bidding limit is $1,000.', { exact: false }),
    );

    // The same bid now goes in.
    await page.getByTestId('live-bid').click();
    await status(page, '$120 with you');
  });
});
