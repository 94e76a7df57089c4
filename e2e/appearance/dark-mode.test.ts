import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, createVerifiedUser, type SignedInUser } from '../helpers/accounts.ts';
import { useE2E, type PageOptions } from '../helpers/harness.ts';
import { dialog, header, visible } from '../helpers/ui.ts';
import { session } from '../auction/lots.ts';
import { seriousAxeViolations } from '../content/axe.ts';
import { addAddress, buyNowOrder } from '../payments/orders.ts';
import { luminance, openPage, useStoredSettings } from './settings.ts';

/**
 * Issue 9 section 3: dark mode (SPEC.md 3 settings `mode`) works on every page with readable contrast. The
 * visitor's stored settings say dark; every main page must then sit on a dark background with light text, and
 * axe (colour contrast included) must find nothing serious or critical.
 */
const e2e = useE2E();
/** Set to a folder to keep screenshots for a look (desktop and 390 px). */
const SHOTS = process.env.E2E_SHOTS_DIR;

async function darkPage(options: Pick<PageOptions, 'session' | 'test'>) {
  const entry = await e2e.newPage(options);
  await useStoredSettings(entry.page, { mode: 'dark' });
  return entry;
}

async function expectDark(page: Page, name: string, axeExclude: string[] = []) {
  const colours = await page.evaluate(() => ({
    body: getComputedStyle(document.body).backgroundColor,
    text: getComputedStyle(document.body).color,
    scheme: getComputedStyle(document.documentElement).colorScheme,
  }));
  expect(luminance(colours.body), `${name}: body background ${colours.body}`).toBeLessThan(0.02);
  expect(luminance(colours.text), `${name}: body text ${colours.text}`).toBeGreaterThan(0.7);
  expect(colours.scheme).toBe('dark');
  if (SHOTS) {
    const width = page.viewportSize()?.width ?? 0;
    await page.screenshot({ path: `${SHOTS}/dark-${name}-${width}.png`, fullPage: width < 500 });
  }
  expect(await seriousAxeViolations(page, axeExclude), `${name}: axe`).toEqual([]);
}

// The tests run side by side, three at a time (vitest.config.ts), each in contexts of its own.
describe.concurrent('dark mode', () => {
  let rugSlug = '';
  let saleSlug = '';
  let buyer: SignedInUser;

  beforeAll(async () => {
    const lots = await apiCall<{ data: { rug: { slug: string; image: unknown } }[] }>(
      e2e.baseUrl,
      '/rug/lot/list?pageSize=20',
    );
    rugSlug = (lots.body.data.find((l) => l.rug.image) ?? lots.body.data[0])?.rug.slug ?? '';
    for (const when of ['current', 'upcoming', 'past']) {
      const sales = await apiCall<{ data: { slug: string }[] }>(
        e2e.baseUrl,
        `/rug/upcoming/list?when=${when}`,
      );
      saleSlug ||= sales.body.data[0]?.slug ?? '';
    }
    buyer = await createVerifiedUser(e2e.baseUrl);
  });

  it.for(['/', '/rug-listings', '/upcoming-auctions', '/lot', '/about-us', '/contact-us', '/faq'])(
    '%s',
    async (path, test) => {
      const { page } = await darkPage({ test });
      await openPage(page, path);
      await expectDark(page, path === '/' ? 'home' : path.slice(1));
    },
  );

  it('a rug page and a sale page, on a desktop and on a phone', async (test) => {
    expect(rugSlug && saleSlug, 'the demo has a rug in a lot and a sale').toBeTruthy();
    const { page } = await darkPage({ test });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await openPage(page, `/rug-listing/${rugSlug}`);
      await expectDark(page, 'rug');
      await openPage(page, `/upcoming-auctions/${saleSlug}`);
      await expectDark(page, 'sale');
    }
  });

  it("follows the device's dark preference until a mode is stored, and a stored mode wins", async (test) => {
    const bodyLuminance = async (page: Page) =>
      luminance(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
    const device = await e2e.newPage({ test });
    await device.page.emulateMedia({ colorScheme: 'dark' });
    await openPage(device.page, '/faq');
    expect(await bodyLuminance(device.page)).toBeLessThan(0.02);

    const chosen = await e2e.newPage({ test });
    await chosen.page.emulateMedia({ colorScheme: 'dark' });
    await useStoredSettings(chosen.page, { mode: 'light' });
    await openPage(chosen.page, '/faq');
    expect(await bodyLuminance(chosen.page)).toBeGreaterThan(0.8);
  });

  it('the semi-dark skin dresses only the side menu in the dark theme, readably', async (test) => {
    const { page } = await e2e.newPage({ test });
    await useStoredSettings(page, { layout: 'vertical', skin: 'semi-dark' });
    await openPage(page, '/faq');
    const colours = await page.locator('nav.MuiDrawer-paper').evaluate((el) => ({
      nav: getComputedStyle(el).backgroundColor,
      link: getComputedStyle(el.querySelector('a[href="/collections"]')!).color,
      body: getComputedStyle(document.body).backgroundColor,
    }));
    expect(luminance(colours.nav), `menu ${colours.nav}`).toBeLessThan(0.02);
    expect(luminance(colours.body), `page ${colours.body}`).toBeGreaterThan(0.8);
    expect(luminance(colours.link), `menu link ${colours.link}`).toBeGreaterThan(0.3);
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/dark-semi-dark-1280.png` });
  });

  it('the sign-in dialog', async (test) => {
    const { page } = await darkPage({ test });
    await openPage(page, '/');
    await header(page).getByRole('button', { name: 'Login', exact: true }).click();
    const signIn = await visible(dialog(page, 'Sign in'));
    const paper = await signIn
      .first()
      .evaluate((el) => getComputedStyle(el.closest('.MuiDialog-paper') ?? el).backgroundColor);
    expect(luminance(paper), `dialog surface ${paper}`).toBeLessThan(0.05);
    await expectDark(page, 'sign-in');
  });

  it('the signed-in pages: profile, my items and the checkout', async (test) => {
    await addAddress(e2e.baseUrl, buyer);
    const { orderId } = await buyNowOrder(e2e.baseUrl, buyer);
    const { page } = await darkPage({ session: session(buyer), test });
    await openPage(page, '/profile');
    await expectDark(page, 'profile');
    await openPage(page, '/my-items?tab=purchases');
    await expectDark(page, 'my-items');
    await openPage(page, `/checkout?orders=${orderId}`);
    await visible(page.getByTestId('checkout-line'));
    await page.waitForLoadState('networkidle');
    await expectDark(page, 'checkout');
  });
});
