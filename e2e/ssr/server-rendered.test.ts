import { describe, expect, it } from 'vitest';
import { apiCall } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { visible } from '../helpers/ui.ts';

/**
 * Server rendering of the first screen (docs/decisions/057-server-rendering.md): the HTML of the home page, the
 * listing, a rug page and a sale page already holds the page's main content before any script runs, the page
 * reads with JavaScript off, and the hydrated page then works.
 */
const e2e = useE2E({ WEB_SSR: 'true' });

interface Named {
  slug: string;
  title: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function pages(): Promise<{ url: string; text: string }[]> {
  const rugs = await apiCall<{ data: Named[] }>(e2e.baseUrl, '/rug?pageSize=24');
  const sales = await apiCall<{ data: Named[] }>(e2e.baseUrl, '/rug/upcoming/list?when=current&pageSize=12');
  const rug = rugs.body.data[0]!;
  const sale = sales.body.data[0]!;
  return [
    { url: '/', text: 'KNOTWORK' },
    { url: '/rug-listing', text: rug.title },
    { url: `/rug-listing/${rug.slug}`, text: rug.title },
    { url: `/upcoming-auctions/${sale.slug}`, text: sale.title },
  ];
}

describe('server-rendered pages', () => {
  it('sends the main content in the HTML of the four pages, before any script runs', async () => {
    for (const { url, text } of await pages()) {
      const res = await fetch(`${e2e.baseUrl}${url}`, { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html, url).toContain('id="kw-ssr"');
      expect(html, url).not.toContain('class="kw-splash"');
      expect(html, url).toContain(escapeHtml(text));
    }
  });

  it('shows the listing and a rug page with JavaScript off', async () => {
    const [, listing, rug] = await pages();
    const context = await e2e.browser.newContext({ javaScriptEnabled: false, baseURL: e2e.baseUrl });
    try {
      const page = await context.newPage();
      await page.goto(listing!.url);
      await visible(page.getByText(listing!.text).first());
      await page.goto(rug!.url);
      await visible(page.getByRole('heading', { level: 1, name: rug!.text }));
    } finally {
      await context.close();
    }
  });

  it('hydrates the listing: a click on the first rug opens its page in the app', async () => {
    const [, listing] = await pages();
    const { page } = await e2e.newPage();
    await page.goto(listing!.url);
    await page.waitForFunction(() => document.documentElement.lang === 'en', undefined, { timeout: 120_000 });
    // React took over the server's HTML (hydrated, not rendered again): the same element is still in the page.
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.getByRole('link', { name: listing!.text }).first().click();
    await visible(page.getByRole('heading', { level: 1, name: listing!.text }));
    expect(new URL(page.url()).pathname).toMatch(/^\/rug-listing\/.+/);
    // The router opened it in the app: no new document was loaded (a link followed before hydration would).
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
  });
});
