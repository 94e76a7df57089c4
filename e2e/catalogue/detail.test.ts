import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import type { RugDetail, RugListResponse } from '@knotwork/shared/schemas/catalogue';
import type { LotWithRug } from '@knotwork/shared/schemas/sales';
import { apiCall } from '../helpers/accounts.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { ROOT } from '../helpers/server.ts';
import { gone, visible } from '../helpers/ui.ts';

// E2E_WEB_DIST_DIR runs this file against a web build elsewhere than apps/web/dist (its own server).
const e2e = useE2E(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : undefined);

/**
 * A rug in an open lot with a picture. The demo renders pictures in the background after start-up (the soonest
 * ending lots among the first), so this polls the API until one exists.
 */
async function findPicturedLotRug(baseUrl: string, deadline = Date.now() + 100_000): Promise<RugDetail> {
  for (;;) {
    const { body } = await apiCall<{ data: LotWithRug[] }>(baseUrl, '/rug/lot/list?pageSize=20');
    const lot = body.data.find((l) => l.rug.image);
    if (lot) {
      const { body: detail } = await apiCall<{ data: RugDetail }>(baseUrl, `/rug/${lot.rug.slug}`);
      if (detail.data.images.length >= 1 && detail.data.lot?.status === 'open') return detail.data;
    }
    if (Date.now() > deadline)
      throw new Error('No open-lot rug with a picture appeared (demo pictures not rendered?)');
    await new Promise((r) => setTimeout(r, 2000));
  }
}

/**
 * The demo gives each rug its second and third views only after every rug has its first (minutes after start-up),
 * so the gallery tests lend the rug other rugs' rendered pictures until it has three: the gallery's behaviour
 * is under test, not the demo's rendering queue.
 */
async function withThreePictures(baseUrl: string, rug: RugDetail): Promise<RugDetail> {
  if (rug.images.length >= 3) return rug;
  const { body } = await apiCall<RugListResponse>(baseUrl, '/rug?pageSize=24');
  const extra = [...rug.related, ...body.data]
    .flatMap((r) => (r.image ? [r.image] : []))
    .filter((img) => !rug.images.some((own) => own.id === img.id));
  const images = [
    ...rug.images,
    ...extra.filter((img, i) => extra.findIndex((o) => o.id === img.id) === i),
  ].slice(0, 3);
  if (images.length < 2) throw new Error('Fewer than two rendered pictures in the demo catalogue');
  return { ...rug, images };
}

/**
 * Opens the rug's page, its API answer carrying `rug` (with the lent pictures). The lent pictures exist only in
 * this browser, so the page must render here: a stored setting makes the browser render it itself instead of
 * hydrating the server's HTML (apps/web/src/lib/ssr-state.ts), which the server drew with the rug's own pictures.
 */
async function openRug(page: Page, rug: RugDetail, route = '/rug-listing') {
  await page.addInitScript((key) => localStorage.setItem(key, '{}'), STORAGE_KEYS.settings);
  await page.route(`**/api/v1/rug/${rug.slug}`, (r) => r.fulfill({ json: { data: rug } }));
  await page.goto(`${route}/${rug.slug}`);
}

const mainImageId = (page: Page) => page.getByTestId('gallery-main').getAttribute('data-image-id');

