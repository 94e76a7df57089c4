import { describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { at, visible } from '../helpers/ui.ts';
import { quickLot, session, waitOpen } from './lots.ts';

const e2e = useE2E();

describe('live room, my items and buy it now', () => {
  it('the live room puts the next lot to close on top and moves its price when a bid lands', async () => {
    const bidder = await createVerifiedUser(e2e.baseUrl);
    const { rug, sale } = await quickLot(e2e.baseUrl, 2, 600);
    await waitOpen(e2e.baseUrl, rug.id);
    const { page } = await e2e.newPage();
    await page.goto(`/live/${sale.slug}`);
    const next = page.getByTestId('room-next-lot');
    await visible(next.getByText(rug.title));
    await visible(next.getByTestId('room-lot-price').getByText('Opening $100'));
    expect(
      (
        await apiCall(e2e.baseUrl, `/rug/add-offer/${rug.id}`, {
          token: bidder.token,
          body: { amount: 20_000 },
        })
      ).status,
    ).toBe(201);
    await visible(next.getByTestId('room-lot-price').getByText('$100', { exact: true }));
    expect(await next.getByTestId('room-lot-price').getAttribute('data-flash')).toBe('true');
    await next.getByRole('link', { name: `Open lot 1: ${rug.title}` }).click();
    await at(page, `/rugs-details-live/${rug.slug}`);
  });

  it('My Items keeps the tab in the URL and offers an outbid bidder a prefilled bid', async () => {
    const [alice, bob] = await Promise.all([
      createVerifiedUser(e2e.baseUrl),
      createVerifiedUser(e2e.baseUrl),
    ]);
    const { rug } = await quickLot(e2e.baseUrl, 2, 600);
    await waitOpen(e2e.baseUrl, rug.id);
    await apiCall(e2e.baseUrl, `/rug/add-offer/${rug.id}`, { token: alice.token, body: { amount: 10_000 } });
    await apiCall(e2e.baseUrl, `/rug/add-offer/${rug.id}`, { token: bob.token, body: { amount: 30_000 } });
    const { page } = await e2e.newPage({ session: session(alice) });
    await page.goto('/my-items');
    const row = page.getByTestId('my-bid').filter({ hasText: rug.title });
    await visible(row.getByText('Outbid', { exact: true }));
    await row.getByTestId('rebid').click();
    // Alice's $100 against Bob's $300: Bob leads at $110, so the next minimum is $120.
    await at(page, `/rugs-details-live/${rug.slug}?bid=120`);
    await expect.poll(() => page.getByTestId('max-bid-input').inputValue()).toBe('120');

    await page.goto('/my-items?tab=watching');
    await visible(page.getByText('You are not watching any rug'));
    await page.getByRole('tab', { name: 'Won' }).click();
    await at(page, '/my-items?tab=won');
    await visible(page.getByText('No wins yet'));
  });

  it('buys a fixed-price rug: the summary, one confirmation, then the order held for 15 minutes', async () => {
    const buyer = await createVerifiedUser(e2e.baseUrl);
    const filter = encodeURIComponent(JSON.stringify({ availability: ['buyNow'], pageSize: 60 }));
    const { body } = await apiCall<{
      data: { id: string; title: string; fixedPrice: number | null; lot: unknown }[];
    }>(e2e.baseUrl, `/rug?data=${filter}`);
    // The last ones: other tests that buy take from the front.
    const rug = [...body.data].reverse().find((r) => r.fixedPrice !== null && !r.lot)!;
    const { page } = await e2e.newPage({ session: session(buyer) });
    await page.goto(`/buy-it-now/${rug.id}`);
    await visible(page.getByText('Please pay within 3 days', { exact: false }));
    await visible(page.getByText('held for you alone for 15 minutes', { exact: false }));
    await page.getByTestId('confirm-purchase').click();
    const receipt = page.getByTestId('order-receipt');
    await visible(receipt.getByTestId('order-status').getByText('Awaiting payment'));
    await visible(receipt.getByTestId('hold-countdown').getByText(/^1[45]:\d\d left to pay$/));
    await visible(receipt.getByRole('link', { name: 'Go to My Items, Purchases' }));
  });
});
