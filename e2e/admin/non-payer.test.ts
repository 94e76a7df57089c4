import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import { apiCall, createVerifiedUser, loginThroughApi, type SignedInUser } from '../helpers/accounts.ts';
import { ErrorCollector, httpStatusNoise, launchBrowser, newUserContext } from '../helpers/browser.ts';
import { createRunDatabase } from '../helpers/database.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { dialog, field, gone, toast, visible } from '../helpers/ui.ts';
import { quickLot, session, STAFF, waitOpen } from '../auction/lots.ts';
import { scrollsSideways } from '../payments/orders.ts';

/** Set to a folder to keep screenshots (390 px; English, French and Arabic). */
const SHOTS = process.env.E2E_SCREENSHOTS_DIR;

/**
 * Issue 28 §4 (decision 092): a collector leaves two orders unpaid past their due date; the strikes job blocks their
 * bidding; they read why and what to do on My Items and above the bid form (390 px, French and Arabic); staff see the
 * strikes on the bidder's page and clear one with a reason.
 *
 * An order falls due three days after the sale, so the test moves the due dates back in the database between two runs
 * of the same server (its own PGlite folder, or its own PostgreSQL database with TEST_DATABASE_URL): the server is
 * stopped while the test writes, as a house's database would be read after a few days.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-nonpayer-'));
let pgDb: { url: string; drop(): Promise<void> } | undefined;
let server: RunningServer | undefined;
let browser: Browser | undefined;
const errors: ErrorCollector[] = [];

const env = () => ({ DATA_DIR: dataDir, ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) });

async function sql(query: string, params: unknown[]): Promise<void> {
  if (pgDb) {
    const client = new pg.Client({ connectionString: pgDb.url });
    await client.connect();
    try {
      await client.query(query, params);
    } finally {
      await client.end();
    }
    return;
  }
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    await db.query(query, params);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) pgDb = await createRunDatabase(process.env.TEST_DATABASE_URL);
  [server, browser] = await Promise.all([startServer(env()), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await pgDb?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  const found = errors.flatMap((e) => e.errors);
  if (found.length) throw new Error(`Unexpected errors in the browser:\n  ${found.join('\n  ')}`);
});

async function open(user: SignedInUser | { token: string; user: unknown }, language?: string): Promise<Page> {
  const context = await newUserContext(browser!, server!.baseUrl, STORAGE_KEYS, { session: session(user) });
  if (language)
    await context.addInitScript((lng) => {
      localStorage.setItem('i18nextLng', lng);
    }, language);
  const page = await context.newPage();
  // The blocked bid's 403 is the answer under test.
  const collector = new ErrorCollector([httpStatusNoise(403)]);
  collector.watch(page);
  errors.push(collector);
  await page.setViewportSize({ width: 390, height: 844 });
  return page;
}

async function shoot(page: Page, name: string) {
  expect(await scrollsSideways(page), `${name} scrolls sideways at 390 px`).toBe(false);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/non-payer-${name}-390.png`, fullPage: true });
}

async function buyNow(baseUrl: string, bidder: SignedInUser): Promise<{ slug: string; title: string }> {
  const lot = await quickLot(baseUrl, 2, 3600, { buyNowPrice: 40_000 });
  await waitOpen(baseUrl, lot.rug.id);
  const bought = await apiCall(baseUrl, `/rug/buy-now/${lot.rug.id}`, {
    method: 'POST',
    token: bidder.token,
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  return lot.rug;
}

describe('non-payers (issue 28 §4, decision 092)', () => {
  it('two orders unpaid past their due date block bidding; the collector sees why and what to do; staff see and clear strikes', async () => {
    let baseUrl = server!.baseUrl;
    const bidder = await createVerifiedUser(baseUrl);
    const [first, second] = [await buyNow(baseUrl, bidder), await buyNow(baseUrl, bidder)];
    const open3 = await quickLot(baseUrl, 2, 3600);

    // Three days later: the orders are past due.
    await server!.stop();
    await sql(`update orders set due_at = now() - interval '2 hours' where user_id = $1`, [bidder.user.id]);
    server = await startServer(env());
    baseUrl = server.baseUrl;

    // The strikes job (every server's scheduler) writes the strikes and blocks within a few seconds.
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ data: { blocked: boolean; reason: string | null } }>(
              baseUrl,
              '/rug/offer/standing',
              {
                token: bidder.token,
              },
            )
          ).body.data,
        { timeout: 20_000, interval: 500 },
      )
      .toMatchObject({ blocked: true, reason: 'unpaid' });

    // My Items: why, the two orders with their amounts, pay now, then contact the house.
    const page = await open(bidder);
    await page.goto('/my-items');
    const note = await visible(page.getByTestId('bidding-standing'), 15_000);
    await visible(note.getByText('You cannot bid at the moment'));
    await visible(note.getByText('because 2 orders are unpaid past their due date', { exact: false }));
    await visible(note.getByRole('link', { name: new RegExp(first.title) }));
    await visible(note.getByRole('link', { name: new RegExp(second.title) }));
    expect(await note.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toMatch(
      /^\/checkout\?orders=/,
    );
    await visible(note.getByRole('link', { name: 'contact us' }));
    await shoot(page, 'my-items-en');

    // The lot page says it above the bid form, and a bid is refused with the same words under the field.
    await waitOpen(baseUrl, open3.rug.id);
    await page.goto(`/rugs-details-live/${open3.rug.slug}`);
    const form = await visible(page.getByTestId('bid-form'), 15_000);
    await visible(form.getByTestId('bidding-standing').getByText('You cannot bid at the moment'));
    await shoot(page, 'lot-en');
    if (SHOTS) await form.screenshot({ path: `${SHOTS}/non-payer-bid-form-en-390.png` });

    // In French and in Arabic (right to left), no code and no missing text.
    for (const [language, title] of [
      ['fr', 'Vous ne pouvez pas enchérir pour le moment'],
      ['ar', 'لا يمكنك المزايدة حاليًا'],
    ] as const) {
      const other = await open(bidder, language);
      await other.goto('/my-items');
      await visible(other.getByTestId('bidding-standing').getByText(title), 15_000);
      const text = await other.evaluate(() => document.body.innerText);
      for (const code of ['unpaid', 'BIDDING_BLOCKED', 'standing.']) expect(text).not.toContain(code);
      expect(
        await other.evaluate(
          () => (window as unknown as { __i18nMissingKeys?: string[] }).__i18nMissingKeys ?? [],
        ),
      ).toEqual([]);
      await shoot(other, `my-items-${language}`);
    }

    // Staff: the bidder page names the block's reason in words and lists both strikes; accounts clear one.
    const accounts = await loginThroughApi(baseUrl, 'accounts@knotwork.local', 'Staff@12345');
    const desk = await open(accounts);
    await desk.goto(`/admin/bidders/${bidder.user.id}`);
    await visible(desk.getByText('Blocked · Unpaid orders'), 15_000);
    const strikes = await visible(desk.getByTestId('bidder-strikes'));
    await visible(strikes.getByText('2 active strikes. Bidding is blocked at 2.'));
    await strikes.getByRole('button', { name: 'Clear the strike' }).first().click();
    const clearing = dialog(desk, 'Clear this strike');
    await field(clearing, 'Why').fill('Paid by cheque at the saleroom');
    await clearing.getByRole('button', { name: 'Clear the strike' }).click();
    await visible(toast(desk, 'Strike cleared'));
    await gone(clearing);
    await visible(strikes.getByText('1 active strike. Bidding is blocked at 2.'));
    await visible(strikes.getByText('Paid by cheque at the saleroom', { exact: false }));
    await shoot(desk, 'bidder-page');

    // The staff login is the demo admin's too: the list shows the strike count.
    const admin = await loginThroughApi(baseUrl, STAFF.email, STAFF.password);
    const list = await apiCall<{ data: { id: string; activeStrikes?: number }[] }>(
      baseUrl,
      `/admin/users?q=${encodeURIComponent(bidder.email)}`,
      { token: admin.token },
    );
    expect(list.body.data).toMatchObject([{ id: bidder.user.id, activeStrikes: 1 }]);
  }, 300_000);
});
