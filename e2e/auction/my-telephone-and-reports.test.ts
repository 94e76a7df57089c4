import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, createVerifiedUser, loginThroughApi, type SignedInUser } from '../helpers/accounts.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { toast, visible } from '../helpers/ui.ts';
import { seriousAxeViolations } from '../content/axe.ts';
import { addAddress, scrollsSideways } from '../payments/orders.ts';
import { quickLot, session, STAFF } from './lots.ts';

// E2E_WEB_DIST_DIR runs this file against a web build elsewhere than apps/web/dist (its own server).
const e2e = useE2E(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : undefined);
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const SPECIALIST = { email: 'specialist@knotwork.local', password: 'Staff@12345' } as const;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function inLanguage(page: Page, language: 'en' | 'ar') {
  await page.evaluate((l) => localStorage.setItem('i18nextLng', l), language);
  await page.reload();
}

/** Registers the collector for the sale through the API (approved at once by the house's default rules). */
async function register(saleId: string, user: SignedInUser) {
  const addressId = await addAddress(e2e.baseUrl, user);
  const res = await apiCall<{ data: { registration: { status: string } } }>(
    e2e.baseUrl,
    `/rug/upcoming/${saleId}/registration`,
    { token: user.token, body: { acceptTerms: true, addressId, phone: '+12125550147' } },
  );
  expect(res.body.data.registration.status).toBe('approved');
}

/**
 * Issue 29 §1 and §2, where the collector looks: the telephone line they booked for a lot, on the lot's page and in
 * My Items (booked, operator assigned, cancelled; cancel until the lot opens), and the condition reports they asked
 * for in My Items (asked, answered on a date, "being prepared" once past the promise), with loading, empty and error
 * states; in English and Arabic, at 1366 and 390 px, with no serious axe violation.
 */
