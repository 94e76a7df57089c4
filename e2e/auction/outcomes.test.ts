import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { at, visible } from '../helpers/ui.ts';
import { bidThroughPanel, quickLot, session, waitOpen } from './lots.ts';

const e2e = useE2E();

const badge = (page: Page) => page.getByTestId('notification-badge');
const badgeCount = async (page: Page) => {
  const text = ((await badge(page).textContent()) ?? '').trim();
  return (await badge(page).isVisible()) && text ? Number(text) : 0;
};

describe('auction outcomes in the browser', () => {
  it('the outbid bidder gets a notification live: the bell count rises and the page lists it', async () => {
    const [alice, bob] = await Promise.all([
      createVerifiedUser(e2e.baseUrl),
      createVerifiedUser(e2e.baseUrl),
    ]);
    const { rug } = await quickLot(e2e.baseUrl, 2, 600);
    await waitOpen(e2e.baseUrl, rug.id);
    const a = await e2e.newPage({ session: session(alice) });
    await a.page.goto(`/rugs-details-live/${rug.slug}`);
    await bidThroughPanel(a.page, 200);
    await visible(
      a.page.getByTestId('lot-position').getByText('You are the highest bidder.', { exact: false }),
    );
    const before = await badgeCount(a.page);

    // Bob outbids through the API while Alice only watches her page.
    const res = await apiCall(e2e.baseUrl, `/rug/add-offer/${rug.id}`, {
      token: bob.token,
      body: { amount: 50_000 },
    });
    expect(res.status).toBe(201);
    await visible(a.page.getByTestId('lot-position').getByText('You have been outbid.', { exact: false }));
    await expect.poll(() => badgeCount(a.page), { timeout: 10_000 }).toBeGreaterThan(before);

    await a.page.getByTestId('notification-bell').click();
    await at(a.page, '/notification');
    const row = a.page.getByTestId('notification').first();
    await visible(row);
    expect(await row.getAttribute('data-read')).toBe('false');
    await row.click();
    // Opening it marks it read and follows its link to the lot.
    await a.page.waitForURL(
      (u) => u.pathname.includes(rug.slug) || u.pathname.includes(rug.id) || u.pathname === '/my-items',
      { waitUntil: 'commit' },
    );
    await expect.poll(() => badgeCount(a.page)).toBe(before);
  });

  it('a lot won in its last seconds shows under My Items > Won, and the bell tells the winner', async () => {
    const winner = await createVerifiedUser(e2e.baseUrl);
    // Soft close off for this sale: a bid in the last two minutes would otherwise move the end two minutes out.
    const { rug } = await quickLot(
      e2e.baseUrl,
      2,
      14,
      {},
      { softClose: { enabled: false, windowSeconds: 120, extensionSeconds: 120 } },
    );
    await waitOpen(e2e.baseUrl, rug.id);
    // The jobs close a due lot within a second or two of its end.
    const res = await apiCall(e2e.baseUrl, `/rug/add-offer/${rug.id}`, {
      token: winner.token,
      body: { amount: 12_000 },
    });
    expect(res.status).toBe(201);
    const { page } = await e2e.newPage({ session: session(winner) });
    await page.goto(`/rugs-details-live/${rug.slug}`);
    await visible(page.getByTestId('lot-panel'));
    const before = await badgeCount(page);
    // The panel follows the close live: sold, and the winner is told so.
    await visible(page.getByTestId('lot-position').getByText('You won this lot.', { exact: false }), 25_000);
    await expect.poll(() => badgeCount(page), { timeout: 10_000 }).toBeGreaterThan(before);

    await page.goto('/my-items?tab=won');
    const won = page.getByTestId('won-lot').filter({ hasText: rug.title });
    await visible(won);
    await visible(won.getByTestId('won-order-status').getByText('Awaiting payment'));
    await page.getByRole('tab', { name: 'Purchases' }).click();
    await at(page, '/my-items?tab=purchases');
    await visible(page.getByTestId('purchase').filter({ hasText: rug.title }));
  });
});
