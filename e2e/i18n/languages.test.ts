import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import { apiCall, createVerifiedUser } from '../helpers/accounts.ts';
import { mailIds, waitForMail } from '../helpers/mailbox.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { ROOT } from '../helpers/server.ts';
import { header, visible } from '../helpers/ui.ts';
import { seriousAxeViolations } from '../content/axe.ts';

/**
 * Issue 9: the site in Arabic (right to left) and in French, chosen from the header's and the footer's language
 * menus. On the main pages: html lang and dir follow the language, no translation key is asked for that no file
 * holds (the app records misses on window.__i18nMissingKeys), no raw key shows in the text, and axe finds nothing
 * serious or critical. Other namespaces may still read English while their translations land; the shell's own
 * texts (common) and the validation messages are checked in the language itself.
 */
const e2e = useE2E();

const DIST_LOCALES = path.join(ROOT, 'apps/web/dist/locales');
/** Locale files this build lacks (a namespace not yet translated): their 404s are expected noise, nothing else is. */
const missingLocaleFiles = ['fr', 'ar'].flatMap((lng) =>
  fs.existsSync(path.join(DIST_LOCALES, 'en'))
    ? fs
        .readdirSync(path.join(DIST_LOCALES, 'en'))
        .filter((f) => !fs.existsSync(path.join(DIST_LOCALES, lng, f)))
        .map((f) => `${lng}/${f}`)
    : [],
);
const allow = missingLocaleFiles.length ? [httpStatusNoise(404)] : [];

interface Pages {
  rugSlug: string;
  saleSlug: string;
}

async function mainPages(): Promise<Pages> {
  const lots = await apiCall<{ data: Array<{ rug: { slug: string } }> }>(
    e2e.baseUrl,
    '/rug/lot/list?pageSize=5',
  );
  const sales = await apiCall<{ data: Array<{ slug: string }> }>(e2e.baseUrl, '/rug/upcoming/list?when=live');
  expect(lots.body.data.length).toBeGreaterThan(0);
  expect(sales.body.data.length).toBeGreaterThan(0);
  return { rugSlug: lots.body.data[0]!.rug.slug, saleSlug: sales.body.data[0]!.slug };
}

/** Keys the page asked i18next for that no file (in any language) holds. */
const missingKeys = (page: Page) =>
  page.evaluate(() => (window as unknown as { __i18nMissingKeys?: string[] }).__i18nMissingKeys ?? []);

/** Text that looks like a translation key ("footer.links.aboutUs", "common:nav.home") rather than words. */
const RAW_KEY = /(?<![\w@/.-])(?:[a-z][\w-]*:)?[a-z][a-zA-Z0-9]*(?:\.[a-z][a-zA-Z0-9_]*)+(?![\w@/.-])/g;
async function rawKeysShown(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => document.body.innerText);
  return [...text.matchAll(RAW_KEY)].map((m) => m[0]);
}

async function expectDocument(page: Page, lang: string, dir: 'ltr' | 'rtl') {
  await page.waitForFunction(
    ([l, d]) => document.documentElement.lang === l && document.documentElement.dir === d,
    [lang, dir] as const,
  );
  // The styles follow too: MUI's theme direction and the RTL style cache mirror the layout.
  const bodyDirection = await page.evaluate(() => getComputedStyle(document.body).direction);
  expect(bodyDirection).toBe(dir);
}

/** Waits for the page's main heading, then checks keys, raw keys and axe. */
async function checkPage(page: Page, url: string, label: string) {
  await page.goto(url);
  await visible(page.getByRole('heading', { level: 1 }));
  // The page's data has arrived once the top progress bar is gone.
  await page
    .waitForFunction(() => !document.querySelector('[data-testid="top-progress-bar"]'), undefined, {
      timeout: 20_000,
    })
    .catch(() => undefined);
  expect(await missingKeys(page), `${label}: missing translation keys`).toEqual([]);
  expect(await rawKeysShown(page), `${label}: raw keys in the text`).toEqual([]);
  const severe = await seriousAxeViolations(page);
  expect(severe, `${label}: ${JSON.stringify(severe, null, 2)}`).toEqual([]);
}

async function chooseFrom(page: Page, placement: 'header' | 'footer', language: string) {
  const button = page.getByTestId(`language-switcher-${placement}`);
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await page.getByRole('menuitem', { name: language, exact: true }).click();
}

