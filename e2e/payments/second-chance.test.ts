import { describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { listMail } from '../helpers/mailbox.ts';
import { visible } from '../helpers/ui.ts';
import { STAFF, quickLot, session, waitOpen } from '../auction/lots.ts';
import { scrollsSideways } from './orders.ts';

const e2e = useE2E();

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('second-chance offer in the browser', () => {
  it('the underbidder opens the mailed link, accepts, and goes to the checkout of the new order', async () => {
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

    // The lot closes; the winner never pays; staff cancel the order and offer the rug to the underbidder.
    const orderId = await until('the winner\u2019s order', async () => {
      const { body } = await apiCall<{ data: { id: string; rug: { id: string } }[] }>(
        e2e.baseUrl,
        '/order/list',
        { token: winner.token },
      );
      return body.data.find((o) => o.rug.id === rug.id)?.id;
    });
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    expect(
      (
        await apiCall(e2e.baseUrl, `/admin/orders/${orderId}/cancel`, {
          token: staff.token,
          body: { reason: 'Not paid' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await apiCall(e2e.baseUrl, `/admin/orders/${orderId}/second-chance`, { token: staff.token, body: {} }))
        .status,
    ).toBe(201);
    const token = await until('the offer mail', async () => {
      const mail = (await listMail(e2e.baseUrl)).find(
        (m) => m.to === underbidder.email.toLowerCase() && m.text.includes('/second-chance/'),
      );
      return mail ? /\/second-chance\/([A-Za-z0-9_-]{20,})/.exec(mail.text)?.[1] : undefined;
    });

    const { page } = await e2e.newPage({ session: session(underbidder) });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/second-chance/${token}`);
    const offer = await visible(page.getByTestId('second-chance'));
    expect(await offer.getAttribute('data-status')).toBe('pending');
    await visible(offer.getByText(rug.title));
    // At most the underbidder's maximum, plus the premium.
    await visible(page.getByTestId('second-chance-total'));
    expect(await scrollsSideways(page)).toBe(false);

    await page.getByTestId('second-chance-accept').click();
    await (await visible(page.getByTestId('second-chance-checkout'))).click();
    await page.waitForURL((u) => u.pathname === '/checkout');
    await visible(page.getByTestId('checkout-line').filter({ hasText: rug.title }));
    const newOrder = new URL(page.url()).searchParams.get('orders');
    const detail = await apiCall<{ data: { status: string; hammerPrice: number } }>(
      e2e.baseUrl,
      `/order/${newOrder}`,
      { token: underbidder.token },
    );
    expect(detail.body.data).toMatchObject({ status: 'awaiting_payment', hammerPrice: 20_000 });
  });

  it('an unknown offer link says so, without signing in', async () => {
    const { page } = await e2e.newPage({ allow: [/status of 404/] });
    await page.goto(`/second-chance/${'x'.repeat(43)}`);
    await visible(page.getByRole('heading', { name: 'This offer does not exist' }));
  });
});
