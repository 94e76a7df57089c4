import { describe, expect, it } from 'vitest';
import { RUG_IMPORT_COLUMNS } from '@knotwork/shared/schemas/import-staff';
import { loginThroughApi } from '../helpers/accounts.ts';
import { useE2E } from '../helpers/harness.ts';
import { visible } from '../helpers/ui.ts';
import { seriousAxeViolations } from '../content/axe.ts';

const e2e = useE2E();

/** A rugs CSV of `n` rows; rows whose number is in `bad` have a shape the catalogue does not know. */
function rugsCsv(tag: string, n: number, bad: Set<number>): Buffer {
  const lines = [RUG_IMPORT_COLUMNS.join(',')];
  for (let i = 1; i <= n; i += 1) {
    const cells: Record<string, string> = {
      reference: `${tag}-${i}`,
      title: `${tag} rug ${i}`,
      description: 'Imported in a browser test',
      originCountry: 'Turkey',
      originRegion: 'Oushak',
      style: 'turkish',
      ageClass: 'vintage',
      circaYear: '1960',
      widthCm: String(120 + (i % 200)),
      lengthCm: '240',
      shape: bad.has(i) ? 'hexagon' : 'rectangle',
      pileMaterials: 'wool',
      foundationMaterials: 'cotton',
      knotType: 'symmetric',
      knotDensity: '60',
      colours: 'ivory|blue',
      conditionGrade: 'good',
      conditionReport: 'Good pile',
      estimateLow: '800',
      estimateHigh: '1200',
      fixedPrice: '',
      photos: '',
    };
    lines.push(RUG_IMPORT_COLUMNS.map((c) => cells[c]).join(','));
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

describe('back office: import (issue 11)', () => {
  it('a specialist imports a CSV of 1,000 rugs: the preview shows the bad rows, a progress bar runs, the result lists them and the rugs are in the grid', async () => {
    const session = await loginThroughApi(e2e.baseUrl, 'specialist@knotwork.local', 'Staff@12345');
    const { page } = await e2e.newPage({ session });
    const tag = `IMP${Date.now().toString(36)}`;
    const bad = new Set([7, 250, 999]);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Import' }).first().click();
    await visible(page.getByRole('heading', { level: 1, name: 'Import' }), 30_000);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page
      .locator('input[type="file"][accept=".csv,text/csv"]')
      .setInputFiles({ name: 'rugs.csv', mimeType: 'text/csv', buffer: rugsCsv(tag, 1000, bad) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await visible(page.getByText('To create: 997'), 60_000);
    await visible(page.getByText('With errors: 3'));
    // The grid shows the rows in error first, each with its line (the header is line 1) and the field.
    const grid = page.getByRole('grid', { name: 'Rows of the file' });
    await visible(grid.getByRole('gridcell', { name: '251', exact: true }));
    await visible(grid.getByText(/^shape: /).first());
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Import 997 rows' }).click();
    const progress = page.getByRole('progressbar', { name: /^Imported \d+ of 997$/ });
    await visible(progress, 30_000);
    await visible(
      page.getByText('Done: 997 created, 0 skipped as already imported, 3 rows with errors.'),
      180_000,
    );
    expect(await progress.getAttribute('aria-valuenow')).toBe('100');
    const badRows = page.getByRole('list', { name: 'Rows with errors' });
    await expect.poll(() => badRows.getByRole('listitem').count()).toBe(3);
    await visible(badRows.getByText('Line 8 · shape'));
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Open the rugs' }).click();
    await page.getByRole('searchbox', { name: 'Search rugs' }).fill(`${tag} rug 998`);
    await visible(page.getByRole('gridcell', { name: `${tag} rug 998` }), 30_000);

    // The same file again creates nothing.
    await page.goto('/admin/import');
    await page
      .locator('input[type="file"][accept=".csv,text/csv"]')
      .setInputFiles({ name: 'rugs.csv', mimeType: 'text/csv', buffer: rugsCsv(tag, 1000, bad) });
    await page.getByRole('button', { name: 'Check the file' }).click();
    await visible(page.getByText('Already imported: 997'), 60_000);
    await visible(page.getByText('To create: 0'));
    expect(await page.getByRole('button', { name: 'Import 0 rows' }).isDisabled()).toBe(true);
  }, 300_000);

  it('fits a 390 px phone without sideways scrolling', async () => {
    const session = await loginThroughApi(e2e.baseUrl, 'specialist@knotwork.local', 'Staff@12345');
    const { page } = await e2e.newPage({ session });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/import');
    await visible(page.getByRole('heading', { level: 1, name: 'Import' }), 30_000);
    await page.getByRole('button', { name: 'Lots into a sale' }).click();
    await visible(page.getByText('Drop a CSV of lots here.'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 120_000);
});
