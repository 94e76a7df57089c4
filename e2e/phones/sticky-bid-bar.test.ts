import { describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { gone, visible } from '../helpers/ui.ts';
import { bidThroughPanel, quickLot, session, waitOpen } from '../auction/lots.ts';

/** Issue 9 "Phones": the lot panel's bid controls stay within a thumb's reach on a long rug page. */
const e2e = useE2E();

describe('phones: the bid bar', () => {
  it('follows a bidder down a long rug page and brings the bid field back, focused', async () => {
    const bidder = await createVerifiedUser(e2e.baseUrl);
    const { rug } = await quickLot(e2e.baseUrl, 2, 600);
    await waitOpen(e2e.baseUrl, rug.id);
    const { page } = await e2e.newPage({ session: session(bidder) });
    await page.setViewportSize({ width: 390, height: 780 });
    await page.goto(`/rug-listing/${rug.slug}`);
    await visible(page.getByTestId('lot-panel'));

    // Down among the description, specification and related rugs, the form is far away: the bar is there.
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    const bar = await visible(page.getByTestId('sticky-bid-bar'));
    expect(await bar.getByText('$100', { exact: true }).count()).toBe(1);
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(780 + 0.5);

    // One tap: the form is back on screen with the cursor in the maximum-bid field, and the bar steps aside.
    await page.getByTestId('sticky-bid-button').click();
    const input = page.getByTestId('max-bid-input');
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect
      .poll(() =>
        input.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    await gone(page.getByTestId('sticky-bid-bar'));

    // And the bid goes through from there.
    await bidThroughPanel(page, 150);
    await visible(
      page.getByTestId('lot-position').getByText('You are the highest bidder.', { exact: false }),
    );
  });

  it('is not shown on a desktop, where the panel stays in view', async () => {
    const { rug } = await quickLot(e2e.baseUrl, 2, 600);
    await waitOpen(e2e.baseUrl, rug.id);
    const { page } = await e2e.newPage();
    await page.goto(`/rug-listing/${rug.slug}`);
    await visible(page.getByTestId('lot-panel'));
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    await page.waitForTimeout(300);
    expect(await page.getByTestId('sticky-bid-bar').count()).toBe(0);
  });
});
