import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addressMessages, type Address } from '@knotwork/shared/schemas/addresses';
import { geoMessages } from '@knotwork/shared/schemas/geo';
import { apiCall, createVerifiedUser } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog, field, gone, showsMessage, toast, visible } from '../helpers/ui.ts';

const e2e = useE2E();

/** Picks an option of an MUI Autocomplete by typing part of it and choosing the exact option. */
async function choose(page: Page, label: string, typed: string, option: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(typed);
  await page
    .getByRole('option', { name: new RegExp(`^(\\S+ )?${option}( \\+[\\d-]+)?$`) })
    .first()
    .click();
}

const cards = (page: Page) => page.getByTestId('address-card');

describe('address book on /profile', () => {
  it('adds an address with a state (US/NY), edits it, sets another as default and deletes one', async () => {
    const user = await createVerifiedUser(e2e.baseUrl);
    const { page } = await e2e.newPage({ session: user });
    await page.goto('/profile');
    const book = page.getByRole('region', { name: 'Saved addresses' });
    await visible(book.getByText('No saved addresses yet'));

    // 1. First address: United States, New York. Validation runs as you type; the state is required here.
    await book.getByRole('button', { name: 'Add address' }).click();
    const add = await visible(dialog(page, 'Add an address'));
    await choose(page, 'Country', 'United St', 'United States');
    // The United States asks for a state and a ZIP code, by those names (issue 24 §8: each country's own words).
    await visible(add.getByRole('combobox', { name: 'State' }));
    await field(add, 'Full name').fill('Ada Weaver');
    await field(add, 'Phone Number').fill('12');
    await showsMessage(add, addressMessages.phoneInvalid);
    await field(add, 'Phone Number').fill('+1 (212) 555-0148');
    await field(add, 'Address line 1').fill('118 Weaver Street');
    await field(add, 'City').fill('New York');
    await field(add, 'ZIP code').fill('10013');
    await add.getByRole('button', { name: 'Add address' }).click();
    await showsMessage(add, geoMessages.stateRequired);
    await choose(page, 'State', 'New Y', 'New York');
    // The first address is the default, whatever the switch says.
    expect(await add.getByRole('switch', { name: 'Use as default' }).isChecked()).toBe(true);
    await add.getByRole('button', { name: 'Add address' }).click();
    await visible(toast(page, addressMessages.added));
    await gone(add);
    const ada = cards(page).filter({ hasText: 'Ada Weaver' });
    await visible(ada.getByText('Default', { exact: true }));
    // Written as the US writes it: city, state code and ZIP on one line.
    await visible(ada.getByText('New York, NY 10013'));

    // 2. Edit it.
    await page.getByRole('button', { name: 'Edit the address of Ada Weaver' }).click();
    const edit = await visible(dialog(page, 'Edit address'));
    expect(await edit.getByRole('combobox', { name: 'State' }).inputValue()).toBe('New York');
    await field(edit, 'Address line 1').fill('120 Weaver Street');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await visible(toast(page, addressMessages.updated));
    await visible(ada.getByText('120 Weaver Street'));

    // 3. A second address in a country without states or postal codes (Aruba): the state field is hidden.
    await book.getByRole('button', { name: 'Add address' }).click();
    const second = await visible(dialog(page, 'Add an address'));
    await choose(page, 'Country', 'Arub', 'Aruba');
    await visible(field(second, 'Postal code (optional)'));
    expect(await second.getByLabel(/^State/).count()).toBe(0);
    await field(second, 'Full name').fill('Bea Loom');
    await field(second, 'Phone Number').fill('+2975820000');
    await field(second, 'Address line 1').fill('L.G. Smith Boulevard 1');
    await field(second, 'City').fill('Oranjestad');
    await second.getByRole('button', { name: 'Add address' }).click();
    await visible(toast(page, addressMessages.added));
    await gone(second);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="address-card"]').length === 2);
    const bea = cards(page).filter({ hasText: 'Bea Loom' });
    expect(await bea.getByText('Default', { exact: true }).count()).toBe(0);

    // 4. Make it the default: it moves first and carries the badge.
    await page.getByRole('button', { name: 'Set as default: Bea Loom' }).click();
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="address-card"]')?.textContent?.includes('Bea Loom'),
    );
    await visible(bea.getByText('Default', { exact: true }));
    expect(await ada.getByText('Default', { exact: true }).count()).toBe(0);
    const { body } = await apiCall<{ data: Address[] }>(e2e.baseUrl, '/address/get', { token: user.token });
    expect(body.data.map((a) => [a.name, a.isDefault])).toEqual([
      ['Bea Loom', true],
      ['Ada Weaver', false],
    ]);

    // 5. Delete one, after confirming.
    await page.getByRole('button', { name: 'Delete the address of Ada Weaver' }).click();
    const confirm = await visible(dialog(page, 'Delete this address?'));
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(toast(page, addressMessages.deleted));
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="address-card"]').length === 1);
    await visible(bea);
  });
});
