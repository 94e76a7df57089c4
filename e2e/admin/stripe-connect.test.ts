import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import { apiCall, loginThroughApi } from '../helpers/accounts.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog, field, toast, visible } from '../helpers/ui.ts';
import { STAFF } from '../auction/lots.ts';
import { scrollsSideways } from '../payments/orders.ts';
import { FAKE_CONNECT_ACCOUNTS, startStripeFake } from '../../apps/server/test/fakes/stripe-fake.ts';

// The server's Stripe is the local stand-in (the official SDK pointed at it): nothing reaches Stripe.
const stripe = await startStripeFake();
const e2e = useE2E(stripe.env);
afterAll(() => stripe.close());
/** Set to a folder to keep screenshots (1366 and 390 px; English and Arabic). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

async function ok<T>(what: string, call: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await call;
  if (status >= 300) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

async function shoot(page: Page, name: string, widths: number[] = [1366, 390]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    expect(await scrollsSideways(page), `${name} scrolls sideways at ${width} px`).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/stripe-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Issue 27 §3 (decision 088): a consignor paid by a Stripe Connect transfer from the payout batch page. */
describe('Stripe Connect payouts in the back office', () => {
  it('admin turns them on; accounts give a consignor a Stripe account, send the transfer, see it refused in words, send it again and mark the batch paid', async () => {
    const admin = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const accounts = await loginThroughApi(e2e.baseUrl, 'accounts@knotwork.local', 'Staff@12345');

    // Settings: the switch, offered because the server has Stripe keys.
    const { page: settings } = await e2e.newPage({ session: admin });
    await settings.setViewportSize({ width: 1366, height: 900 });
    await settings.goto('/admin/settings');
    const form = await visible(settings.getByRole('form', { name: 'Consignments and settlements' }), 15_000);
    const toggle = form.getByLabel('Pay consignors who have a Stripe account by Stripe Connect transfer');
    await expect.poll(() => toggle.isEnabled(), { timeout: 10_000 }).toBe(true);
    await toggle.check();
    await form.getByRole('button', { name: 'Save' }).click();
    await visible(toast(settings, 'Settings saved'));

    // The demo's consignor whose payout is held (identity not checked) is owed money.
    const payables = await ok(
      'GET /admin/payouts',
      apiCall<{ data: { consignorId: string; consignorName: string; heldReason: string | null }[] }>(
        e2e.baseUrl,
        '/admin/payouts',
        { token: accounts.token },
      ),
    );
    const held = payables.data.find((p) => p.heldReason === 'identity_not_checked');
    if (!held) throw new Error('the demo has no held consignor');

    // Accounts change the payout details to a Stripe account: a wrong id is refused in words, then a real one.
    // Marking paid before the transfer is refused (409): the refusal is the point, not noise.
    const { page } = await e2e.newPage({ session: accounts, allow: [httpStatusNoise(409)] });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/admin/consignors/${held.consignorId}`);
    await visible(page.getByRole('heading', { name: held.consignorName, level: 1 }), 15_000);
    await page.getByRole('button', { name: 'Change' }).click();
    const payout = await visible(dialog(page, 'Payout details'));
    await payout.getByRole('button', { name: 'Enter new details' }).click();
    await payout.getByRole('radio', { name: 'Stripe account' }).check();
    await field(payout, 'Account holder').fill('Stripe Dealer Ltd');
    await field(payout, 'Stripe connected account ID').fill('acct_12');
    await payout.getByRole('button', { name: 'Save' }).click();
    await visible(
      payout.getByText('Enter the Stripe connected account id: acct_ followed by letters and digits'),
    );
    await field(payout, 'Stripe connected account ID').fill(FAKE_CONNECT_ACCOUNTS.cannotReceive);
    await payout.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Consignor saved'));
    await visible(page.getByTestId('masked-account').filter({ hasText: 'acct_•••• eive' }));
    await shoot(page, 'consignor');

    await ok(
      'identity check',
      apiCall(e2e.baseUrl, `/admin/consignors/${held.consignorId}/identity-check`, {
        token: accounts.token,
        body: { document: 'Passport, US' },
      }),
    );
    const batch = await ok(
      'POST /admin/payout-batches',
      apiCall<{ data: { id: string; number: string } }>(e2e.baseUrl, '/admin/payout-batches', {
        token: accounts.token,
        body: { consignorIds: [held.consignorId] },
      }),
    );

    // The batch: one Stripe payment, not sent; sending it is refused by Stripe (the account cannot receive yet).
    await page.goto(`/admin/payout-batches/${batch.data.id}`);
    const line = await visible(page.getByTestId('batch-line').first(), 15_000);
    expect(await line.getByTestId('transfer-status').getAttribute('data-status')).toBe('not_sent');
    expect(await page.getByTestId('download-csv').count()).toBe(0);
    await page.getByTestId('send-transfers').click();
    await visible(dialog(page, 'Send Stripe transfers'));
    await page.getByTestId('confirm-send-transfers').click();
    await visible(toast(page, 'Transferred: 0 · refused: 1 · not confirmed yet: 0'));
    await expect.poll(() => line.getByTestId('transfer-status').getAttribute('data-status')).toBe('failed');
    await visible(
      line.getByText(
        'This Stripe account cannot receive transfers yet: the consignor must finish setting it up with Stripe',
      ),
    );
    await shoot(page, 'batch-refused');

    // Marking paid waits for the transfer.
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await dialog(page, 'Mark paid').getByRole('button', { name: 'Mark paid' }).click();
    await visible(
      toast(
        page,
        'Every Stripe payment must be transferred before the batch is marked paid: send the transfers',
      ),
    );

    // The consignor finishes Stripe's onboarding; the same button sends it again, and it is transferred once.
    stripe.cannotReceive.delete(FAKE_CONNECT_ACCOUNTS.cannotReceive);
    await page.getByTestId('send-transfers').click();
    await page.getByTestId('confirm-send-transfers').click();
    await visible(toast(page, 'Transferred: 1 · refused: 0 · not confirmed yet: 0'));
    await expect
      .poll(() => line.getByTestId('transfer-status').getAttribute('data-status'))
      .toBe('succeeded');
    const made = [...stripe.transfers.values()].filter(
      (tr) => tr.destination === FAKE_CONNECT_ACCOUNTS.cannotReceive,
    );
    expect(made).toHaveLength(1);
    expect(made[0]!.transfer_group).toBe(batch.data.number);
    await visible(line.getByText(made[0]!.id));
    expect(await page.getByTestId('send-transfers').count()).toBe(0);

    await page.getByRole('button', { name: 'Mark paid' }).click();
    await dialog(page, 'Mark paid').getByRole('button', { name: 'Mark paid' }).click();
    await visible(toast(page, 'Payout batch marked paid'));
    await expect.poll(() => page.getByTestId('batch-status').getAttribute('data-status')).toBe('paid');
    await shoot(page, 'batch-paid');

    // Arabic, right to left: the transfer's state in words, no code on the page.
    const { page: ar } = await e2e.newPage({ session: accounts });
    await ar.addInitScript(
      ([key]) => {
        localStorage.setItem('i18nextLng', 'ar');
        localStorage.setItem(key, JSON.stringify({ direction: 'rtl' }));
      },
      [STORAGE_KEYS.settings] as const,
    );
    await ar.setViewportSize({ width: 1366, height: 900 });
    await ar.goto(`/admin/payout-batches/${batch.data.id}`);
    await visible(ar.getByTestId('batch-line').first(), 15_000);
    await expect.poll(() => ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await ar.getByTestId('transfer-status').innerText()).toBe('حُوّل');
    const text = await ar.evaluate(() => document.body.innerText);
    for (const code of ['succeeded', 'not_sent', 'stripe_connect', 'account_cannot_receive'])
      expect(text).not.toContain(code);
    await shoot(ar, 'batch-ar');
  }, 180_000);
});
