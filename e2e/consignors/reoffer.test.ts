import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import type { Page } from 'playwright-core';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog, field, toast, visible } from '../helpers/ui.ts';
import { quickLot, session, STAFF } from '../auction/lots.ts';
import { scrollsSideways } from '../payments/orders.ts';
import { consignRug, staffCall } from './consign.ts';

const e2e = useE2E();
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/**
 * Issue 27 §2 (decision 089): a rug's lot closes without a bid; a specialist proposes it for another sale from the
 * consignment page; the consignor reads the proposal in French on a phone, accepts it, and the rug is a lot of that
 * sale. The portal reads the same in Arabic, right to left, without sideways scroll.
 */
describe('re-offering an unsold rug', () => {
  it('staff propose on the consignment page; the consignor accepts in the portal and the rug is in the sale', async () => {
    const collector = await createVerifiedUser(e2e.baseUrl);
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    // Open now, over in a few seconds, no bid: the jobs close it unsold.
    const lot = await quickLot(e2e.baseUrl, -5, 6);
    const { consignment } = await consignRug(e2e.baseUrl, staff.token, {
      name: `Remise ${Date.now().toString(36)}`,
      collectorEmail: collector.email,
      rugId: lot.rug.id,
    });
    const now = Date.now();
    const target = await staffCall<{ data: { id: string; title: string } }>(
      e2e.baseUrl,
      staff.token,
      '/admin/auctions',
      {
        title: `Autumn re-offers ${now.toString(36)}`,
        startsAt: new Date(now + 10 * 86_400_000).toISOString(),
        endsAt: new Date(now + 11 * 86_400_000).toISOString(),
      },
    );
    const deadline = Date.now() + 90_000;
    for (;;) {
      const { body } = await apiCall<{ data: { actionable: boolean }[] }>(
        e2e.baseUrl,
        `/admin/consignments/${consignment.id}/reoffers`,
        { token: staff.token },
      );
      if (body.data[0]?.actionable) break;
      if (Date.now() > deadline) throw new Error('The test lot did not close unsold');
      await new Promise((r) => setTimeout(r, 500));
    }

    // The specialist's side, in English on a desk.
    const desk = await e2e.newPage({ session: session(staff) });
    await desk.page.setViewportSize({ width: 1366, height: 900 });
    await desk.page.goto(`/admin/consignments/${consignment.id}`);
    const panel = desk.page.getByRole('region', { name: 'Unsold rugs: return or offer again' });
    await visible(panel.getByText(/: unsold/));
    await panel.getByRole('button', { name: 'Propose re-offer' }).click();
    const form = await visible(dialog(desk.page, `Offer “${lot.rug.title}” again`));
    await form.getByRole('combobox', { name: 'Sale' }).click();
    await desk.page.getByRole('option', { name: new RegExp(target.data.title) }).click();
    await field(form, 'Low estimate').fill('180');
    await field(form, 'High estimate').fill('250');
    await field(form, 'Reserve').fill('150');
    await field(form, 'Commission (flat)').fill('12');
    await form.getByTestId('reoffer-confirm').click();
    await visible(toast(desk.page, 'Re-offer proposed to the consignor'));
    await visible(panel.getByText('Awaiting the consignor'));
    await shot(desk.page, 'reoffer-staff-1366');

    // The consignor's side, in French on a phone.
    const { page } = await e2e.newPage({ session: session(collector) });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'fr'));
    await page.goto('/consignor');
    await visible(page.getByRole('heading', { name: 'Propositions de remise en vente' }));
    const card = await visible(page.getByTestId('reoffer'));
    expect(await card.getAttribute('data-status')).toBe('pending');
    await visible(card.getByText(target.data.title, { exact: false }));
    await visible(card.getByText('Commission vendeur'));
    await visible(card.getByText(/12\s?%/));
    expect(await scrollsSideways(page)).toBe(false);
    await shot(page, 'reoffer-portal-fr-390');
    const accept = card.getByRole('button', { name: 'Accepter' });
    expect(await accept.isDisabled()).toBe(true);
    await card.getByRole('checkbox', { name: 'J’accepte ces conditions pour cette vente' }).check();
    await accept.click();
    await visible(toast(page, 'Remise en vente acceptée'));
    await visible(card.getByText(/le tapis est dans la vente sous le dépôt C-/));
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toMatch(/\b(pending|accepted|reoffered|in_sale)\b/);

    // Arabic, right to left (the language switcher stores the direction with it), still within the phone's width.
    const { page: ar } = await e2e.newPage({ session: session(collector) });
    await ar.setViewportSize({ width: 390, height: 844 });
    await ar.addInitScript((key) => {
      localStorage.setItem('i18nextLng', 'ar');
      localStorage.setItem(key, JSON.stringify({ direction: 'rtl' }));
    }, STORAGE_KEYS.settings);
    await ar.goto('/consignor');
    await visible(ar.getByRole('heading', { name: 'اقتراحات إعادة عرض سجاداتك' }));
    await expect.poll(() => ar.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await visible(ar.getByTestId('reoffer').getByText('مقبول'));
    expect(await scrollsSideways(ar)).toBe(false);
    await shot(ar, 'reoffer-portal-ar-390');

    const sale = await apiCall<{ data: { lots: { rugId: string; reserve: number | null }[] } }>(
      e2e.baseUrl,
      `/admin/auctions/${target.data.id}`,
      { token: staff.token },
    );
    expect(sale.body.data.lots).toEqual([expect.objectContaining({ rugId: lot.rug.id, reserve: 15_000 })]);
  });
});
