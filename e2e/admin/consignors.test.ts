import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { draftRug } from '../auction/lots.ts';
import { dialog, field, showsMessage, toast, visible } from '../helpers/ui.ts';

const e2e = useE2E();
const staff = (role: 'specialist' | 'accounts') =>
  loginThroughApi(e2e.baseUrl, `${role}@knotwork.local`, 'Staff@12345');

const draft = (token: string, title: string) =>
  draftRug(e2e.baseUrl, token, title, 'Brought in for the consignment test');

/** Issue 27 §4: the back office's consignors and the intake of their rugs. */
describe('consignors and consignments in the back office', () => {
  it('a specialist adds a consignor with an IBAN (a wrong one is refused under the field, the saved one shown masked), takes two rugs in with estimates and a reserve, and marks the agreement signed; accounts read it but cannot take rugs in', async () => {
    const specialist = await staff('specialist');
    const stamp = `Intake ${Date.now().toString(36)}`;
    await draft(specialist.token, `${stamp} Heriz`);
    await draft(specialist.token, `${stamp} Serapi`);
    const name = `${stamp} Consignor`;

    const { page } = await e2e.newPage({ session: specialist });
    await page.goto('/admin/consignors');
    await visible(page.getByRole('heading', { name: 'Consignors', level: 1 }));
    await page.getByRole('button', { name: 'New consignor' }).click();
    const form = await visible(dialog(page, 'New consignor'));
    await field(form, 'Name').fill(name);
    await field(form, 'E-mail').fill(`${Date.now().toString(36)}@consignor.example`);
    await form.getByRole('radio', { name: 'IBAN' }).check();
    await field(form, 'Account holder').fill(name);
    const iban = form.getByRole('textbox', { name: 'IBAN' });
    // One digit off: the checksum fails, in the browser, before anything is sent.
    await iban.fill('GB82 WEST 1234 5698 7654 31');
    await form.getByRole('button', { name: 'Add the consignor' }).click();
    await showsMessage(form, 'Enter a valid IBAN');
    await iban.fill('GB82 WEST 1234 5698 7654 32');
    await form.getByRole('button', { name: 'Add the consignor' }).click();
    await visible(toast(page, 'Consignor added'));
    await visible(page.getByRole('heading', { name, level: 1 }), 15_000);
    const consignorId = new URL(page.url()).pathname.split('/').pop()!;
    await visible(page.getByTestId('masked-account').filter({ hasText: 'GB82 •••• •••• 5432' }));
    expect(await page.getByText('WEST', { exact: false }).count()).toBe(0);
    await visible(page.getByText('Identity not checked'));

    await page.getByRole('link', { name: 'New consignment' }).click();
    await visible(page.getByRole('heading', { name: `New consignment · ${name}`, level: 1 }));
    for (const title of [`${stamp} Heriz`, `${stamp} Serapi`]) {
      await field(page, 'Find a rug in the catalogue').fill(title);
      await page.getByRole('option', { name: new RegExp(`^${title}`) }).click();
      await visible(page.getByRole('listitem', { name: title }));
    }
    const heriz = page.getByRole('listitem', { name: `${stamp} Heriz` });
    await field(heriz, 'Low estimate').fill('4000');
    await field(heriz, 'High estimate').fill('6000');
    await field(heriz, 'Reserve').fill('3500');
    const serapi = page.getByRole('listitem', { name: `${stamp} Serapi` });
    await field(serapi, 'Low estimate').fill('2500');
    await field(serapi, 'High estimate').fill('3500');
    await page.getByRole('button', { name: 'Record the consignment (2 rugs)' }).click();
    await visible(toast(page, 'Consignment recorded'));
    await visible(page.getByRole('heading', { name: /^Consignment C-\d{4}-\d{4}$/, level: 1 }), 15_000);
    const consignmentPath = new URL(page.url()).pathname;
    await visible(page.getByText('$4,000 – $6,000'));
    await visible(page.getByText('reserve $3,500'));
    await visible(page.getByText('Agreement not sent'));

    await page.getByRole('button', { name: 'Mark signed on paper' }).click();
    const sign = await visible(dialog(page, 'Mark signed on paper'));
    await sign.getByRole('button', { name: 'Mark signed on paper' }).click();
    await visible(toast(page, 'Agreement status saved'));
    await visible(page.getByText('Signed on paper'));
    await visible(page.getByRole('button', { name: 'Print receipt' }));

    const recorded = await apiCall<{
      data: {
        items: { estimateLow: number; estimateHigh: number; reserve: number | null }[];
        agreement: { status: string };
      };
    }>(e2e.baseUrl, `/admin${consignmentPath.replace('/admin', '')}`, { token: specialist.token });
    expect(recorded.body.data.agreement.status).toBe('signed_on_paper');
    expect(recorded.body.data.items.map((i) => [i.estimateLow, i.estimateHigh, i.reserve]).sort()).toEqual(
      [
        [250_000, 350_000, null],
        [400_000, 600_000, 350_000],
      ].sort(),
    );

    // Accounts: the consignor's page and the receipt, but no intake.
    const accounts = await staff('accounts');
    const { page: desk } = await e2e.newPage({ session: accounts });
    await desk.goto(`/admin/consignors/${consignorId}`);
    await visible(desk.getByRole('heading', { name, level: 1 }), 15_000);
    await visible(desk.getByRole('link', { name: /^C-\d{4}-\d{4}$/ }));
    expect(await desk.getByRole('link', { name: 'New consignment' }).count()).toBe(0);
    expect(await desk.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await visible(desk.getByRole('button', { name: 'Mark identity checked' }));
    await desk.goto(`/admin/consignments/new?consignor=${consignorId}`);
    await visible(desk.getByText('Your role can read consignments but not record them.'));
    expect(await desk.getByRole('button', { name: /^Record the consignment/ }).count()).toBe(0);
  });
});
