import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog, visible } from '../helpers/ui.ts';
import { quickLot, session, STAFF } from './lots.ts';

const e2e = useE2E();

/** The room's auctioneer line on a page. */
const status = (page: Page, text: string) =>
  visible(page.getByTestId('live-status').filter({ hasText: text }));

describe('a live sale run by a clerk with bidders online', () => {
  it('floor bid, two online bids, undo, fair warning and the hammer: the winner sees the win and the order', async () => {
    const [alice, bob, staff] = await Promise.all([
      createVerifiedUser(e2e.baseUrl),
      createVerifiedUser(e2e.baseUrl),
      loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password),
    ]);
    const { sale, lotId } = await quickLot(e2e.baseUrl, 1, 3600, {}, { type: 'live' });

    const clerk = await e2e.newPage({ session: session(staff) });
    // A bid that lost a race with another is refused (409) by design; the page says so.
    const allow = [httpStatusNoise(409)];
    const a = await e2e.newPage({ session: session(alice), allow });
    const b = await e2e.newPage({ session: session(bob), allow });
    await clerk.page.goto(`/admin/live/${sale.id}`);
    await Promise.all([a.page.goto(`/live/${sale.slug}`), b.page.goto(`/live/${sale.slug}`)]);
    await status(a.page, 'has not opened');

    // The clerk opens the lot: both rooms show it on the block, asking the opening bid.
    await clerk.page.getByTestId('clerk-open-next').click();
    await status(a.page, 'Asking $100');
    await status(b.page, 'Asking $100');

    // A paddle in the room.
    await clerk.page.getByTestId('clerk-paddle').fill('12');
    await clerk.page.getByTestId('clerk-floor').click();
    await status(a.page, '$100 with Paddle 12');

    // Alice bids the ask: the first bid of the sale asks for a confirmation.
    await a.page.getByTestId('live-bid').click();
    await dialog(a.page, 'Bid in this live sale?').getByTestId('live-confirm').click();
    await status(a.page, '$110 with you');
    await status(b.page, '$110 with Bidder 1');
    await visible(clerk.page.getByTestId('clerk-leading').filter({ hasText: 'Bidder 1' }));

    // Bob answers; the clerk undoes his bid (a mistake in the room), then Bob bids again.
    await visible(b.page.getByTestId('live-bid').filter({ hasText: 'Bid $120' }));
    await b.page.getByTestId('live-bid').click();
    await dialog(b.page, 'Bid in this live sale?').getByTestId('live-confirm').click();
    await status(a.page, '$120 with Bidder 2');
    await clerk.page.getByTestId('clerk-undo').click();
    await status(a.page, '$110 with you');
    await status(b.page, '$110 with Bidder 1');
    await expect.poll(() => b.page.getByTestId('live-bid-lines').locator('li').count()).toBe(2);
    await b.page.getByTestId('live-bid').click(); // no second confirmation in the same sale
    await status(b.page, '$120 with you');

    // Fair warning, then the hammer at the last bid.
    await visible(clerk.page.getByTestId('clerk-leading').filter({ hasText: 'Bidder 2' }));
    await clerk.page.getByTestId('clerk-fair-warning').click();
    await status(a.page, 'Fair warning');
    await clerk.page.getByTestId('clerk-sold').click();
    await status(a.page, 'Sold to Bidder 2 for $120');
    await status(b.page, 'Sold to you for $120');
    await visible(b.page.getByTestId('live-won').filter({ hasText: 'You won lot 1 at $120' }));

    // The order exists exactly as for a timed lot: Bob's won list carries it, awaiting payment.
    const won = await apiCall<{ data: { lot: { id: string }; order: { status: string } | null }[] }>(
      e2e.baseUrl,
      '/rug/winner/list',
      { token: bob.token },
    );
    expect(won.body.data.find((w) => w.lot.id === lotId)?.order?.status).toBe('awaiting_payment');
  });

  it('a lot without a bid is passed, and the room says so', async () => {
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const { sale } = await quickLot(e2e.baseUrl, 1, 3600, {}, { type: 'live' });
    const clerk = await e2e.newPage({ session: session(staff) });
    const watcher = await e2e.newPage();
    await clerk.page.goto(`/admin/live/${sale.id}`);
    await watcher.page.goto(`/live/${sale.slug}`);
    // The console takes one action at a time and says so while one is on the way: the open's answer is held back,
    // and a key pressed meanwhile does nothing.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    let routed!: () => void;
    const reachedRoute = new Promise<void>((resolve) => (routed = resolve));
    await clerk.page.route(/\/api\/v1\/admin\/live\/[^/]+\/actions$/, async (route) => {
      posts += 1;
      routed();
      await held;
      await route.continue();
    });
    const opened = clerk.page.waitForResponse(
      (r) => r.url().endsWith('/actions') && r.request().method() === 'POST',
    );
    await clerk.page.getByTestId('clerk-open-next').click();
    // The page shows its pending line before the test process hears of the routed request: wait for both.
    await reachedRoute;
    await visible(clerk.page.getByTestId('clerk-pending').filter({ hasText: 'Sending to the room' }));
    await clerk.page.keyboard.press('n');
    release();
    expect((await opened).status()).toBe(200);
    // A second open sent by the key would have reached the route before the first one's answer came back.
    expect(posts).toBe(1);
    await clerk.page.unroute(/\/api\/v1\/admin\/live\/[^/]+\/actions$/);
    await status(watcher.page, 'Asking $100');
    await expect.poll(() => clerk.page.getByTestId('clerk-pending').count()).toBe(0);
    // The keyboard works as the buttons do: P passes.
    await visible(clerk.page.getByTestId('clerk-pass'));
    await clerk.page.keyboard.press('p');
    await status(watcher.page, 'Passed');
    await visible(clerk.page.getByTestId('clerk-status').filter({ hasText: 'Passed' }));
  });
});
