import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { at, dialog, toast, visible } from '../helpers/ui.ts';
import { quickLot, session, STAFF } from './lots.ts';

const e2e = useE2E();

/** A draft whose opening time passed unpublished (issue 24 section 3: it used to be stuck for good). */
async function overdueDraft() {
  // Starts an hour ago, still a draft: a draft never opens by itself, so its dates stay open to change.
  return quickLot(e2e.baseUrl, -3600, 7200, {}, { draft: true });
}

type AdminSale = { data: { status: string; startsAt: string; moves: string[] } };

describe('a draft sale whose start has passed', () => {
  it('says so, and is rescheduled and published from one dialog', async () => {
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const { sale } = await overdueDraft();
    const before = await apiCall<AdminSale>(e2e.baseUrl, `/admin/auctions/${sale.id}`, {
      token: staff.token,
    });
    expect(before.body.data.status).toBe('draft');
    expect(before.body.data.moves).toEqual(['editText', 'reschedule', 'addLot', 'editLots', 'delete']);

    const { page } = await e2e.newPage({ session: session(staff) });
    await page.goto(`/admin/sales/${sale.id}`);
    await visible(page.getByText('This draft’s opening time has passed.', { exact: false }));
    await visible(page.getByRole('button', { name: 'Add a lot' }));
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const form = dialog(page, 'Reschedule and publish');
    await visible(form);
    // The dialog proposes a start ahead (the next hour and one more), keeping the sale's length.
    const startsAt = await form.getByLabel('Opens').inputValue();
    expect(Date.parse(startsAt)).toBeGreaterThan(Date.now());
    await form.getByRole('button', { name: 'Save and publish' }).click();
    await visible(toast(page, 'Sale published: visitors can see it now'));
    await visible(page.getByRole('button', { name: 'Back to draft' }));

    const after = await apiCall<AdminSale>(e2e.baseUrl, `/admin/auctions/${sale.id}`, { token: staff.token });
    expect(after.body.data.status).toBe('scheduled');
    expect(Date.parse(after.body.data.startsAt)).toBeGreaterThan(Date.now());
    // Visitors now see it.
    expect((await apiCall(e2e.baseUrl, `/rug/upcoming/${sale.id}`)).status).toBe(200);
  });

  it('is deleted after a confirmation; its rug is free for another sale', async () => {
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const { sale, rug } = await overdueDraft();
    const { page } = await e2e.newPage({ session: session(staff) });
    await page.goto(`/admin/sales/${sale.id}`);
    await page.getByRole('button', { name: 'Delete the sale' }).click();
    const confirm = dialog(page, 'Delete this draft?');
    await visible(confirm.getByText('The sale and its lot are deleted for good', { exact: false }));
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await visible(toast(page, 'Sale deleted'));
    await at(page, '/admin/sales');
    expect((await apiCall(e2e.baseUrl, `/admin/auctions/${sale.id}`, { token: staff.token })).status).toBe(
      404,
    );
    const free = await apiCall<{ data: { availability: string; lot: unknown } }>(
      e2e.baseUrl,
      `/rug/${rug.id}`,
    );
    expect(free.body.data.lot).toBeNull();
  });
});
