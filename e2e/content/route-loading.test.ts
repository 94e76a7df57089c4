import { describe, expect, it } from 'vitest';
import { useE2E } from '../helpers/harness.ts';
import { visible } from '../helpers/ui.ts';

const e2e = useE2E();

/**
 * Moving between pages whose code loads on first use (decision 071: React Router's declarative mode with our own
 * preloadable pages): the bar shows while a page's code is on its way, the previous page stays meanwhile, and a page
 * whose code cannot be fetched says so in place of the page, inside the layout, until the visitor moves on.
 */
describe('pages loaded on first use', () => {
  it('keeps the previous page while the next one loads, with the progress bar', async () => {
    const { page } = await e2e.newPage();
    await page.goto('/about-us');
    await visible(page.getByRole('heading', { level: 1 }));
    const aboutTitle = await page.getByRole('heading', { level: 1 }).innerText();
    // Hold the FAQ page's code until the test lets it through.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/faq-page-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.evaluate(() => {
      history.pushState({}, '', '/faq');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await visible(page.getByTestId('top-progress-bar'));
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(aboutTitle);
    release();
    await visible(page.locator('.MuiAccordion-root').first());
    await page.waitForFunction(() => !document.querySelector('[data-testid="top-progress-bar"]'));
  });

  it('shows "Loading failed" in the layout when a page cannot be fetched, and clears it on the next page', async () => {
    // Chromium reports the refused script itself; the app logs nothing for it.
    const { page } = await e2e.newPage({
      allow: [/Failed to load resource: net::ERR_INTERNET_DISCONNECTED/],
    });
    await page.goto('/about-us');
    const aboutTitle = page.getByRole('heading', { level: 1 });
    await visible(aboutTitle);
    const title = await aboutTitle.innerText();
    await page.route(/\/assets\/faq-page-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
    await page.evaluate(() => {
      history.pushState({}, '', '/faq');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    const alert = page.getByRole('alert').filter({ hasText: 'Loading failed' });
    await visible(alert);
    await visible(alert.getByRole('button', { name: 'Reload' }));
    // The layout stays: the header is still there to leave by.
    await visible(page.getByRole('banner'));
    await page.evaluate(() => {
      history.pushState({}, '', '/about-us');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await visible(page.getByRole('heading', { level: 1, name: title }));
    expect(await page.getByRole('alert').filter({ hasText: 'Loading failed' }).count()).toBe(0);
  });
});