describe('my telephone lines and condition reports (issue 29 §1, §2)', () => {
  it('the lot page and My Items show the line with its state; the bidder cancels it from the lot page', async () => {
    const [bidder, staff, specialist, stranger] = await Promise.all([
      createVerifiedUser(e2e.baseUrl),
      loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password),
      loginThroughApi(e2e.baseUrl, SPECIALIST.email, SPECIALIST.password),
      createVerifiedUser(e2e.baseUrl),
    ]);
    const { sale, rug, lotId } = await quickLot(
      e2e.baseUrl,
      3600,
      7200,
      { openingBid: 100_000, estimateLow: 150_000, estimateHigh: 250_000 },
      { type: 'live', registration: { required: true, cardRequired: false } },
    );
    await register(sale.id, bidder);
    const booked = await apiCall(e2e.baseUrl, `/rug/upcoming/${sale.id}/telephone`, {
      token: bidder.token,
      body: { lotIds: [lotId], phone: '+44 20 7946 0958' },
    });
    expect(booked.status).toBe(201);

    // The lot page: "You will be called for this lot on +44…", booked, with a way to cancel.
    const { page } = await e2e.newPage({ session: session(bidder) });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/rug-listing/${rug.slug}`);
    const note = page.getByTestId('my-telephone-line');
    await visible(note.getByText('You will be called for this lot on', { exact: false }));
    await visible(note.getByText('+442079460958', { exact: false }));
    await visible(note.getByText('Booked', { exact: true }));
    await visible(note.getByRole('button', { name: 'Cancel line for lot 1' }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'lot-telephone-booked-1366');

    // Staff assign an operator: the lot page and My Items say so.
    const mine = await apiCall<{ data: { id: string }[] }>(e2e.baseUrl, `/rug/telephone?lotId=${lotId}`, {
      token: bidder.token,
    });
    const assigned = await apiCall(
      e2e.baseUrl,
      `/admin/auctions/${sale.id}/telephone/${mine.body.data[0]!.id}/operator`,
      { method: 'PUT', token: staff.token, body: { operatorId: specialist.user.id } },
    );
    expect(assigned.status).toBe(200);
    await page.goto('/my-items?tab=telephone');
    await visible(page.getByRole('tab', { name: 'Telephone bids', selected: true }));
    const row = page.getByTestId('my-telephone').filter({ hasText: rug.title });
    await visible(row.getByText('Operator assigned'));
    // The number is isolated (U+2066…U+2069) so that it reads left to right inside Arabic too.
    await visible(row.getByText(/Called on \W*\+442079460958/));
    await visible(row.getByText(sale.title, { exact: false }));
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'my-items-telephone-1366');

    // Arabic at 390 px: translated, nothing pushed sideways, no serious axe violation.
    await page.setViewportSize({ width: 390, height: 844 });
    await inLanguage(page, 'ar');
    await visible(page.getByRole('tab', { name: 'المزايدة بالهاتف', selected: true }));
    await visible(row.getByText('عُيّن موظف'));
    expect(await scrollsSideways(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'my-items-telephone-390-ar');
    await page.goto(`/rug-listing/${rug.slug}`);
    await visible(note.getByText('سنتصل بكم بشأن هذه القطعة', { exact: false }));
    expect(await scrollsSideways(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'lot-telephone-assigned-390-ar');

    // In English again, the bidder cancels from the lot page: the line shows as cancelled, with no button.
    await inLanguage(page, 'en');
    await visible(note.getByText('Operator assigned'));
    await note.getByRole('button', { name: 'Cancel line for lot 1' }).click();
    await visible(toast(page, 'Telephone line cancelled'));
    await visible(note.getByText('You cancelled your telephone line for this lot', { exact: false }));
    await visible(note.getByText('Cancelled', { exact: true }));
    expect(await note.getByRole('button').count()).toBe(0);
    await shot(page, 'lot-telephone-cancelled-390');
    await page.goto('/my-items?tab=telephone');
    await visible(row.getByText('Cancelled', { exact: true }));
    expect(await row.getByRole('button').count()).toBe(0);

    // Signed out: nothing about lines on the lot page, and the page hydrates without an error (the harness fails
    // the test on any page error; a query the server's render fetched without a session once made it differ).
    const visitor = await e2e.newPage();
    await visitor.page.goto(`/rug-listing/${rug.slug}`);
    await visible(visitor.page.getByTestId('condition-report-request'));
    expect(await visitor.page.getByTestId('my-telephone-line').count()).toBe(0);
    expect(await visitor.page.getByText('Your telephone line').count()).toBe(0);

    // Someone with no line: nothing on the lot page, and My Items says how to book one.
    const other = await e2e.newPage({ session: session(stranger) });
    await other.page.goto(`/rug-listing/${rug.slug}`);
    await visible(other.page.getByTestId('condition-report-request'));
    expect(await other.page.getByTestId('my-telephone-line').count()).toBe(0);
    await other.page.goto('/my-items?tab=telephone');
    await visible(other.page.getByRole('heading', { name: 'No telephone lines booked' }));
    await visible(other.page.getByRole('link', { name: 'See the upcoming sales' }));
    expect(await seriousAxeViolations(other.page)).toEqual([]);
  }, 240_000);

  it('My Items lists the condition reports asked for: asked, answered on a date, being prepared; empty and error states', async () => {
    const [collector, specialist, stranger] = await Promise.all([
      createVerifiedUser(e2e.baseUrl),
      loginThroughApi(e2e.baseUrl, SPECIALIST.email, SPECIALIST.password),
      createVerifiedUser(e2e.baseUrl),
    ]);
    const answered = await quickLot(e2e.baseUrl, 3600, 7200);
    const asked = await quickLot(e2e.baseUrl, 3600, 7200);
    const late = await quickLot(e2e.baseUrl, 3600, 7200);
    for (const lot of [late, asked, answered]) {
      const res = await apiCall(e2e.baseUrl, `/rug/condition-report/${lot.lotId}`, {
        token: collector.token,
        body: { question: null },
      });
      expect(res.status).toBe(201);
    }
    const published = await apiCall(e2e.baseUrl, `/admin/condition-reports/lots/${answered.lotId}/report`, {
      token: specialist.token,
      body: { body: 'Good condition overall; the fringes were rewoven at one end.' },
    });
    expect(published.status).toBe(200);

    // A request past the house's promise (its due time moved back in the answer: the clock cannot be waited for).
    const { page } = await e2e.newPage({ session: session(collector) });
    await page.route('**/api/v1/rug/condition-reports', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: { lot: { id: string }; request: { dueAt: string; requestedAt: string } }[];
      };
      for (const item of body.data)
        if (item.lot.id === late.lotId) {
          item.request.requestedAt = new Date(Date.now() - 30 * 3600_000).toISOString();
          item.request.dueAt = new Date(Date.now() - 6 * 3600_000).toISOString();
        }
      await route.fulfill({ response, json: body });
    });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/my-items?tab=reports');
    await visible(page.getByRole('tab', { name: 'Condition reports', selected: true }));
    const rowOf = (title: string) => page.getByTestId('my-condition-report').filter({ hasText: title });
    await visible(rowOf(answered.rug.title).getByText(/^Answered on /));
    await visible(rowOf(asked.rug.title).getByText('Asked', { exact: true }));
    await visible(rowOf(asked.rug.title).getByText(/^Expected by /));
    await visible(rowOf(late.rug.title).getByText('Being prepared'));
    await visible(
      rowOf(late.rug.title).getByText('Our specialist is taking a little longer', { exact: false }),
    );
    // Nothing says "overdue" to the collector.
    expect(await page.getByText(/overdue/i).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'my-items-reports-1366');

    await page.setViewportSize({ width: 390, height: 844 });
    await inLanguage(page, 'ar');
    await visible(page.getByRole('tab', { name: 'تقارير الحالة', selected: true }));
    await visible(rowOf(late.rug.title).getByText('قيد الإعداد'));
    expect(await scrollsSideways(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'my-items-reports-390-ar');

    // "Read the report" leads to the lot's report section, which shows it.
    await inLanguage(page, 'en');
    const read = rowOf(answered.rug.title).getByRole('link', {
      name: 'Read the report of lot 1',
    });
    expect(await read.getAttribute('href')).toBe(
      `/rug-listing/${answered.rug.slug}#condition-report-request`,
    );
    await read.click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#condition-report-request');
    await visible(
      page.getByTestId('condition-report-request').getByText('the fringes were rewoven', { exact: false }),
    );

    // Nothing asked yet: the empty state says where to ask. A failed load says so in words, with a retry.
    const empty = await e2e.newPage({ session: session(stranger), allow: [httpStatusNoise(500)] });
    await empty.page.goto('/my-items?tab=reports');
    await visible(empty.page.getByRole('heading', { name: 'No condition reports asked for' }));
    expect(await seriousAxeViolations(empty.page)).toEqual([]);
    let fail = true;
    await empty.page.route('**/api/v1/rug/condition-reports', (route) =>
      fail
        ? route.fulfill({ status: 500, json: { message: 'The server could not answer just now.' } })
        : route.fallback(),
    );
    await empty.page.reload();
    const alert = empty.page.getByRole('alert').filter({ hasText: 'This list could not be loaded.' });
    await visible(alert, 30_000);
    expect(await seriousAxeViolations(empty.page)).toEqual([]);
    await shot(empty.page, 'my-items-reports-error');
    fail = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await visible(empty.page.getByRole('heading', { name: 'No condition reports asked for' }));
  }, 240_000);
});
