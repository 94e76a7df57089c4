import { describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog, header, toast, visible } from '../helpers/ui.ts';
import { quickLot, session, STAFF } from '../auction/lots.ts';
import { consignRug, staffCall } from './consign.ts';

const e2e = useE2E();

/** Issue 27 §4: the consignor portal, seen by a collector whose account staff linked to a consignor. */
describe('consignor portal', () => {
  it('a linked collector opens /consignor in French, sees their rug in the open sale, and accepts the agreement', async () => {
    const collector = await createVerifiedUser(e2e.baseUrl);
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const lot = await quickLot(e2e.baseUrl, -5, 3600);
    const { consignment } = await consignRug(e2e.baseUrl, staff.token, {
      name: `Portail ${Date.now().toString(36)}`,
      collectorEmail: collector.email,
      rugId: lot.rug.id,
    });
    await staffCall(e2e.baseUrl, staff.token, `/admin/consignments/${consignment.id}/agreement`, {
      status: 'sent',
      version: '2026-1',
    });

    const { page } = await e2e.newPage({ session: session(collector) });
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'fr'));
    await page.goto('/');
    // The account menu offers the portal to a linked account.
    await header(page).getByTestId('account-menu-button').click();
    await page.getByRole('menuitem', { name: 'Mes dépôts-ventes' }).click();
    await page.waitForURL('**/consignor');

    const card = await visible(page.getByTestId('consignment-card'));
    await visible(card.getByRole('heading', { name: `Dépôt ${consignment.number}` }));
    await visible(card.getByRole('link', { name: lot.rug.title }));
    const status = card.getByTestId('consignor-item-status');
    expect(await status.getAttribute('data-status')).toBe('in_sale');
    expect(await status.innerText()).toBe('En vente');
    await visible(card.getByText(/Aucune enchère pour l’instant|Enchère actuelle/));
    await visible(page.getByText(/Les virements sont envoyés sur .*•/));
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('in_sale');

    await card.getByRole('button', { name: 'Lire et accepter' }).click();
    const review = await visible(dialog(page, `Contrat du dépôt ${consignment.number}`));
    await visible(review.getByText('Commission vendeur'));
    const accept = review.getByRole('button', { name: 'Accepter' });
    expect(await accept.isDisabled()).toBe(true);
    await review.getByRole('checkbox', { name: 'J’accepte ces conditions' }).check();
    await accept.click();
    await visible(toast(page, 'Contrat accepté'));
    await visible(card.getByText(/Contrat accepté en ligne le/));
    expect(await card.getByTestId('agreement-state').getAttribute('data-status')).toBe('accepted_online');
    await visible(page.getByRole('heading', { name: 'Relevé de compte' }));

    const stored = await apiCall<{ data: { agreement: { status: string; by: { id: string } | null } } }>(
      e2e.baseUrl,
      `/admin/consignments/${consignment.id}`,
      { token: staff.token },
    );
    expect(stored.body.data.agreement.status).toBe('accepted_online');
    expect(stored.body.data.agreement.by?.id).toBe(collector.user.id);
  });
});
