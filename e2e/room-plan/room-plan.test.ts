import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { cmToFeetInches } from '@knotwork/shared/constants/catalogue';
import { apiCall } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog, field, visible } from '../helpers/ui.ts';
import { seriousAxeViolations } from '../content/axe.ts';

/**
 * "See it in my room" (issue 14.4): the rug drawn to scale in the buyer's room, moved by keyboard and pointer, the
 * floor left to each wall in cm and ft-in, furniture, remembered for the next visit; on a phone and in Arabic.
 */
const e2e = useE2E();

interface ListedRug {
  slug: string;
  title: string;
  widthCm: number;
  lengthCm: number;
  shape: string;
}

/** Text without the bidi isolates the planner puts around lengths inside sentences. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '').trim();
const WALLS = ['top', 'right', 'bottom', 'left'] as const;
type Gaps = Record<(typeof WALLS)[number], number>;

async function shownGaps(plan: Locator): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const wall of WALLS)
    out[wall] = plain(
      await plan.getByTestId(`clearance-${wall}`).getByTestId('clearance-value').textContent(),
    );
  return out;
}

const inCm = (gaps: Gaps) => Object.fromEntries(WALLS.map((w) => [w, `${Math.round(gaps[w])} cm`]));
const inFtIn = (gaps: Gaps) => Object.fromEntries(WALLS.map((w) => [w, cmToFeetInches(Math.round(gaps[w]))]));

/** Whether the page or the planner scrolls sideways. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const content = document.querySelector('.MuiDialogContent-root');
    return {
      page: document.scrollingElement!.scrollWidth - window.innerWidth,
      dialog: content ? content.scrollWidth - content.clientWidth : 0,
    };
  });
}

describe('the room planner', () => {
  let rug: ListedRug;
  // A room with floor to spare all round, in which the rug also fits turned a quarter.
  let room: { width: number; length: number };

  beforeAll(async () => {
    const rugs = await apiCall<{ data: ListedRug[] }>(e2e.baseUrl, '/rug?pageSize=60');
    rug = rugs.body.data.find((r) => r.shape === 'rectangle' || r.shape === 'runner')!;
    const longest = Math.max(rug.widthCm, rug.lengthCm);
    room = { width: longest + 200, length: longest + 160 };
  });

  it('draws the rug in a room entered in cm, moves it with the keyboard and the mouse, shows ft-in, adds furniture, and remembers the room', async () => {
    const { page } = await e2e.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/rug-listing/${rug.slug}`);
    await page.getByRole('button', { name: 'See it in my room' }).click({ timeout: 30_000 });
    const planner = await visible(dialog(page, 'See it in my room'), 30_000);
    await visible(planner.getByText("Enter your room's length and width"));
    await planner.getByRole('button', { name: 'cm', exact: true }).click();

    // A wrong length says so once the field is left, and draws nothing.
    await field(planner, 'Room length').fill('a lot');
    await field(planner, 'Room width').focus();
    await visible(planner.getByText('Enter a length such as 450'));

    await field(planner, 'Room length').fill(String(room.length));
    await field(planner, 'Room width').fill(String(room.width));
    const plan = planner.getByTestId('room-plan');
    await visible(plan);
    // The rug is a focusable button named for itself and its size in the chosen unit.
    await visible(
      planner.getByRole('button', { name: `The rug ${rug.title}, ${rug.widthCm} × ${rug.lengthCm} cm` }),
    );
    const rugPiece = planner.getByTestId('plan-rug');

    // Centred: half the spare floor on each side.
    const centred: Gaps = {
      left: (room.width - rug.widthCm) / 2,
      right: (room.width - rug.widthCm) / 2,
      top: (room.length - rug.lengthCm) / 2,
      bottom: (room.length - rug.lengthCm) / 2,
    };
    await expect.poll(() => shownGaps(planner)).toEqual(inCm(centred));

    // The keyboard: 5 cm a press, 50 with Shift; the numbers follow and are read out.
    await rugPiece.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    const moved: Gaps = {
      left: centred.left + 5,
      right: centred.right - 5,
      top: centred.top + 50,
      bottom: centred.bottom - 50,
    };
    await expect.poll(() => shownGaps(planner)).toEqual(inCm(moved));
    await expect
      .poll(async () => plain(await planner.getByTestId('room-plan-announcement').textContent()))
      .toBe(
        `Top wall ${Math.round(moved.top)} cm, right wall ${Math.round(moved.right)} cm, bottom wall ${Math.round(moved.bottom)} cm, left wall ${Math.round(moved.left)} cm.`,
      );

    // R turns it a quarter about its centre: its length now runs across the room.
    await page.keyboard.press('r');
    const cx = moved.left + rug.widthCm / 2;
    const cy = moved.top + rug.lengthCm / 2;
    const turned: Gaps = {
      left: cx - rug.lengthCm / 2,
      right: room.width - cx - rug.lengthCm / 2,
      top: cy - rug.widthCm / 2,
      bottom: room.length - cy - rug.widthCm / 2,
    };
    await expect.poll(() => shownGaps(planner)).toEqual(inCm(turned));
    await expect.poll(() => planner.getByRole('slider', { name: 'Turn' }).inputValue()).toBe('90');
    await planner.getByRole('button', { name: 'Turn a quarter' }).click();
    await expect.poll(() => shownGaps(planner)).toEqual(inCm(moved));

    // The mouse: dragging to the right leaves more floor on the left.
    const before = (await rugPiece.boundingBox())!;
    await page.mouse.move(before.x + before.width / 2, before.y + before.height / 2);
    await page.mouse.down();
    await page.mouse.move(before.x + before.width / 2 + 40, before.y + before.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect
      .poll(async () => parseInt((await shownGaps(planner)).left!, 10))
      .toBeGreaterThan(moved.left + 10);
    await planner.getByRole('button', { name: 'Centre the rug' }).click();
    await expect.poll(() => shownGaps(planner)).toEqual(inCm(centred));

    expect(await seriousAxeViolations(page)).toEqual([]);

    // Feet and inches: the fields and every clearance change unit.
    await planner.getByRole('button', { name: 'ft in', exact: true }).click();
    await expect.poll(() => field(planner, 'Room length').inputValue()).toBe(cmToFeetInches(room.length));
    await expect.poll(() => shownGaps(planner)).toEqual(inFtIn(centred));

    // A sofa, typed in feet and inches, drawn on the plan and listed. It starts in the top-left corner; with the
    // rug pushed into the bottom-right one they share no floor, until the sofa is slid over it too.
    await field(planner, 'Name').fill('Sofa');
    await field(planner, 'Width').fill(`7' 3"`);
    await field(planner, 'Depth').fill('3');
    await planner.getByRole('button', { name: 'Add furniture' }).click();
    await visible(planner.getByTestId('furniture-list').getByText('Sofa'));
    const sofa = planner.getByRole('button', { name: `Sofa, 7'3" × 3'0"` });
    await visible(sofa);
    const toBottomRight = async (piece: Locator) => {
      await piece.focus();
      for (let i = 0; i < Math.ceil(room.width / 50); i++) await page.keyboard.press('Shift+ArrowRight');
      for (let i = 0; i < Math.ceil(room.length / 50); i++) await page.keyboard.press('Shift+ArrowDown');
    };
    await toBottomRight(rugPiece);
    await expect.poll(async () => (await shownGaps(planner)).right).toBe(`0'0"`);
    expect(await planner.getByTestId('under-furniture').count()).toBe(0);
    await toBottomRight(sofa);
    await visible(planner.getByText('The rug runs under Sofa. That is fine: rugs often do.'));
    expect(await seriousAxeViolations(page)).toEqual([]);

    // Closed and opened again (on the next rug too): the same room and furniture.
    await planner.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'See it in my room' }).click();
    const again = await visible(dialog(page, 'See it in my room'));
    await expect.poll(() => field(again, 'Room width').inputValue()).toBe(cmToFeetInches(room.width));
    await visible(again.getByRole('button', { name: `Sofa, 7'3" × 3'0"` }));
  });

  it('works on a 390 px phone in Arabic, right to left around a plan that is not mirrored', async () => {
    const { page } = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/rug-listing/${rug.slug}?lng=ar`);
    await page.getByRole('button', { name: 'شاهدها في غرفتي' }).click({ timeout: 30_000 });
    const planner = await visible(dialog(page, 'شاهدها في غرفتي'), 30_000);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await planner.getByRole('button', { name: 'سم', exact: true }).click();
    await field(planner, 'طول الغرفة').fill(String(room.length));
    await field(planner, 'عرض الغرفة').fill(String(room.width));
    const rugPiece = planner.getByTestId('plan-rug');
    await visible(rugPiece);
    const left = planner.getByTestId('clearance-left').getByTestId('clearance-value');
    const half = Math.round((room.width - rug.widthCm) / 2);
    await expect.poll(async () => plain(await left.textContent())).toBe(`${half} سم`);

    // The right arrow moves the rug right on the screen, and away from the left wall, as in any language.
    const before = (await rugPiece.boundingBox())!;
    await rugPiece.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => plain(await left.textContent())).toBe(`${half + 5} سم`);
    expect((await rugPiece.boundingBox())!.x).toBeGreaterThan(before.x);

    expect(await sidewaysOverflow(page)).toEqual({ page: 0, dialog: 0 });
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});