describe('languages (issue 9)', () => {
  it('switches to Arabic from the header: right to left, translated shell, the main pages clean', async () => {
    const { rugSlug, saleSlug } = await mainPages();
    const { page } = await e2e.newPage({ allow });
    await page.goto('/');
    await visible(header(page).getByRole('button', { name: 'Login', exact: true }));
    const switcher = page.getByTestId('language-switcher-header');
    expect(await switcher.getAttribute('aria-label')).toBe('Language: English');
    await switcher.click();
    // Each language is named in itself and marked with its own lang.
    const menu = page.getByRole('menu', { name: 'Languages' });
    await visible(menu);
    expect(
      await menu
        .getByRole('menuitem')
        .evaluateAll((items) => items.map((i) => [i.getAttribute('lang'), i.textContent])),
    ).toEqual([
      ['en', 'English'],
      ['fr', 'Français'],
      ['ar', 'العربية'],
    ]);
    await menu.getByRole('menuitem', { name: 'العربية' }).click();

    await expectDocument(page, 'ar', 'rtl');
    await visible(header(page).getByRole('button', { name: 'تسجيل الدخول', exact: true }));
    expect(await page.getByTestId('language-switcher-header').getAttribute('aria-label')).toBe(
      'اللغة: العربية',
    );
    await visible(page.getByText('© ' + new Date().getFullYear() + ' Knotwork. جميع الحقوق محفوظة.'));
    // The header sits at the right in RTL: the logo link is right of the language button.
    const logo = await header(page).getByRole('link').first().boundingBox();
    const langButton = await page.getByTestId('language-switcher-header').boundingBox();
    expect(logo!.x).toBeGreaterThan(langButton!.x);
    // The choice is kept for the next visit.
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');

    await checkPage(page, '/', 'home (ar)');
    await expectDocument(page, 'ar', 'rtl');
    await checkPage(page, '/rug-listings?data=%7B%7D', 'listing (ar)');
    // Money on the rug cards: dollars, Arabic style, with Latin digits ("12,500 US$").
    expect(await page.evaluate(() => document.body.innerText)).toMatch(/\d{1,3}(,\d{3})*\s?US\$/);
    await checkPage(page, `/rug-listing/${rugSlug}`, 'rug (ar)');
    await checkPage(page, `/upcoming-auctions/${saleSlug}`, 'sale (ar)');

    // The sign-in dialog.
    await page.goto('/');
    await header(page).getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
    await visible(page.getByRole('dialog'));
    expect(await missingKeys(page)).toEqual([]);
    expect(await rawKeysShown(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 240_000);

  it('Arabic in dark mode: nothing serious or critical for axe', async () => {
    const { page } = await e2e.newPage({ allow });
    await page.addInitScript(
      ([key]) => {
        localStorage.setItem('i18nextLng', 'ar');
        localStorage.setItem(key!, JSON.stringify({ mode: 'dark', direction: 'rtl' }));
      },
      [STORAGE_KEYS.settings],
    );
    await checkPage(page, '/', 'home (ar, dark)');
    await expectDocument(page, 'ar', 'rtl');
  });

  it('switches to French from the footer: French shell, money and validation messages, left to right', async () => {
    const { rugSlug, saleSlug } = await mainPages();
    const { page } = await e2e.newPage({ allow });
    await page.goto('/');
    await chooseFrom(page, 'footer', 'Français');
    await expectDocument(page, 'fr', 'ltr');
    await visible(header(page).getByRole('button', { name: 'Se connecter', exact: true }));
    await visible(page.getByRole('heading', { name: 'Liens rapides' }));
    await checkPage(page, '/', 'home (fr)');
    await checkPage(page, '/rug-listings?data=%7B%7D', 'listing (fr)');
    // French money on the rug cards: "12 500 $US" (narrow no-break spaces as Intl writes them).
    expect(await page.evaluate(() => document.body.innerText)).toMatch(
      /\d{1,3}([\u202f\u00a0 ]\d{3})*(,\d{2})?[\u202f\u00a0 ]\$US/,
    );
    await checkPage(page, `/rug-listing/${rugSlug}`, 'rug (fr)');
    await checkPage(page, `/upcoming-auctions/${saleSlug}`, 'sale (fr)');

    // A form's validation messages, in French, as you type (zod's English messages translated on display).
    await page.goto('/contact-us');
    const name = page.locator('main input[name="name"]');
    await visible(name);
    await name.fill('x');
    await name.fill('');
    await visible(page.getByText('Le nom est obligatoire', { exact: true }));
    const email = page.locator('main input[name="email"]');
    await email.fill('ada@');
    await visible(page.getByText('Adresse e-mail non valide', { exact: true }));
    expect(await page.getByText('Invalid email', { exact: true }).count()).toBe(0);
    expect(await missingKeys(page)).toEqual([]);

    // Back to English from the header: left to right, English again.
    await chooseFrom(page, 'header', 'English');
    await expectDocument(page, 'en', 'ltr');
    await visible(page.getByText('Invalid email', { exact: true }));
  }, 240_000);

  it('on a phone (360 px) the header keeps a named language button and Arabic does not scroll sideways', async () => {
    const { page } = await e2e.newPage({ allow });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const button = page.getByTestId('language-switcher-header');
    await visible(button);
    expect(await button.getAttribute('aria-label')).toBe('Language: English');
    await chooseFrom(page, 'header', 'العربية');
    await expectDocument(page, 'ar', 'rtl');
    await visible(page.getByRole('heading', { level: 1 }));
    const box = await page.getByTestId('language-switcher-header').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    if (process.env.I18N_SCREENSHOTS) await page.screenshot({ path: '/tmp/i18n-core-phone-ar.png' });
  });

  it('keeps a signed-in account’s language on the account, so its e-mails follow the switch', async () => {
    const user = await createVerifiedUser(e2e.baseUrl);
    const { page } = await e2e.newPage({ allow, session: { token: user.token, user: user.user } });
    await page.goto('/');
    await visible(page.getByTestId('account-menu-button'));
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/auth/language') && r.request().method() === 'PUT',
    );
    await chooseFrom(page, 'header', 'العربية');
    expect((await saved).status()).toBe(200);
    await expectDocument(page, 'ar', 'rtl');

    const seen = await mailIds(e2e.baseUrl, user.email);
    const forgot = await apiCall(e2e.baseUrl, '/auth/password/forgot', { body: { email: user.email } });
    expect(forgot.status).toBe(200);
    const mail = await waitForMail(e2e.baseUrl, user.email, seen);
    expect(mail.subject).toMatch(/^رمز إعادة تعيين كلمة المرور في Knotwork: \d{4}$/);
  });
});
