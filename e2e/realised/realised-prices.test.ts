import { describe, expect, it } from 'vitest';
import { apiCall } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { at, visible } from '../helpers/ui.ts';

/** Realised prices (issue 14.5): the public record, its filters and chart, and the comparables on a rug page. */
const e2e = useE2E();

interface Sold {
  title: string;
  originRegion: string;
  hammerPrice: number;
}

describe('realised prices in the browser', () => {
  it('lists sold lots from the demo archive, filters by origin and style, and draws the chart', async () => {
    const all = await apiCall<{ meta: { total: number } }>(e2e.baseUrl, '/realised');
    expect(all.body.meta.total).toBeGreaterThan(24);
    const heriz = await apiCall<{ data: Sold[]; meta: { total: number } }>(
      e2e.baseUrl,
      '/realised?origin=Heriz',
    );
    const { page } = await e2e.newPage();

    await page.goto('/realised-prices');
    await visible(page.getByRole('heading', { name: 'Realised Prices', level: 1 }));
    await visible(page.getByTestId('realised-count').getByText(`${all.body.meta.total} sold lots`));
    expect(await page.getByTestId('realised-lot').count()).toBe(24);
    await visible(page.getByTestId('price-chart'), 30_000);

    await page.getByLabel('Origin').fill('Heriz');
    await page
      .getByRole('search', { name: 'Search realised prices' })
      .getByRole('button', { name: 'Search', exact: true })
      .click();
    await at(page, '/realised-prices?origin=Heriz');
    const count = heriz.body.meta.total;
    await visible(
      page.getByTestId('realised-count').getByText(count === 1 ? '1 sold lot' : `${count} sold lots`),
    );
    await visible(page.getByRole('heading', { name: 'Price per m², Heriz' }));
    if (heriz.body.data[0]) await visible(page.getByRole('link', { name: heriz.body.data[0].title }).first());

    await page.getByLabel('Style').click();
    await page.getByRole('option', { name: 'Caucasian' }).click();
    await at(page, '/realised-prices?origin=Heriz&style=caucasian');
    await visible(page.getByText('No sold lots match'));
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await at(page, '/realised-prices');
  });

  it('shows comparables on a rug page and leads to the realised prices of its origin', async () => {
    const open = await apiCall<{ data: { id: string; slug: string; originRegion: string }[] }>(
      e2e.baseUrl,
      '/rug?availability=open&pageSize=1',
    );
    const rug = open.body.data[0]!;
    const comparables = await apiCall<{ data: Sold[] }>(e2e.baseUrl, `/rug/${rug.id}/comparables`);
    const { page } = await e2e.newPage();
    await page.goto(`/rug-listing/${rug.slug}`);
    const section = await visible(page.getByTestId('comparables'), 30_000);
    await visible(section.getByRole('heading', { name: 'Comparable sales' }));
    if (comparables.body.data.length === 0) await visible(section.getByText('No comparable rug has sold'));
    else
      await expect.poll(() => section.getByTestId('realised-lot').count()).toBe(comparables.body.data.length);
    await section.getByRole('link', { name: `All realised prices for ${rug.originRegion}` }).click();
    await at(page, `/realised-prices?${new URLSearchParams({ origin: rug.originRegion }).toString()}`);
    await expect.poll(() => page.getByLabel('Origin').inputValue()).toBe(rug.originRegion);
  });
});
