import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RugDetail, RugListResponse } from '@knotwork/shared/schemas/catalogue';
import { apiCall, loginThroughApi } from '../helpers/accounts.ts';
import { ErrorCollector } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { gone, visible } from '../helpers/ui.ts';
import { seriousAxeViolations } from '../content/axe.ts';

/**
 * Issue 14 part 3, deep zoom to the knot: a specialist adds a large photograph to a rug, the server cuts it into a
 * Deep Zoom pyramid in the background, and the rug page's gallery then offers a zoom that opens OpenSeadragon (loaded
 * only then) with its own labelled controls, keys and pinch. Checked through OpenSeadragon's viewport zoom (the
 * viewer's data-zoom) and the tiles the browser asks for (deeper levels once zoomed in).
 */
const e2e = useE2E();
const SHOTS = process.env.E2E_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/deep-zoom-${name}-${page.viewportSize()?.width ?? 0}.png` });
};

let rug: RugDetail;

/** A photograph with detail at every scale, larger than the demo's pictures: the rug's largest, so it is cut. */
const photograph = () =>
  sharp({
    create: {
      width: 2600,
      height: 3400,
      channels: 3,
      background: '#8a2f22',
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

async function addLargePhoto(baseUrl: string): Promise<RugDetail> {
  // A rug far down the catalogue, which the other catalogue tests do not open.
  const { body: list } = await apiCall<RugListResponse>(baseUrl, '/rug?pageSize=12&page=6');
  const target = list.data.at(-1)!;
  const { token } = await loginThroughApi(baseUrl, 'specialist@knotwork.local', 'Staff@12345');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await photograph())], { type: 'image/jpeg' }), 'rug.jpg');
  const res = await fetch(`${baseUrl}/api/v1/admin/rugs/${target.id}/photos`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`photo upload: ${res.status} ${await res.text()}`);
  // The pyramid is cut after the upload answered: wait for the rug page's API to carry it.
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { body } = await apiCall<{ data: RugDetail }>(baseUrl, `/rug/${target.slug}`);
    if (body.data.images.some((i) => i.zoom)) return body.data;
    if (Date.now() > deadline) throw new Error('No Deep Zoom pyramid appeared within two minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The deepest pyramid level the page has asked tiles of so far. */
function watchTiles(page: Page) {
  const levels: number[] = [];
  page.on('request', (request) => {
    const m = /_files\/(\d+)\/\d+_\d+\.jpeg$/.exec(request.url());
    if (m) levels.push(Number(m[1]));
  });
  return () => (levels.length ? Math.max(...levels) : -1);
}

const viewerZoom = async (page: Page) =>
  Number(await page.getByTestId('zoom-viewer').getAttribute('data-zoom'));

async function openZoom(page: Page, open: string) {
  const button = page.getByRole('button', { name: open });
  await visible(button, 20_000);
  await button.click();
  const viewer = page.getByTestId('zoom-viewer');
  await expect.poll(() => viewer.getAttribute('data-state'), { timeout: 30_000 }).toBe('ready');
  return viewer;
}

describe('deep zoom to the knot', () => {
  beforeAll(async () => {
    rug = await addLargePhoto(e2e.baseUrl);
  }, 180_000);

  it('on a desktop: the Zoom button loads OpenSeadragon, the controls and keys zoom in to deeper tiles, Escape closes; axe-clean', async () => {
    const { page } = await e2e.newPage();
    const loadedScripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') loadedScripts.push(r.url());
    });
    const deepest = watchTiles(page);
    await page.goto(`/rug-listing/${rug.slug}`);
    await visible(page.getByTestId('rug-gallery'), 30_000);
    const before = loadedScripts.length;
    await shot(page, 'gallery');
    // OpenSeadragon is not part of the rug page: nothing more is fetched until the zoom opens.
    expect(deepest()).toBe(-1);

    const viewer = await openZoom(page, 'Zoom in to the knots');
    expect(loadedScripts.length).toBeGreaterThan(before);
    const dialog = page.getByRole('dialog', { name: `${rug.title}: close-up` });
    await visible(dialog);
    await expect.poll(deepest, { timeout: 30_000 }).toBeGreaterThan(0);
    const home = await viewerZoom(page);
    const levelAtHome = deepest();

    for (let i = 0; i < 4; i += 1) await dialog.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => viewerZoom(page), { timeout: 20_000 }).toBeGreaterThan(home * 4);
    await expect.poll(deepest, { timeout: 30_000 }).toBeGreaterThan(levelAtHome);
    await shot(page, 'zoomed');

    // Keys: minus zooms out, 0 fits the whole rug again, an arrow moves (the zoom stays).
    const zoomedIn = await viewerZoom(page);
    await page.keyboard.press('-');
    await expect.poll(() => viewerZoom(page), { timeout: 20_000 }).toBeLessThan(zoomedIn * 0.9);
    await page.keyboard.press('+');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('0');
    await expect.poll(() => viewerZoom(page), { timeout: 20_000 }).toBeCloseTo(home, 2);

    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await gone(viewer);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Zoom in to the knots');
  }, 180_000);

  it('on a 390 px phone, in Arabic (right to left): labelled in Arabic, a pinch zooms in, no sideways scroll', async () => {
    const context = await e2e.browser.newContext({
      baseURL: e2e.baseUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'ar',
    });
    const errors = new ErrorCollector();
    try {
      const page = await context.newPage();
      errors.watch(page);
      const deepest = watchTiles(page);
      await page.goto(`/rug-listing/${rug.slug}?lng=ar`);
      await visible(page.getByTestId('rug-gallery'), 30_000);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');

      const viewer = await openZoom(page, 'التكبير حتى العُقد');
      const dialog = page.getByRole('dialog', { name: `${rug.title}: صورة مقرّبة` });
      await visible(dialog.getByRole('toolbar', { name: 'أدوات التكبير' }));
      await expect.poll(deepest, { timeout: 30_000 }).toBeGreaterThan(0);
      const home = await viewerZoom(page);
      const levelAtHome = deepest();

      // Two fingers spread on the picture (Chromium's synthetic pinch, real touch events).
      const box = (await viewer.boundingBox())!;
      const cdp = await context.newCDPSession(page);
      await cdp.send('Input.synthesizePinchGesture', {
        x: box.x + box.width / 2,
        y: box.y + box.height / 2,
        scaleFactor: 3,
        gestureSourceType: 'touch',
      });
      await expect.poll(() => viewerZoom(page), { timeout: 20_000 }).toBeGreaterThan(home * 1.5);
      await expect.poll(deepest, { timeout: 30_000 }).toBeGreaterThan(levelAtHome);

      // The Arabic buttons work too, and nothing scrolls sideways.
      const pinched = await viewerZoom(page);
      await dialog.getByRole('button', { name: 'تكبير', exact: true }).tap();
      await expect.poll(() => viewerZoom(page), { timeout: 20_000 }).toBeGreaterThan(pinched * 1.2);
      await shot(page, 'ar-zoomed');
      const widths = await page.evaluate(() => ({
        inner: window.innerWidth,
        scroll: document.scrollingElement!.scrollWidth,
      }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.inner);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'إغلاق الصورة المقرّبة' }).tap();
      await gone(viewer);
      expect(errors.errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('a rug whose pictures have no pyramid offers no zoom', async () => {
    const { body } = await apiCall<RugListResponse>(e2e.baseUrl, '/rug?pageSize=1');
    const plain = body.data[0]!;
    const { page } = await e2e.newPage();
    await page.goto(`/rug-listing/${plain.slug}`);
    await visible(page.getByRole('button', { name: 'View full screen' }), 30_000);
    expect(await page.getByRole('button', { name: 'Zoom in to the knots' }).count()).toBe(0);
  }, 120_000);
});
