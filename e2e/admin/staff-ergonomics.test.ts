import { describe, expect, it } from 'vitest';
import { apiCall, loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { dialog, field, toast, visible } from '../helpers/ui.ts';
import { seriousAxeViolations } from '../content/axe.ts';

const e2e = useE2E();
const staff = (role: 'specialist' | 'accounts' | 'staff') =>
  loginThroughApi(e2e.baseUrl, `${role}@knotwork.local`, 'Staff@12345');
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/** A draft rug made through the staff API. */
async function draftRug(token: string, title: string) {
  const { status, body } = await apiCall<{ data: { id: string } }>(e2e.baseUrl, '/admin/rugs', {
    token,
    body: {
      title,
      description: 'Made for the bulk test',
      originCountry: 'Azerbaijan',
      originRegion: 'Shirvan',
      style: 'caucasian',
      ageClass: 'antique',
      circaYear: 1900,
      widthCm: 120,
      lengthCm: 180,
      shape: 'rectangle',
      pileMaterials: ['wool'],
      foundationMaterials: ['wool'],
      knotType: 'symmetric',
      knotDensity: 90,
      colours: ['red'],
      conditionGrade: 'veryGood',
      conditionReport: 'Even low pile',
      estimateLow: 200_000,
      estimateHigh: 300_000,
      fixedPrice: null,
    },
  });
  expect(status).toBe(201);
  return body.data.id;
}

/** Issue 24, section 6: what staff trip over, from the back office. */
describe('staff ergonomics (issue 24)', () => {
  it('a specialist selects rugs in the grid, publishes them at once, then adds them to a sale; the rug already in an open sale is named with the reason', async () => {
    const specialist = await staff('specialist');
    const stamp = `Bulkline ${Date.now().toString(36)}`;
    const ids = [
      await draftRug(specialist.token, `${stamp} Alpha`),
      await draftRug(specialist.token, `${stamp} Beta`),
    ];
    const sale = await apiCall<{ data: { id: string } }>(e2e.baseUrl, '/admin/auctions', {
      token: specialist.token,
      body: {
        title: `${stamp} sale`,
        startsAt: inHours(48),
        endsAt: inHours(72),
        staggerSeconds: 60,
        draft: true,
      },
    });
    expect(sale.status).toBe(201);
    // A demo rug on the block in a running sale: it cannot be offered twice.
    const listed = await apiCall<{ data: { id: string; title: string; lotStatus: string | null }[] }>(
      e2e.baseUrl,
      '/admin/rugs?status=available&pageSize=100',
      { token: specialist.token },
    );
    let busy: { id: string; title: string } | undefined;
    for (const r of listed.body.data.filter((x) => x.lotStatus === 'open' || x.lotStatus === 'scheduled')) {
      // One whose title finds only itself, so the row picked in the grid is this rug.
      const found = await apiCall<{ data: unknown[] }>(
        e2e.baseUrl,
        `/admin/rugs?q=${encodeURIComponent(r.title)}&pageSize=5`,
        { token: specialist.token },
      );
      if (found.body.data.length === 1) {
        busy = r;
        break;
      }
    }
    expect(busy, 'the demo data has a rug in an open or scheduled lot').toBeTruthy();

    const { page } = await e2e.newPage({ session: specialist });
    await page.goto('/admin/rugs');
    await visible(page.getByRole('heading', { name: 'Rugs', level: 1 }));
    await field(page, 'Search rugs').fill(stamp);
    const row = (title: string) => page.getByRole('row').filter({ hasText: title });
    await visible(row(`${stamp} Alpha`), 20_000);
    await visible(row(`${stamp} Beta`));
    await row(`${stamp} Alpha`).getByRole('checkbox').check();
    await row(`${stamp} Beta`).getByRole('checkbox').check();
    const bar = page.getByRole('region', { name: 'Selected rugs' });
    await visible(bar.getByText('2 rugs selected'));
    // Selecting is not opening: the page stays the grid.
    expect(new URL(page.url()).pathname).toBe('/admin/rugs');
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (process.env.E2E_SHOTS_DIR) {
      for (const width of [1366, 768]) {
        await page.setViewportSize({ width, height: 900 });
        await page.waitForTimeout(300);
        await page.screenshot({
          path: `${process.env.E2E_SHOTS_DIR}/rugs-selection-${width}.png`,
          fullPage: true,
        });
      }
      await page.setViewportSize({ width: 1366, height: 900 });
    }

    await bar.getByRole('button', { name: 'Publish', exact: true }).click();
    await visible(toast(page, '2 rugs published'));
    await expect
      .poll(() => row(`${stamp} Alpha`).getByText('Available').count(), { timeout: 10_000 })
      .toBe(1);
    for (const id of ids) {
      const { body } = await apiCall<{ data: { status: string } }>(e2e.baseUrl, `/admin/rugs/${id}`, {
        token: specialist.token,
      });
      expect(body.data.status).toBe('available');
    }

    // The selection was cleared; select the two again, and the busy demo rug from another search.
    await row(`${stamp} Alpha`).getByRole('checkbox').check();
    await row(`${stamp} Beta`).getByRole('checkbox').check();
    await field(page, 'Search rugs').fill(busy!.title);
    await visible(row(busy!.title), 20_000);
    await row(busy!.title).getByRole('checkbox').check();
    await visible(bar.getByText('3 rugs selected'));
    await bar.getByRole('button', { name: 'Add to a sale' }).click();
    const picker = await visible(dialog(page, 'Add 3 rugs to a sale'));
    await field(picker, 'Sale').click();
    await page.getByRole('option', { name: new RegExp(`^${stamp} sale`) }).click();
    await picker.getByRole('button', { name: 'Add 3 rugs' }).click();
    await visible(toast(page, '2 lots added to the sale · 1 could not move'));
    const refused = await visible(page.getByRole('alert').filter({ hasText: 'This rug could not move' }));
    await visible(refused.getByText(busy!.title));
    await visible(refused.getByText('it is already in a scheduled or open lot of a sale'));
    expect(await seriousAxeViolations(page)).toEqual([]);

    const built = await apiCall<{ data: { lots: { rugId: string; lotNumber: number }[] } }>(
      e2e.baseUrl,
      `/admin/auctions/${sale.body.data.id}`,
      { token: specialist.token },
    );
    expect(built.body.data.lots.map((l) => l.rugId).sort()).toEqual([...ids].sort());
  });

  it('a specialist opens /admin/chat from the back office and answers the live chat', async () => {
    const { page } = await e2e.newPage({ session: await staff('specialist') });
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Messages' })
      .click();
    await page.waitForURL(/\/admin\/chat/);
    await visible(page.getByRole('heading', { name: 'Chat inbox' }), 20_000);
    expect(await page.getByText('Please sign in').count()).toBe(0);
    expect(await page.getByText('Not part of your role').count()).toBe(0);
    // A direct load too (the server-rendered page, then hydration).
    await page.goto('/admin/chat');
    await visible(page.getByRole('heading', { name: 'Chat inbox' }), 20_000);
    expect(new URL(page.url()).pathname).toBe('/admin/chat');
  });
});
