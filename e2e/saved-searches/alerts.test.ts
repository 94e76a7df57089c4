import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { waitForMail, mailIds } from '../helpers/mailbox.ts';
import { at, dialog, toast, visible } from '../helpers/ui.ts';
import { STAFF, session } from '../auction/lots.ts';

/**
 * Saved searches end to end (issue 14): a collector saves the listing's filter, staff put a matching rug into a
 * sale, and the alert arrives in the app and through the SMTP server; then My Items manages the search, on a
 * desktop and on a phone in Arabic.
 */
const e2e = useE2E();

interface FreeRug {
  id: string;
  title: string;
}

/** A published rug in no sale (the alert comes when staff put it into one). */
async function freeRug(baseUrl: string): Promise<FreeRug> {
  for (let page = 1; page <= 10; page++) {
    const { body } = await apiCall<{
      data: { id: string; title: string; availability: string; lot: unknown }[];
    }>(baseUrl, `/rug?page=${page}&pageSize=60&sort=priceDesc`);
    const rug = body.data.find((r) => r.availability === 'available' && !r.lot);
    if (rug) return rug;
  }
  throw new Error('No rug free for the test');
}

/** Staff put the rug into a new sale that starts in ten minutes (the lot is enough for the alert). */
async function putIntoSale(baseUrl: string, rugId: string): Promise<void> {
  const staff = await loginThroughApi(baseUrl, STAFF.email, STAFF.password);
  const starts = Date.now() + 600_000;
  const sale = await apiCall<{ data: { id: string } }>(baseUrl, '/admin/auctions', {
    token: staff.token,
    body: {
      title: `Saved search test ${starts}`,
      startsAt: new Date(starts).toISOString(),
      endsAt: new Date(starts + 3_600_000).toISOString(),
    },
  });
  expect(sale.status).toBe(201);
  const lot = await apiCall(baseUrl, `/admin/auctions/${sale.body.data.id}/lots`, {
    token: staff.token,
    body: { rugId, openingBid: 10_000, estimateLow: 20_000, estimateHigh: 30_000 },
  });
  expect(lot.status).toBe(201);
}

const listingOf = (filter: Record<string, unknown>) =>
  `/rug-listings?data=${encodeURIComponent(JSON.stringify(filter))}`;

async function saveThroughListing(page: Page, filter: Record<string, unknown>, name: string): Promise<void> {
  await page.goto(listingOf(filter));
  await page.getByRole('button', { name: 'Save this search' }).click();
  const form = await visible(dialog(page, 'Save this search'));
  await form.getByLabel('Name').fill(name);
  await form.getByRole('radio', { name: 'At once' }).check();
  await form.getByRole('button', { name: 'Save search' }).click();
  await visible(toast(page, 'Search saved: we will tell you about new matches.'));
}

describe('saved searches in the browser', () => {
  it('save on the listing, a matching rug put into a sale alerts in-app and by e-mail, then rename, pause and delete', async () => {
    const user = await createVerifiedUser(e2e.baseUrl);
    const rug = await freeRug(e2e.baseUrl);
    const { page } = await e2e.newPage({ session: session(user) });
    const name = `Like ${rug.title}`.slice(0, 80);
    await saveThroughListing(page, { q: rug.title }, name);

    const seen = await mailIds(e2e.baseUrl, user.email);
    await putIntoSale(e2e.baseUrl, rug.id);

    // E-mail through the SMTP server.
    const mail = await waitForMail(e2e.baseUrl, user.email, seen, 30_000);
    expect(mail.subject).toBe(`New rugs for your search “${name}”`);
    expect(mail.text).toContain(rug.title);
    expect(mail.text).toContain(`/rug-listing/${rug.id}`);

    // In-app: under the bell, and on the notifications page.
    await page.goto('/notification');
    await visible(page.getByText(`New match for “${name}”`).first(), 15_000);

    // My Items > Saved searches.
    await page.goto('/my-items?tab=searches');
    const list = await visible(page.getByTestId('saved-searches'));
    await visible(list.getByText(name, { exact: true }));
    await visible(list.getByText(/E-mail at once · 1 rug found for you so far/));

    await list.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = await visible(dialog(page, 'Edit saved search'));
    await edit.getByLabel('Name').fill('Serious rugs');
    await edit.getByRole('radio', { name: 'In a daily digest' }).check();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await visible(list.getByText('Serious rugs', { exact: true }));
    await visible(list.getByText(/Daily e-mail digest/));

    await list.getByRole('switch', { name: 'Alerts for Serious rugs' }).click();
    await visible(list.getByText('Paused', { exact: true }));
    const stored = await apiCall<{ data: { name: string; paused: boolean; emailMode: string }[] }>(
      e2e.baseUrl,
      '/saved-search',
      { token: user.token },
    );
    expect(stored.body.data).toEqual([
      expect.objectContaining({ name: 'Serious rugs', paused: true, emailMode: 'daily' }),
    ]);

    await list.getByRole('button', { name: 'Delete Serious rugs' }).click();
    await dialog(page, 'Delete this saved search?').getByRole('button', { name: 'Delete' }).click();
    await visible(page.getByText('No saved searches yet'));
    await at(page, '/my-items?tab=searches');
  });

  it('signed out, "Save this search" asks to sign in; on a phone in Arabic the tab reads right to left', async () => {
    const visitor = await e2e.newPage();
    await visitor.page.goto(listingOf({ styles: ['persian'] }));
    await visitor.page.getByRole('button', { name: 'Save this search' }).click();
    await visible(visitor.page.getByRole('dialog').first());

    const user = await createVerifiedUser(e2e.baseUrl);
    await apiCall(e2e.baseUrl, '/saved-search', {
      token: user.token,
      body: { name: 'سجاد فارسي', filter: { styles: ['persian'] }, emailMode: 'daily' },
    });
    const { page } = await e2e.newPage({ session: session(user) });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/my-items?tab=searches&lng=ar');
    await visible(page.getByRole('tab', { name: 'عمليات البحث المحفوظة' }));
    const list = await visible(page.getByTestId('saved-searches'));
    await visible(list.getByText('سجاد فارسي', { exact: true }));
    await visible(list.getByText(/ملخص يومي بالبريد الإلكتروني/));
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '.scratch/saved-searches-ar-390.png', fullPage: false });
  });
});
