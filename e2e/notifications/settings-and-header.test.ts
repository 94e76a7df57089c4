import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { at, header, toast, visible } from '../helpers/ui.ts';
import { session, STAFF } from '../auction/lots.ts';

/**
 * Reaching collectors (issue 24.5, decision 075): the notification settings page in the profile, the header's way
 * into the catalogue (Rugs link and search, an icon on phones), and the back office link for staff.
 */
const e2e = useE2E();

interface Settings {
  settings: Record<string, { email: boolean; push: boolean; inApp: boolean }>;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const { width, scrollWidth } = await page.evaluate(() => ({
    width: document.documentElement.clientWidth,
    scrollWidth: document.documentElement.scrollWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(width);
}

describe('notification settings in the browser', () => {
  it('shows every kind with its switches, saves a change, and the server keeps it; the profile leads there', async () => {
    const user = await createVerifiedUser(e2e.baseUrl);
    const { page } = await e2e.newPage({ session: session(user) });

    await page.goto('/profile');
    await (await visible(page.getByRole('link', { name: 'Notification settings' }))).click();
    await at(page, '/profile/notifications');
    await visible(page.getByRole('heading', { level: 1, name: 'Notification settings' }));
    const outbidEmail = await visible(page.getByRole('switch', { name: 'Outbid: E-mail' }));
    expect(await outbidEmail.isChecked()).toBe(true);
    // Replies from the house are e-mails only: no push or on-the-site switch for them.
    await visible(page.getByRole('switch', { name: 'Messages from the house: E-mail' }));
    expect(await page.getByRole('switch', { name: 'Messages from the house: Push' }).count()).toBe(0);

    const save = page.getByRole('button', { name: 'Save settings' });
    expect(await save.isDisabled()).toBe(true);
    await outbidEmail.click();
    await page.getByRole('switch', { name: 'Ending soon: Push' }).click();
    await save.click();
    await visible(toast(page, 'Your notification settings are saved'));
    const stored = await apiCall<Settings>(e2e.baseUrl, '/notification/settings', { token: user.token });
    expect(stored.body.settings.outbid).toEqual({ email: false, push: true, inApp: true });
    expect(stored.body.settings.ending_soon).toEqual({ email: true, push: false, inApp: true });

    await page.reload();
    expect(await (await visible(page.getByRole('switch', { name: 'Outbid: E-mail' }))).isChecked()).toBe(
      false,
    );

    await page.setViewportSize({ width: 390, height: 800 });
    await visible(page.getByRole('switch', { name: 'Results: On the site' }));
    await noSidewaysScroll(page);
  });

  it('in Arabic, right to left, at 390 px', async () => {
    const user = await createVerifiedUser(e2e.baseUrl);
    const { page } = await e2e.newPage({ session: session(user) });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/profile/notifications');
    await visible(page.getByRole('switch', { name: 'Outbid: E-mail' }));
    await page.getByTestId('language-switcher-header').click();
    await page.getByRole('menu', { name: 'Languages' }).getByRole('menuitem', { name: 'العربية' }).click();
    await visible(page.getByRole('heading', { level: 1, name: 'إعدادات الإشعارات' }));
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await visible(page.getByRole('switch', { name: 'تجاوز مزايدتك: البريد الإلكتروني' }));
    await noSidewaysScroll(page);
  });
});

describe('the header leads to the catalogue', () => {
  it('wide: a Rugs link and a search box that opens the listing’s text search', async () => {
    const { page } = await e2e.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/about-us');
    const banner = header(page);
    await (await visible(banner.getByRole('link', { name: 'Rugs', exact: true }))).click();
    await at(page, '/rug-listing');

    await page.goto('/about-us');
    const box = await visible(banner.getByRole('searchbox', { name: 'Search the rugs' }));
    await box.fill('Heriz');
    await box.press('Enter');
    await at(page, `/rug-listings?data=${encodeURIComponent(JSON.stringify({ q: 'Heriz' }))}`);
    // The listing reads the query: its own search field shows it.
    await expect.poll(() => page.locator('main input[type="search"]').first().inputValue()).toBe('Heriz');
  });

  it('phone: the search is an icon that opens the field (with the Rugs link), no sideways scroll', async () => {
    const { page } = await e2e.newPage();
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/');
    const banner = header(page);
    expect(await banner.getByRole('searchbox', { name: 'Search the rugs' }).isVisible()).toBe(false);
    await noSidewaysScroll(page);
    await (await visible(banner.getByRole('button', { name: 'Open the search' }))).click();
    const box = await visible(banner.getByRole('searchbox', { name: 'Search the rugs' }));
    await visible(banner.getByRole('link', { name: 'Rugs', exact: true }));
    await noSidewaysScroll(page);
    await box.fill('kilim');
    await banner.getByRole('button', { name: 'Search', exact: true }).click();
    await at(page, `/rug-listings?data=${encodeURIComponent(JSON.stringify({ q: 'kilim' }))}`);
    expect(await banner.getByRole('searchbox', { name: 'Search the rugs' }).isVisible()).toBe(false);
  });
});

describe('the avatar menu', () => {
  it('offers staff the back office, and collectors not', async () => {
    const staff = await loginThroughApi(e2e.baseUrl, STAFF.email, STAFF.password);
    const staffPage = (await e2e.newPage({ session: session(staff) })).page;
    await staffPage.goto('/');
    await (await visible(header(staffPage).getByRole('button', { name: 'Account menu' }))).click();
    await (await visible(staffPage.getByRole('menuitem', { name: 'Back office' }))).click();
    await at(staffPage, '/admin');

    const collector = await createVerifiedUser(e2e.baseUrl);
    const page = (await e2e.newPage({ session: session(collector) })).page;
    await page.goto('/');
    await (await visible(header(page).getByRole('button', { name: 'Account menu' }))).click();
    await visible(page.getByRole('menuitem', { name: 'My Items' }));
    expect(await page.getByRole('menuitem', { name: 'Back office' }).count()).toBe(0);
  });
});
