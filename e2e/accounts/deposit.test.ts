import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import { apiCall, createVerifiedUser, loginThroughApi, type SignedInUser } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { field, toast, visible } from '../helpers/ui.ts';
import { bidThroughPanel, quickLot, session, STAFF, waitOpen } from '../auction/lots.ts';
import { startStripeFake } from '../../apps/server/test/fakes/stripe-fake.ts';
import { saveCard as saveCardAt } from '../helpers/saved-card.ts';

// This file's server talks to the local Stripe stand-in (as the server tests do): the hold is a manual-capture
// PaymentIntent the server creates and confirms with the saved card; nothing leaves 127.0.0.1.
const stripe = await startStripeFake();
const e2e = useE2E(stripe.env);
afterAll(async () => {
  await stripe.close();
});

const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
async function shoot(page: Page, name: string) {
  for (const width of [360, 390, 1366]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deposit-${name}-${width}.png`, fullPage: true });
  }
}

const saveCard = (user: SignedInUser) => saveCardAt(e2e.baseUrl, stripe, user);

describe('deposits (issue 28 §2, decision 091)', () => {
  it('a collector at their limit holds a deposit on their saved card in My Items and can bid higher', async () => {
    const bidder = await createVerifiedUser(e2e.baseUrl);
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const [first, second] = await Promise.all([quickLot(e2e.baseUrl, 2, 600), quickLot(e2e.baseUrl, 2, 600)]);
    await Promise.all([waitOpen(e2e.baseUrl, first.rug.id), waitOpen(e2e.baseUrl, second.rug.id)]);
    const limit = await apiCall(e2e.baseUrl, `/admin/users/${bidder.user.id}/limit`, {
      method: 'PUT',
      token: staff.token,
      body: { limitCents: 50_000, note: 'New client' },
    });
    expect(limit.status).toBe(200);
    await saveCard(bidder);
    // At the limit: a $500 maximum leads the first lot.
    const placed = await apiCall(e2e.baseUrl, `/rug/add-offer/${first.rug.id}`, {
      token: bidder.token,
      body: { amount: 50_000 },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const { page } = await e2e.newPage({ session: session(bidder) });
    await page.goto('/my-items');
    const note = page.getByTestId('bidding-limit');
    await visible(note.getByText('Your bidding limit is $500.', { exact: false }));
    await page.getByTestId('deposit-open').click();
    const panel = await visible(page.getByTestId('deposit-panel'));
    await visible(panel.getByText('Held on your Visa •••• 4242'));
    await page.getByTestId('deposit-amount').fill('100');
    await visible(panel.getByText('Gives a bidding limit of $1,000'));
    await shoot(page, 'form');
    await page.getByTestId('deposit-submit').click();
    await visible(
      page.getByTestId('deposit-done').getByText('Deposit held on your card: your bidding limit is raised'),
    );
    await visible(note.getByText('Your bidding limit is $1,000.', { exact: false }));
    await visible(panel.getByTestId('deposit-line').getByText('Held'));
    // The hold at Stripe: manual capture, authorised, nothing captured.
    const holds = [...stripe.intents.values()].filter((i) => i.capture_method === 'manual');
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({ amount: 10_000, status: 'requires_capture', amount_received: 0 });
    await shoot(page, 'held');

    // $300 more on the second lot now fits ($500 + $300 <= $1,000).
    await page.goto(`/rugs-details-live/${second.rug.slug}`);
    await visible(page.getByTestId('lot-panel'));
    await bidThroughPanel(page, 300);
    await visible(
      page.getByTestId('lot-position').getByText('You are the highest bidder.', { exact: false }),
    );

    // Arabic, right to left, on a phone: the panel in words, no code on the page.
    const { page: ar } = await e2e.newPage({ session: session(bidder) });
    await ar.addInitScript(
      ([key]) => {
        localStorage.setItem('i18nextLng', 'ar');
        localStorage.setItem(key, JSON.stringify({ direction: 'rtl' }));
      },
      [STORAGE_KEYS.settings] as const,
    );
    await ar.setViewportSize({ width: 390, height: 844 });
    await ar.goto('/my-items');
    await ar.getByTestId('deposit-open').click();
    await visible(ar.getByTestId('deposit-line').first());
    await expect.poll(() => ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const text = await ar.evaluate(() => document.body.innerText);
    expect(text).toContain('محجوز');
    for (const code of ['card_hold', 'requires_capture', 'held']) expect(text).not.toContain(code);
    await shoot(ar, 'ar');

    // Accounts staff: the bidder's page lists the hold; they record a bank transfer and release the card hold.
    const accounts = await loginThroughApi(e2e.baseUrl, 'accounts@knotwork.local', 'Staff@12345');
    const { page: desk } = await e2e.newPage({ session: session(accounts) });
    await desk.goto(`/admin/bidders/${bidder.user.id}`);
    const section = await visible(desk.getByTestId('admin-deposits'), 15_000);
    await visible(section.getByTestId('admin-deposit').getByText('Card hold', { exact: false }));
    await field(section, 'Amount').fill('200');
    await field(section, 'Bank reference').fill('WIRE-2026-118');
    await section.getByRole('button', { name: 'Record deposit' }).click();
    await visible(toast(desk, 'Bank deposit recorded: the bidder’s limit is raised'));
    await visible(section.getByText('WIRE-2026-118', { exact: false }));
    const cardRow = section.getByTestId('admin-deposit').filter({ hasText: 'Card hold' });
    await cardRow.getByRole('button', { name: 'Release the hold' }).click();
    await visible(toast(desk, 'Deposit released: the card hold is cancelled'));
    await visible(cardRow.getByText('Released'));
    expect(holds[0]!.status).toBe('canceled');
    await shoot(desk, 'staff');

    // Admin: the sale's deposit beside its facts, and the house's deposit rules in Settings.
    const { page: admin } = await e2e.newPage({ session: session(staff) });
    await admin.goto(`/admin/sales/${second.sale.id}`);
    const saleDeposit = await visible(admin.getByTestId('sale-deposit'), 15_000);
    await field(saleDeposit, 'Deposit to bid in this sale').fill('250');
    await saleDeposit.getByRole('button', { name: 'Save deposit' }).click();
    await visible(toast(admin, 'Sale deposit saved'));
    const saved = await apiCall<{ data: { depositCents: number | null } }>(
      e2e.baseUrl,
      `/admin/auctions/${second.sale.id}/deposit`,
      { token: staff.token },
    );
    expect(saved.body.data.depositCents).toBe(25_000);
    await shoot(admin, 'sale');
    await admin.goto('/admin/settings');
    const rules = await visible(admin.getByRole('form', { name: 'Deposits' }), 15_000);
    await visible(field(rules, 'Limit multiple'));
    await rules.scrollIntoViewIfNeeded();
    await shoot(admin, 'settings');
  }, 180_000);

  it('a bank deposit recorded for one sale waits on the bidders page, once the sale is over, to be applied or sent back', async () => {
    const bidder = await createVerifiedUser(e2e.baseUrl);
    // A sale over in about a minute: the deposit is recorded for it while it runs.
    const short = await quickLot(e2e.baseUrl, 2, 60);
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const accounts = await loginThroughApi(e2e.baseUrl, 'accounts@knotwork.local', 'Staff@12345');
    const { page: desk } = await e2e.newPage({ session: session(accounts) });
    await desk.goto(`/admin/bidders/${bidder.user.id}`);
    const section = await visible(desk.getByTestId('admin-deposits'), 15_000);
    await field(section, 'Amount').fill('2500');
    await field(section, 'Bank reference').fill('BARCLAYS 7781');
    await field(section, 'For').click();
    await desk.getByRole('option', { name: short.sale.title }).click();
    await section.getByRole('button', { name: 'Record deposit' }).click();
    await visible(toast(desk, 'Bank deposit recorded: the bidder’s limit is raised'));
    await visible(section.getByTestId('admin-deposit').getByText(short.sale.title, { exact: false }));

    // Nothing waits while the sale runs; once it is over the deposit is listed above the bidders, on a phone too.
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ data: { status: string } }>(e2e.baseUrl, `/admin/auctions/${short.sale.id}`, {
              token: staff.token,
            })
          ).body.data.status,
        { timeout: 150_000, interval: 2_000 },
      )
      .toBe('closed');
    await desk.setViewportSize({ width: 390, height: 844 });
    await desk.goto('/admin/bidders');
    const waiting = await visible(desk.getByTestId('deposits-to-apply'), 15_000);
    const row = waiting.getByTestId('deposit-to-apply').filter({ hasText: 'BARCLAYS 7781' });
    await visible(row.getByText('$2,500'));
    await visible(row.getByText('Nothing to pay: send it back'));
    await row.getByRole('link').click();
    await desk.waitForURL(`**/admin/bidders/${bidder.user.id}`);
    await shoot(desk, 'to-apply');
  }, 240_000);
});
