import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RugDetail, RugListResponse } from '@knotwork/shared/schemas/catalogue';
import type { LotWithRug } from '@knotwork/shared/schemas/sales';
import { apiCall } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { visible } from '../helpers/ui.ts';
import { openPage, useStoredSettings } from './settings.ts';

/**
 * Issue 9 section 3: right-to-left (SPEC.md 3 `direction`) mirrors the whole layout. The stored settings say rtl;
 * the document reads right to left, nothing scrolls sideways on a phone, the gallery moves in reading order
 * (its "next" button on the left, ArrowLeft going forward) and the countdown's figures stay in their order.
 */
const e2e = useE2E();
const SHOTS = process.env.E2E_SHOTS_DIR;

async function rtlPage() {
  const entry = await e2e.newPage();
  await useStoredSettings(entry.page, { direction: 'rtl' });
  return entry;
}

const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SHOTS}/rtl-${name}-${width}.png`, fullPage: width < 500 });
};

const scrollsSideways = (page: Page) =>
  page.evaluate(() => ({ width: window.innerWidth, scrollWidth: document.scrollingElement!.scrollWidth }));

/**
 * A rug in an open lot, lent two more of the catalogue's pictures so the gallery has three to move through. The
 * demo renders its pictures in the background after start-up, so this waits for three to exist.
 */
async function openLotRugWithThreePictures(
  baseUrl: string,
  deadline = Date.now() + 100_000,
): Promise<RugDetail> {
  for (;;) {
    const { body } = await apiCall<{ data: LotWithRug[] }>(baseUrl, '/rug/lot/list?pageSize=20');
    const lot = body.data.find((l) => l.rug.image);
    if (lot) {
      const { body: detail } = await apiCall<{ data: RugDetail }>(baseUrl, `/rug/${lot.rug.slug}`);
      const { body: list } = await apiCall<RugListResponse>(baseUrl, '/rug?pageSize=24');
      const pictures = [...detail.data.images, ...list.data.flatMap((r) => (r.image ? [r.image] : []))];
      const images = pictures
        .filter((img, i) => pictures.findIndex((o) => o.id === img.id) === i)
        .slice(0, 3);
      if (images.length === 3 && detail.data.lot?.status === 'open') return { ...detail.data, images };
    }
    if (Date.now() > deadline) throw new Error('no open lot with three rendered pictures in the demo');
    await new Promise((r) => setTimeout(r, 2000));
  }
}

describe('right-to-left', () => {
  let rug: RugDetail;
  let saleSlug = '';

  beforeAll(async () => {
    rug = await openLotRugWithThreePictures(e2e.baseUrl);
    for (const when of ['current', 'upcoming', 'past']) {
      const sales = await apiCall<{ data: { slug: string }[] }>(
        e2e.baseUrl,
        `/rug/upcoming/list?when=${when}`,
      );
      saleSlug ||= sales.body.data[0]?.slug ?? '';
    }
  }, 120_000);

  it('sets the document direction and mirrors the header', async () => {
    const { page } = await rtlPage();
    await openPage(page, '/');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
    // The logo starts the line, so it sits at the right; the account actions at the left.
    const logo = (await page.getByRole('banner').getByRole('link', { name: /home/i }).first().boundingBox())!;
    const login = (await page
      .getByRole('banner')
      .getByRole('button', { name: 'Login', exact: true })
      .boundingBox())!;
    expect(logo.x).toBeGreaterThan(login.x);
    await shot(page, 'home');
  });

  it.each([360, 390])('nothing scrolls sideways at %i px', async (width) => {
    const { page } = await rtlPage();
    await page.setViewportSize({ width, height: 800 });
    for (const path of [
      '/',
      '/rug-listings',
      '/upcoming-auctions',
      `/rug-listing/${rug.slug}`,
      `/upcoming-auctions/${saleSlug}`,
      '/contact-us',
    ]) {
      await openPage(page, path);
      const { width: w, scrollWidth } = await scrollsSideways(page);
      expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(w);
      if (width === 390 && ['/', '/rug-listings', `/upcoming-auctions/${saleSlug}`].includes(path)) {
        await shot(page, path === '/' ? 'home' : path.startsWith('/rug') ? 'listing' : 'sale');
      }
    }
  });

  it('the phone menu slides in from the right', async () => {
    const { page } = await rtlPage();
    await page.setViewportSize({ width: 390, height: 800 });
    await openPage(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    // The drawer's paper is the menu's <nav> (the modal around it hides the rest of the page from the role tree).
    const menu = await visible(page.locator('nav.MuiDrawer-paper'));
    const rightEdge = async () => {
      const box = await menu.boundingBox();
      return box ? Math.round(box.x + box.width) : -1;
    };
    await expect.poll(rightEdge).toBe(390);
    await shot(page, 'menu');
  });

  it('the gallery reads right to left: thumbnails, buttons and arrow keys', async () => {
    const { page } = await rtlPage();
    await page.route(`**/api/v1/rug/${rug.slug}`, (r) => r.fulfill({ json: { data: rug } }));
    await openPage(page, `/rug-listing/${rug.slug}`);
    const first = (await page.getByRole('button', { name: 'Show picture 1 of 3' }).boundingBox())!;
    const second = (await page.getByRole('button', { name: 'Show picture 2 of 3' }).boundingBox())!;
    expect(first.x, 'the first thumbnail is the rightmost').toBeGreaterThan(second.x);

    // The magnifier shows the part of the rug under the mouse, not its mirror image.
    const main = (await page.getByTestId('gallery-main').boundingBox())!;
    await page.mouse.move(main.x + main.width * 0.2, main.y + main.height * 0.5);
    const position = await visible(page.getByTestId('gallery-magnifier')).then((m) =>
      m.first().evaluate((el) => getComputedStyle(el).backgroundPositionX),
    );
    expect(parseFloat(position)).toBeLessThan(30);
    await page.mouse.move(0, 0);

    await page.getByRole('button', { name: 'View full screen' }).click();
    const dialog = await visible(page.getByRole('dialog', { name: rug.title }));
    const index = () => dialog.getByTestId('gallery-fullscreen-image').getAttribute('data-image-index');
    await expect.poll(index).toBe('0');
    const next = dialog.getByRole('button', { name: 'Next picture' });
    const previous = dialog.getByRole('button', { name: 'Previous picture' });
    expect((await next.boundingBox())!.x, '"next" is on the left').toBeLessThan(
      (await previous.boundingBox())!.x,
    );
    await shot(page, 'gallery');
    await next.click();
    await expect.poll(index).toBe('1');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(index).toBe('2');
    await page.keyboard.press('ArrowRight');
    await expect.poll(index).toBe('1');
    await previous.click();
    await expect.poll(index).toBe('0');
  });

  it('the countdown keeps its figures in order', async () => {
    const { page } = await rtlPage();
    await openPage(page, `/rug-listing/${rug.slug}`);
    const countdown = await visible(page.getByTestId('lot-countdown'));
    const text = (await countdown.textContent()) ?? '';
    expect(text).toMatch(/\d+[dhm] \d+[hms] left/);
    // Where each part of "53m 12s left" is drawn: the figures before "left", the larger unit first, reading left to right.
    const order = await countdown.evaluate((el) => {
      const node = Array.from(el.childNodes).find(
        (n) => n.nodeType === Node.TEXT_NODE && /\d/.test(n.textContent ?? ''),
      )!;
      const s = node.textContent!;
      const at = (from: number, to: number) => {
        const range = document.createRange();
        range.setStart(node, from);
        range.setEnd(node, to);
        return range.getBoundingClientRect().x;
      };
      const gap = s.indexOf(' ');
      const word = s.lastIndexOf(' ') + 1;
      return {
        big: at(0, gap),
        small: at(gap + 1, s.lastIndexOf(' ')),
        word: at(word, s.length),
        clipped: el.scrollWidth > el.clientWidth,
      };
    });
    expect(order.big).toBeLessThan(order.small);
    expect(order.small).toBeLessThan(order.word);
    expect(order.clipped).toBe(false);
    await shot(page, 'rug');
  });
});