describe('rug detail', () => {
  let rug: RugDetail;

  beforeAll(async () => {
    rug = await withThreePictures(e2e.baseUrl, await findPicturedLotRug(e2e.baseUrl));
  }, 120_000);

  it('shows the rug: title, both size units, specification, condition report, its lot and related rugs', async () => {
    const { page } = await e2e.newPage();
    await page.goto(`/rug-listing/${rug.slug}`);
    await visible(page.getByRole('heading', { level: 1, name: rug.title }));
    const sizes = await page.getByTestId('rug-sizes').first().textContent();
    expect(sizes).toContain(`${rug.widthCm} × ${rug.lengthCm} cm`);
    expect(sizes).toMatch(/\d+'\d+" × \d+'\d+"/);

    const spec = page.getByTestId('spec-table');
    for (const row of [
      'Style',
      'Origin',
      'Age',
      'Circa',
      'Size',
      'Shape',
      'Pile',
      'Foundation',
      'Knot type',
      'Knot density',
      'Colours',
      'Condition',
    ]) {
      await visible(spec.getByRole('rowheader', { name: row, exact: true }));
    }
    await visible(page.getByTestId('condition-report').getByRole('heading', { name: 'Condition report' }));

    const panel = page.getByTestId('lot-panel');
    await visible(panel.getByText(`Lot ${rug.lot!.lotNumber}`, { exact: false }));
    const saleLink = panel.getByRole('link', { name: rug.lot!.auctionTitle });
    expect(await saleLink.getAttribute('href')).toBe(`/upcoming-auctions/${rug.lot!.auctionSlug}`);
    await visible(panel.getByText('Open for bidding'));
    await visible(panel.getByText(/Next minimum bid/));

    if (rug.collections[0]) {
      const chip = page
        .getByRole('list', { name: 'Collections' })
        .getByRole('link', { name: rug.collections[0].title });
      const href = new URL((await chip.getAttribute('href'))!, e2e.baseUrl);
      expect(href.pathname).toBe('/rug-listings');
      expect(JSON.parse(href.searchParams.get('data')!)).toEqual({ collections: [rug.collections[0].title] });
    }
    if (rug.related.length)
      await visible(page.getByTestId('related-rugs').getByRole('heading', { name: rug.related[0]!.title }));
  });

  it('switches the main picture from the thumbnails', async () => {
    const { page } = await e2e.newPage();
    await openRug(page, rug);
    await visible(page.getByTestId('gallery-main'));
    expect(await mainImageId(page)).toBe(rug.images[0]!.id);
    const second = page.getByRole('button', { name: `Show picture 2 of ${rug.images.length}` });
    await second.click();
    await expect.poll(() => mainImageId(page)).toBe(rug.images[1]!.id);
    expect(await second.getAttribute('aria-current')).toBe('true');
    await page.getByRole('button', { name: `Show picture 1 of ${rug.images.length}` }).click();
    await expect.poll(() => mainImageId(page)).toBe(rug.images[0]!.id);
  });

  it('opens full screen, moves with the arrow keys, closes with Escape and gives focus back', async () => {
    const { page } = await e2e.newPage();
    await openRug(page, rug);
    const opener = page.getByRole('button', { name: 'View full screen' });
    await opener.click();
    const dialog = await visible(page.getByRole('dialog', { name: rug.title }));
    const index = () => dialog.getByTestId('gallery-fullscreen-image').getAttribute('data-image-index');
    const count = rug.images.length;
    await expect.poll(index).toBe('0');
    await visible(dialog.getByText(`1 of ${count}`, { exact: true }));

    await page.keyboard.press('ArrowRight');
    await expect.poll(index).toBe('1');
    await visible(dialog.getByText(`2 of ${count}`, { exact: true }));
    await page.keyboard.press('ArrowLeft');
    await expect.poll(index).toBe('0');
    // Wraps around from the first picture to the last.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(index).toBe(String(count - 1));
    await dialog.getByRole('button', { name: 'Next picture' }).click();
    await expect.poll(index).toBe('0');

    await page.keyboard.press('Escape');
    await gone(page.getByRole('dialog'));
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('magnifies the picture under the mouse, following the cursor', async () => {
    const { page } = await e2e.newPage();
    await page.goto(`/rug-listing/${rug.slug}`);
    const main = await visible(page.getByTestId('gallery-main'));
    const box = (await main.boundingBox())!;
    const magnifier = page.getByTestId('gallery-magnifier');
    expect(await magnifier.count()).toBe(0);

    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.3);
    await visible(magnifier);
    const first = await magnifier.evaluate((el) => getComputedStyle(el).backgroundPosition);
    expect(await magnifier.evaluate((el) => getComputedStyle(el).backgroundImage)).toMatch(/url\(/);
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.7);
    await expect
      .poll(() => magnifier.evaluate((el) => getComputedStyle(el).backgroundPosition))
      .not.toBe(first);

    await page.mouse.move(box.x + box.width + 200, box.y);
    await gone(magnifier);
  });

  it('leads with the lot and a running countdown on the live view', async () => {
    const { page } = await e2e.newPage();
    await page.goto(`/rugs-details-live/${rug.slug}`);
    const countdown = await visible(page.getByTestId('lot-countdown'));
    const before = await countdown.textContent();
    expect(before).toMatch(/left$/);
    await expect.poll(() => countdown.textContent(), { timeout: 5000 }).not.toBe(before);
  });

  it('offers a fixed-price rug with a Buy it now panel linking to its purchase page', async () => {
    const { body } = await apiCall<RugListResponse>(
      e2e.baseUrl,
      `/rug?data=${encodeURIComponent(JSON.stringify({ availability: ['buyNow'] }))}`,
    );
    const fixed = body.data.find((r) => r.fixedPrice !== null && !r.lot);
    expect(fixed).toBeDefined();
    const { page } = await e2e.newPage();
    await page.goto(`/rug-listing/${fixed!.slug}`);
    const panel = await visible(page.getByTestId('buy-now-panel'));
    const price = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: 0,
    }).format(fixed!.fixedPrice! / 100);
    await visible(panel.getByText(price, { exact: true }));
    expect(await panel.getByRole('link', { name: 'Buy it now' }).getAttribute('href')).toBe(
      `/buy-it-now/${fixed!.id}`,
    );
    expect(await page.getByTestId('lot-panel').count()).toBe(0);
  });

  it('says a rug is not in the catalogue for an unknown id and links back to the listing', async () => {
    const { page } = await e2e.newPage({ allow: [httpStatusNoise(404)] });
    await page.goto('/rug-listing/no-such-rug-anywhere');
    await visible(page.getByRole('heading', { level: 1, name: 'This rug is not in our catalogue' }));
    expect(await page.getByRole('link', { name: 'Browse the rugs' }).getAttribute('href')).toBe(
      '/rug-listing',
    );
  });

  it('has no serious or critical accessibility violations (axe-core)', async () => {
    const { page } = await e2e.newPage();
    await openRug(page, rug);
    await visible(page.getByTestId('spec-table'));
    // Evaluated through the DevTools protocol: the site's CSP (script-src 'self') rightly refuses an inline <script>.
    await page.evaluate(fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run(ctx: Document): Promise<{
              violations: Array<{
                id: string;
                impact: string | null;
                help: string;
                nodes: Array<{ target: unknown }>;
              }>;
            }>;
          };
        }
      ).axe;
      const result = await axe.run(document);
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)),
      }));
    });
    const severe = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(severe, JSON.stringify(severe, null, 2)).toEqual([]);
  });
});
