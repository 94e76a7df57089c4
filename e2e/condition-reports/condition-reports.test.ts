import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { mailIds, waitForMail } from '../helpers/mailbox.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog as dialogNamed, toast, visible } from '../helpers/ui.ts';
import { scrollsSideways } from '../payments/orders.ts';
import { quickLot, session, STAFF, type QuickLot } from '../auction/lots.ts';

// E2E_WEB_DIST_DIR runs this file against a web build elsewhere than apps/web/dist (its own server).
const e2e = useE2E(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : undefined);
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const SPECIALIST = { email: 'specialist@knotwork.local', password: 'Staff@12345' } as const;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('condition reports on request (issue 29 §2, decision 095)', () => {
  // The second test reads the lot the first answered (the tests of a file run in order).
  let lot: QuickLot;
  let specialist: Awaited<ReturnType<typeof loginThroughApi>>;

  it('a collector asks, the specialist answers from the desk with a photo inside the clock, the collector reads it from the bell', async () => {
    lot = await quickLot(e2e.baseUrl, 2, 3600);
    const collector = await createVerifiedUser(e2e.baseUrl);

    // Signed out, the offer leads to sign-in (and back to the section after).
    const { page: visitor } = await e2e.newPage();
    await visitor.goto(`/rug-listing/${lot.rug.slug}`);
    await visitor
      .getByTestId('condition-report-request')
      .getByRole('button', { name: 'Request a condition report' })
      .click();
    await visible(dialogNamed(visitor, 'Sign in'));

    // The lot page offers the report; the dialog takes an optional question.
    const { page } = await e2e.newPage({ session: session(collector) });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/rug-listing/${lot.rug.slug}`);
    const section = page.getByTestId('condition-report-request');
    await visible(section.getByText('We answer within 24 hours.', { exact: false }));
    await section.getByRole('button', { name: 'Request a condition report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a condition report' });
    await dialog.getByLabel('Your question (optional)').fill('Is there any repair to the fringes?');
    await dialog.getByRole('button', { name: 'Send the request' }).click();
    await visible(toast(page, 'Thank you: our specialists will send you the report'));
    await visible(section.getByText('Requested — we answer within 24 hours', { exact: false }));
    await visible(section.getByText('Is there any repair to the fringes?', { exact: false }));
    await shot(page, 'condition-requested-1366');

    // The specialist's desk: the request with its clock, then the lot's answer page.
    specialist = await loginThroughApi(e2e.baseUrl, SPECIALIST.email, SPECIALIST.password);
    const { page: desk } = await e2e.newPage({ session: session(specialist) });
    await desk.setViewportSize({ width: 1366, height: 900 });
    await desk.goto('/admin/condition-reports');
    const card = desk.getByTestId('condition-request').filter({ hasText: lot.rug.title }).first();
    await visible(card);
    await visible(card.getByText(/Due in 2[34] hours/));
    await visible(card.getByText('Is there any repair to the fringes?', { exact: false }));
    await shot(desk, 'condition-desk-1366');
    await card.getByRole('link', { name: new RegExp(lot.rug.title) }).click();
    const editor = desk.getByTestId('report-editor');
    await editor
      .getByLabel('Report')
      .fill('Good condition overall.\n\nThe fringes were rewoven at one end, about 4 cm, skilfully done.');
    await desk.getByTestId('report-photo-input').setInputFiles({
      name: 'fringe.png',
      mimeType: 'image/png',
      buffer: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a4a2b' } })
        .png()
        .toBuffer(),
    });
    await expect.poll(() => editor.getByTestId('editor-photo').count(), { timeout: 30_000 }).toBe(1);
    await shot(desk, 'condition-answer-1366');
    const seen = await mailIds(e2e.baseUrl, collector.email);
    await editor.getByRole('button', { name: 'Send the report' }).click();
    await visible(toast(desk, 'Report published: the requesters have been told'));
    await visible(desk.getByTestId('condition-version').getByText('Version 1', { exact: false }));
    // Answered inside its clock: the request now reads "Answered in …".
    await visible(desk.getByTestId('condition-request').getByText(/Answered in \d+ minutes?/));

    // The collector hears in the bell; the notice opens the lot at its report, text and photograph.
    await page.goto('/notification');
    const notice = page.getByTestId('notification').filter({ hasText: 'Your condition report is ready' });
    await visible(notice);
    await notice.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/rug-listing/${lot.rug.slug}`);
    const report = page.getByTestId('condition-report-request');
    await visible(report.getByText('Condition report from our specialist'));
    await visible(report.getByText('The fringes were rewoven at one end', { exact: false }));
    await expect.poll(() => report.getByTestId('condition-photo').count()).toBe(1);
    await report.getByTestId('condition-photo').click();
    await visible(page.getByRole('dialog').getByRole('img', { name: 'Condition photograph 1 of 1' }));
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await shot(page, 'condition-report-1366');

    // The e-mail said the same, with the report's text.
    const mail = await waitForMail(e2e.baseUrl, collector.email, seen);
    expect(mail.subject).toBe('Your condition report is ready');
    expect(mail.text).toContain('The fringes were rewoven at one end');
  });

  it('in Arabic on a phone a later collector gets the report at once; the desk at 390 px; the dashboard and the promise in Settings', async () => {
    // In Arabic on a phone, a collector who has not asked sees that a report exists and gets it at once.
    const second = await createVerifiedUser(e2e.baseUrl);
    const { page: ar } = await e2e.newPage({ session: session(second) });
    await ar.setViewportSize({ width: 390, height: 844 });
    await ar.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
    await ar.goto(`/rug-listing/${lot.rug.slug}`);
    const arSection = ar.getByTestId('condition-report-request');
    await visible(arSection.getByText('تقرير الحالة متاح'));
    await arSection.getByRole('button', { name: 'الحصول على تقرير الحالة' }).click();
    await visible(toast(ar, 'تقرير الحالة جاهز: أرسلناه إليك'));
    await visible(arSection.getByText('تقرير الحالة من خبيرنا'));
    await visible(arSection.getByText('The fringes were rewoven at one end', { exact: false }));
    await arSection.scrollIntoViewIfNeeded();
    expect(await scrollsSideways(ar)).toBe(false);
    await shot(ar, 'condition-report-ar-390');

    // The desk on a phone, in Arabic: the answered request, no sideways scroll.
    const { page: deskAr } = await e2e.newPage({ session: session(specialist) });
    await deskAr.setViewportSize({ width: 390, height: 844 });
    await deskAr.addInitScript(() => localStorage.setItem('i18nextLng', 'ar'));
    await deskAr.goto('/admin/condition-reports?status=answered');
    await visible(deskAr.getByTestId('condition-request').filter({ hasText: lot.rug.title }).first());
    expect(await scrollsSideways(deskAr)).toBe(false);
    await shot(deskAr, 'condition-desk-ar-390');

    // The dashboard: open and overdue requests and the desk's median response; the promise in Settings.
    const admin = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    // The refused promise (0 hours) is a 400 the page shows in words.
    const { page: board } = await e2e.newPage({ session: session(admin), allow: [httpStatusNoise(400)] });
    await board.setViewportSize({ width: 1366, height: 900 });
    await board.goto('/admin');
    const figures = await visible(board.getByTestId('condition-figures'));
    await visible(figures.getByText(/Median response, last 90 days/));
    await visible(figures.getByText(/^\d+ minutes?$/));
    await shot(board, 'condition-dashboard-1366');
    await board.goto('/admin/settings');
    const promise = await visible(board.getByRole('form', { name: 'Condition reports' }), 15_000);
    await promise.getByLabel('Promise (hours)').fill('0');
    await promise.getByRole('button', { name: 'Save' }).click();
    await visible(promise.getByText('Enter a promise of 1 to 336 hours'));
    await promise.getByLabel('Promise (hours)').fill('24');
    await promise.getByRole('button', { name: 'Save' }).click();
    await visible(toast(board, 'Settings saved'));
  });
});
