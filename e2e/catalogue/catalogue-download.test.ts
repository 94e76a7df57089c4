import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useE2E } from '../helpers/harness.ts';
import { visible } from '../helpers/ui.ts';
import { quickLot } from '../auction/lots.ts';

// E2E_WEB_DIST_DIR runs this file against a web build elsewhere than apps/web/dist (its own server).
const e2e = useE2E(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : undefined);
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;
const run = promisify(execFile);
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

/** The PDF's text, its whitespace folded (a long title may wrap onto the next line). */
async function pdfText(file: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return stdout.replace(/\s+/g, ' ');
}

/**
 * Waits for the catalogue's button (the PDF is made in the background: "Preparing the PDF…" first), downloads it and
 * answers its bytes and text.
 */
async function download(page: Page, label: string): Promise<{ bytes: Buffer; text: string }> {
  const link = page.getByRole('link', { name: label });
  await visible(link, 120_000);
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'knotwork-catalogue-'));
  dirs.push(dir);
  const target = path.join(dir, 'catalogue.pdf');
  await file.saveAs(target);
  return { bytes: await readFile(target), text: await pdfText(target) };
}

/**
 * Issue 29 §3 (decision 094): "Download catalogue (PDF)" on a sale's public page downloads the sale's catalogue in
 * the reader's language: a PDF carrying the sale's title, in English and in French.
 */
describe('printed catalogue download (issue 29 §3)', () => {
  it('downloads the catalogue as a PDF with the sale’s title, in English and in French', async () => {
    const { sale } = await quickLot(e2e.baseUrl, 3600, 7200, {
      openingBid: 100_000,
      estimateLow: 150_000,
      estimateHigh: 250_000,
    });
    const { page } = await e2e.newPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/upcoming-auctions/${sale.slug}`);
    const english = await download(page, 'Download catalogue (PDF)');
    expect(english.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(english.text).toContain(sale.title);
    expect(english.text).toContain('Estimate');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/catalogue-download-1366.png` });

    await page.evaluate(() => localStorage.setItem('i18nextLng', 'fr'));
    await page.reload();
    const french = await download(page, 'Télécharger le catalogue (PDF)');
    expect(french.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(french.text).toContain(sale.title);
    expect(french.text).toContain('Estimation');
    // Two languages, two documents.
    expect(french.bytes.equals(english.bytes)).toBe(false);
  }, 300_000);
});
