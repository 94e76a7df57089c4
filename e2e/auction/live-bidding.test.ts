import { describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog, field, visible } from '../helpers/ui.ts';
import { bidThroughPanel, quickLot, session, STAFF, waitOpen } from './lots.ts';

const e2e = useE2E();

describe('live lot panel', () => {
  it("two bidders in two browsers see each other's bids arrive without a reload", async () => {
    const [alice, bob] = await Promise.all([
      createVerifiedUser(e2e.baseUrl),
      createVerifiedUser(e2e.baseUrl),
    ]);
    const { rug } = await quickLot(e2e.baseUrl, 2, 600);
    await waitOpen(e2e.baseUrl, rug.id);
    const a = await e2e.newPage({ session: session(alice) });
    const b = await e2e.newPage({ session: session(bob) });
    const url = `/rugs-details-live/${rug.slug}`;
    await Promise.all([a.page.goto(url), b.page.goto(url)]);
    await Promise.all([visible(a.page.getByTestId('lot-panel')), visible(b.page.getByTestId('lot-panel'))]);
    await visible(a.page.getByText('No bids yet. Be the first.'));

    // Alice takes the quick bid at the opening price; the dialog explains proxy bidding before it binds her.
    await a.page.getByTestId('quick-bid').first().click();
    const confirm = dialog(a.page, 'Confirm your bid');
    await visible(confirm.getByText('Nobody sees your maximum.', { exact: false }));
    await confirm.getByRole('button', { name: 'Bid $100' }).click();
    await visible(
      a.page.getByTestId('lot-position').getByText('You are the highest bidder.', { exact: false }),
    );

    // Bob's page moves on its own: price, count and a history line.
    await visible(b.page.getByTestId('lot-price').getByText('$100', { exact: true }));
    await visible(b.page.getByTestId('lot-bid-count').getByText('1 bid', { exact: true }));
    await visible(b.page.getByTestId('bid-history-entry').filter({ hasText: 'Bidder 1' }));
    const reloadsBefore = await b.page.evaluate(() => performance.getEntriesByType('navigation').length);

    // Bob bids a maximum of $300: Alice's proxy answers, Bob leads at $110 and Alice is told she is outbid.
    await bidThroughPanel(b.page, 300);
    await visible(
      b.page.getByTestId('lot-position').getByText('You are the highest bidder.', { exact: false }),
    );
    await visible(a.page.getByTestId('lot-position').getByText('You have been outbid.', { exact: false }));
    await visible(a.page.getByTestId('lot-price').getByText('$110', { exact: true }));
    await visible(a.page.getByTestId('lot-next-minimum').getByText('$120', { exact: true }));
    // Alice's own line reads as hers; the new one arrived live.
    await visible(a.page.getByTestId('bid-history-entry').filter({ hasText: 'You' }));
    expect(await b.page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(
      reloadsBefore,
    );

    // A maximum below the next minimum is refused in the field before any call.
    await a.page.getByTestId('max-bid-input').fill('105');
    await a.page.getByTestId('bid-form').locator('button[type="submit"]').click();
    await visible(a.page.getByText('Your bid must be at least $120'));
  });

  it('a bid voided by staff leaves the watching page without a reload, and the history is recomputed', async () => {
    const [alice, bob] = await Promise.all([
      createVerifiedUser(e2e.baseUrl),
      createVerifiedUser(e2e.baseUrl),
    ]);
    const { rug, lotId } = await quickLot(e2e.baseUrl, 2, 600);
    await waitOpen(e2e.baseUrl, rug.id);
    const offer = async (token: string, amount: number) => {
      const res = await apiCall(e2e.baseUrl, `/rug/add-offer/${rug.id}`, { token, body: { amount } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await offer(alice.token, 50_000);
    await offer(bob.token, 30_000); // Alice's proxy answers: three lines, Alice leads above $300

    const watcher = await e2e.newPage();
    await watcher.page.goto(`/rugs-details-live/${rug.slug}`);
    await visible(watcher.page.getByTestId('lot-panel'));
    await expect
      .poll(() => watcher.page.getByTestId('bid-history-entry').count(), { timeout: 10_000 })
      .toBe(3);
    const reloadsBefore = await watcher.page.evaluate(
      () => performance.getEntriesByType('navigation').length,
    );

    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const { body } = await apiCall<{ data: { bids: { id: string; maxAmount: number }[] } }>(
      e2e.baseUrl,
      `/admin/lots/${lotId}/bids`,
      { token: staff.token },
    );
    const bobsBid = body.data.bids.find((b) => b.maxAmount === 30_000)!;
    const voided = await apiCall(e2e.baseUrl, `/admin/bids/${bobsBid.id}/void`, {
      token: staff.token,
      body: { reason: 'Bidder withdrew in writing before the close' },
    });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);

    // Only Alice's opening line is left, at the opening price, on the page that was already open.
    await expect
      .poll(() => watcher.page.getByTestId('bid-history-entry').count(), { timeout: 10_000 })
      .toBe(1);
    await visible(watcher.page.getByTestId('lot-price').getByText('$100', { exact: true }));
    await visible(watcher.page.getByTestId('lot-bid-count').getByText('1 bid', { exact: true }));
    expect(await watcher.page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(
      reloadsBefore,
    );
  });

  it('a signed-out visitor pressing Bid gets the sign-in dialog and comes back to the lot', async () => {
    const person = await createVerifiedUser(e2e.baseUrl);
    const { rug } = await quickLot(e2e.baseUrl, 2, 600);
    await waitOpen(e2e.baseUrl, rug.id);
    const { page } = await e2e.newPage();
    await page.goto(`/rug-listing/${rug.slug}`);
    await page.getByTestId('quick-bid').first().click();
    const signIn = dialog(page, 'Sign in');
    await visible(signIn);
    await field(signIn, 'Email').fill(person.email);
    await field(signIn, 'Password').fill(person.password);
    await signIn.getByRole('button', { name: /^(sign in|log ?in)$/i }).click();
    await page.waitForURL((u) => u.pathname === `/rug-listing/${rug.slug}`, { waitUntil: 'commit' });
    await visible(page.getByTestId('lot-panel'));
  });

  it('shows the soft-close extension when a bid comes in at the end', async () => {
    const bidder = await createVerifiedUser(e2e.baseUrl);
    // Ends 25 s after it opens: inside the 2-minute soft-close window from the start.
    const { rug } = await quickLot(e2e.baseUrl, 2, 25);
    await waitOpen(e2e.baseUrl, rug.id);
    const { page } = await e2e.newPage({ session: session(bidder) });
    await page.goto(`/rugs-details-live/${rug.slug}`);
    const countdown = page.getByTestId('lot-countdown');
    await visible(countdown);
    expect(await countdown.getAttribute('data-tone')).toBe('urgent');
    await bidThroughPanel(page, 150);
    await visible(
      page.getByTestId('soft-close-extension').getByText(/^Extended by .+: a bid came in at the end$/),
    );
    // The clock now runs to about two minutes from the bid.
    await expect.poll(async () => (await countdown.textContent()) ?? '').toMatch(/^(1m|2m 00s)/);
  });
});
