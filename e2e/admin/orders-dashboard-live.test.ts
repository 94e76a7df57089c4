import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog, toast, visible } from '../helpers/ui.ts';
import { seriousAxeViolations } from '../content/axe.ts';
import { STAFF, quickLot, waitOpen } from '../auction/lots.ts';
import { scrollsSideways } from '../payments/orders.ts';

const e2e = useE2E();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const staff = (role: 'accounts' | 'staff') =>
  loginThroughApi(e2e.baseUrl, `${role}@knotwork.local`, 'Staff@12345');

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The number a dashboard figure shows (its link's text minus the label). */
const figure = async (page: Page, label: string) =>
  Number(
    ((await page.getByRole('link', { name: new RegExp(label) }).textContent()) ?? '').replace(/[^0-9]/g, ''),
  );

describe('back office: second-chance offers and the live dashboard (issue 11)', () => {
  it('accounts staff make a second-chance offer from the order page and see its state', async () => {
    const [winner, underbidder] = await Promise.all([
      createVerifiedUser(e2e.baseUrl),
      createVerifiedUser(e2e.baseUrl),
    ]);
    const { rug } = await quickLot(
      e2e.baseUrl,
      2,
      12,
      {},
      { softClose: { enabled: false, windowSeconds: 120, extensionSeconds: 120 } },
    );
    await waitOpen(e2e.baseUrl, rug.id);
    expect(
      (
        await apiCall(e2e.baseUrl, `/rug/add-offer/${rug.id}`, {
          token: underbidder.token,
          body: { amount: 20_000 },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await apiCall(e2e.baseUrl, `/rug/add-offer/${rug.id}`, {
          token: winner.token,
          body: { amount: 30_000 },
        })
      ).status,
    ).toBe(201);
    const orderId = await until('the winner\u2019s order', async () => {
      const { body } = await apiCall<{ data: { id: string; rug: { id: string } }[] }>(
        e2e.baseUrl,
        '/order/list',
        { token: winner.token },
      );
      return body.data.find((o) => o.rug.id === rug.id)?.id;
    });

    const { page } = await e2e.newPage({ session: await staff('accounts') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/orders/${orderId}`);
    // Awaiting payment: no offer yet; accounts cancel the unpaid order first, from the same page.
    await page.getByRole('button', { name: 'Cancel the order' }).click();
    const cancel = await visible(dialog(page, 'Cancel the order'));
    await cancel.getByLabel(/^Reason/).fill('Not paid within 3 days');
    await cancel.getByRole('button', { name: 'Confirm' }).click();
    const offer = await visible(page.getByRole('button', { name: 'Make a second-chance offer' }));
    // The next step is the second-chance panel's: no Actions card saying there is nothing to do beside it.
    expect(await page.getByText('Nothing to do in this state.').count()).toBe(0);
    // Accounts may also put the rug back for sale: relisting follows order rights, as the README's role table says
    // (issue 25, decision 081).
    await visible(page.getByRole('button', { name: 'Put the rug back for sale' }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await scrollsSideways(page)).toBe(false);

    await offer.click();
    const confirm = await visible(dialog(page, 'Make a second-chance offer'));
    await visible(confirm.getByText('Offer this lot to the underbidder?'));
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await visible(toast(page, 'Second-chance offer sent to the underbidder'), 15_000);
    const panel = page.getByRole('region', { name: 'Second-chance offer' });
    await visible(panel.getByText('Offered, waiting for an answer'), 15_000);
    await visible(panel.getByText(new RegExp(`^To ${underbidder.first_name}`)));
    expect(await page.getByRole('button', { name: 'Make a second-chance offer' }).count()).toBe(0);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-second-chance-390.png`, fullPage: true });
    const detail = await apiCall<{ data: { secondChance: { status: string; userId: string } } }>(
      e2e.baseUrl,
      `/admin/orders/${orderId}`,
      {
        token: (await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password)).token,
      },
    );
    expect(detail.body.data.secondChance).toMatchObject({ status: 'pending', userId: underbidder.user.id });
  }, 180_000);

  it('the dashboard’s bids-in-the-last-hour figure changes after a bid, without a reload', async () => {
    const { rug } = await quickLot(e2e.baseUrl, 2, 3_600);
    await waitOpen(e2e.baseUrl, rug.id);
    const { page } = await e2e.newPage({ session: await staff('staff') });
    await page.goto('/admin');
    await visible(page.getByText('Updates live'), 20_000);
    await expect
      .poll(() => figure(page, 'Bids in the last hour'), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(0);
    const before = await figure(page, 'Bids in the last hour');
    let reloaded = false;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) reloaded = true;
    });
    const bidder = await createVerifiedUser(e2e.baseUrl);
    expect(
      (
        await apiCall(e2e.baseUrl, `/rug/add-offer/${rug.id}`, {
          token: bidder.token,
          body: { amount: 10_000 },
        })
      ).status,
    ).toBe(201);
    // The nudge comes within seconds; the backstop poll only every minute, so this shows the socket at work.
    await expect
      .poll(() => figure(page, 'Bids in the last hour'), { timeout: 40_000 })
      .toBeGreaterThan(before);
    expect(reloaded).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // The layout follows the new width one render later (media queries switch the navigation to the phone's).
    await expect.poll(() => scrollsSideways(page), { timeout: 5_000 }).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-390.png`, fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 180_000);
});
