import { describe, expect, it } from 'vitest';
import { createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { field, toast, visible } from '../helpers/ui.ts';
import { seriousAxeViolations } from '../content/axe.ts';
import { session } from '../auction/lots.ts';
import { addAddress, buyNowOrder, centsOf, scrollsSideways } from '../payments/orders.ts';

// Its own server: the settings it changes must not move other files' checkouts.
const e2e = useE2E({ BANK_TRANSFER_INSTRUCTIONS: 'Install default: pay the house, quoting your reference.' });
const POLL = { timeout: 15_000 };
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

describe('house settings (issue 11)', () => {
  it('an admin changes the home shipping rate and the bank-transfer text; a buyer’s checkout shows both at once', async () => {
    const admin = await loginThroughApi(e2e.baseUrl, 'staff@knotwork.local', 'Staff@12345');
    // The bad country code below is refused by the server (a 400 the browser logs).
    const { page } = await e2e.newPage({ session: admin, allow: [/status of 400/] });
    await page.goto('/admin/settings');

    const bank = await visible(page.getByRole('form', { name: 'Bank transfer' }));
    expect(await field(bank, 'Instructions').inputValue()).toBe(
      'Install default: pay the house, quoting your reference.',
    );
    const text = `Pay Knotwork Ltd, IBAN GB00 E2E ${Date.now()}, quoting your reference.`;
    await field(bank, 'Instructions').fill(text);
    await bank.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Settings saved'));

    const shipping = await visible(page.getByRole('form', { name: 'Shipping zones and rates' }));
    const home = shipping.getByRole('group', { name: 'Home' });
    expect(await field(home, 'Rate (USD)').inputValue()).toBe('95');
    // A bad code is refused with the field's own message, and nothing is saved.
    await field(shipping, 'Countries (two-letter codes)').fill('FR DE XYZ');
    await shipping.getByRole('button', { name: 'Save' }).click();
    await visible(shipping.getByText('Use two-letter country codes (ISO 3166), like FR'));
    await field(shipping, 'Countries (two-letter codes)').fill('FR DE IT ES GB');
    await field(home, 'Rate (USD)').fill('123');
    await shipping.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Settings saved'));

    // The house's own conditions of sale for its printed catalogues: English written, French left to the standard.
    const conditions = await visible(page.getByRole('form', { name: 'Conditions of sale in catalogues' }));
    await field(conditions, 'English').fill('Lots are sold as seen.\n\nPayment within seven days.');
    await conditions.getByRole('button', { name: 'Save' }).click();
    await visible(toast(page, 'Settings saved'));
    await page.reload();
    const reread = await visible(page.getByRole('form', { name: 'Conditions of sale in catalogues' }));
    expect(await field(reread, 'English').inputValue()).toBe(
      'Lots are sold as seen.\n\nPayment within seven days.',
    );
    expect(await field(reread, 'French').inputValue()).toBe('');
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await scrollsSideways(page)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/settings-390.png`, fullPage: true });

    // A buyer with a US address: the home zone's new rate, and the new text once they choose a transfer.
    const buyer = await createVerifiedUser(e2e.baseUrl);
    const [{ orderId }] = await Promise.all([
      buyNowOrder(e2e.baseUrl, buyer),
      addAddress(e2e.baseUrl, buyer),
    ]);
    const shopper = await e2e.newPage({ session: session(buyer) });
    await shopper.page.goto(`/checkout?orders=${orderId}`);
    await expect
      .poll(async () => centsOf(await shopper.page.getByTestId('quote-shipping').textContent()), POLL)
      .toBe(12_300);
    await shopper.page.getByTestId('pay-bank-transfer').click();
    expect(await (await visible(shopper.page.getByTestId('bank-instructions'))).textContent()).toContain(
      text,
    );
  }, 180_000);

  it('accounts read the settings but cannot change them', async () => {
    const accounts = await loginThroughApi(e2e.baseUrl, 'accounts@knotwork.local', 'Staff@12345');
    const { page } = await e2e.newPage({ session: accounts });
    await page.goto('/admin/settings');
    const premium = await visible(page.getByRole('form', { name: 'Default buyer’s premium' }));
    await visible(premium.getByText('Only an admin can change this.'));
    expect(await premium.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 120_000);
});
