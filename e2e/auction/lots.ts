import type { Page } from 'playwright-core';
import { apiCall, loginThroughApi, type SignedInUser } from '../helpers/accounts.ts';
import type { StoredSession } from '../helpers/browser.ts';

/** The demo staff account (apps/server/src/seed/demo-accounts.ts). */
export const STAFF = { email: 'staff@knotwork.local', password: 'Staff@12345' } as const;

export interface QuickLot {
  rug: { id: string; slug: string; title: string };
  sale: { id: string; slug: string; title: string };
  lotId: string;
}

/**
 * A one-lot sale made through the staff API on a rug that is in no sale: it opens `startIn` seconds from now
 * (the jobs open it) and ends `endIn` seconds from now. Each call takes its own rug, so tests do not collide.
 */
export async function quickLot(
  baseUrl: string,
  startIn: number,
  endIn: number,
  lot: Record<string, unknown> = {},
  saleOptions: Record<string, unknown> = {},
): Promise<QuickLot> {
  const staff = await loginThroughApi(baseUrl, STAFF.email, STAFF.password);
  const now = Date.now();
  // Lots can be added only before a sale starts. On a loaded machine finding a free rug can take longer than
  // `startIn`, so the sale is made to start in ten minutes and moved to its real times once its lot is in.
  const parked = now + 600_000;
  const sale = await apiCall<{ data: { id: string; slug: string; title: string } }>(
    baseUrl,
    '/admin/auctions',
    {
      token: staff.token,
      body: {
        title: `Browser test sale ${now} ${Math.random().toString(36).slice(2, 7)}`,
        startsAt: new Date(parked).toISOString(),
        endsAt: new Date(parked + Math.max(endIn - startIn, 1) * 1000).toISOString(),
        // Open to every bidder unless the test asks for registration (a new live sale requires it by default).
        registration: { required: false, cardRequired: false },
        ...saleOptions,
      },
    },
  );
  if (sale.status >= 300)
    throw new Error(`POST /admin/auctions answered ${sale.status}: ${JSON.stringify(sale.body)}`);
  // Rugs may be taken by a parallel test between listing and adding: try the next free one. Once the demo
  // catalogue's free rugs are all in other files' lots (the shared server serves every file), a new rug is made.
  for (let page = 1; page <= 11; page++) {
    const { body } =
      page <= 10
        ? await apiCall<{
            data: { id: string; slug: string; title: string; availability: string; lot: unknown }[];
          }>(baseUrl, `/rug?page=${page}&pageSize=60&sort=newest`)
        : { body: { data: [await newRug(baseUrl, staff.token)] } };
    for (const rug of body.data.filter((r) => r.availability === 'available' && !r.lot)) {
      const res = await apiCall<{ data: { id: string } }>(
        baseUrl,
        `/admin/auctions/${sale.body.data.id}/lots`,
        {
          token: staff.token,
          body: { rugId: rug.id, openingBid: 10_000, estimateLow: 20_000, estimateHigh: 30_000, ...lot },
        },
      );
      if (res.status < 300) {
        const at = Date.now();
        const moved = await apiCall(baseUrl, `/admin/auctions/${sale.body.data.id}`, {
          method: 'PATCH',
          token: staff.token,
          body: {
            startsAt: new Date(at + startIn * 1000).toISOString(),
            endsAt: new Date(at + endIn * 1000).toISOString(),
          },
        });
        if (moved.status >= 300)
          throw new Error(`PATCH /admin/auctions answered ${moved.status}: ${JSON.stringify(moved.body)}`);
        return {
          rug: { id: rug.id, slug: rug.slug, title: rug.title },
          sale: sale.body.data,
          lotId: res.body.data.id,
        };
      }
      // Only a rug taken meanwhile by a parallel test (in a lot, or bought) means: try the next one.
      const code = (res.body as { code?: string }).code;
      if (res.status !== 409 || (code !== 'RUG_IN_LOT' && code !== 'RUG_NOT_AVAILABLE'))
        throw new Error(`POST lot answered ${res.status}: ${JSON.stringify(res.body)}`);
    }
  }
  throw new Error('No rug free for a test lot');
}

/** A draft rug made through the staff API: what a specialist catalogues when a rug comes in. */
export async function draftRug(baseUrl: string, token: string, title: string, description: string) {
  const made = await apiCall<{ data: { id: string; slug: string; version: number } }>(
    baseUrl,
    '/admin/rugs',
    {
      token,
      body: {
        title,
        description,
        originCountry: 'Iran',
        originRegion: 'Heriz',
        style: 'persian',
        ageClass: 'antique',
        circaYear: 1910,
        widthCm: 240,
        lengthCm: 330,
        shape: 'rectangle',
        pileMaterials: ['wool'],
        foundationMaterials: ['cotton'],
        knotType: 'symmetric',
        knotDensity: 80,
        colours: ['red'],
        conditionGrade: 'good',
        conditionReport: 'Even wear',
        estimateLow: 300_000,
        estimateHigh: 500_000,
        fixedPrice: null,
      },
    },
  );
  if (made.status !== 201)
    throw new Error(`POST /admin/rugs answered ${made.status}: ${JSON.stringify(made.body)}`);
  return made.body.data;
}

/** A published rug made through the staff API, for when every demo rug is already in a test's lot. */
async function newRug(baseUrl: string, token: string) {
  const title = `Test Heriz carpet ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const made = await draftRug(
    baseUrl,
    token,
    title,
    'A village carpet from the Heriz district, woven in the first quarter of the twentieth century.\n\n' +
      'Bold medallion on a madder field, ivory spandrels, indigo main border. Even low pile, original ends.',
  );
  const published = await apiCall(baseUrl, `/admin/rugs/${made.id}/publish`, {
    token,
    body: { version: made.version },
  });
  if (published.status >= 300)
    throw new Error(
      `POST /admin/rugs/:id/publish answered ${published.status}: ${JSON.stringify(published.body)}`,
    );
  return { id: made.id, slug: made.slug, title, availability: 'available', lot: null };
}

/** Waits until the lot is open on the server (the jobs open due lots within a second or two). */
export async function waitOpen(baseUrl: string, rugId: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await apiCall<{ data: { lot: { status: string } | null } }>(baseUrl, `/rug/${rugId}`);
    if (body.data.lot?.status === 'open') return;
    if (Date.now() > deadline) throw new Error('The test lot did not open');
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const session = (u: SignedInUser | { token: string; user: unknown }): StoredSession => ({
  token: u.token,
  user: u.user,
});

/** Places a bid through the lot panel: the maximum field, then the confirmation dialog. */
export async function bidThroughPanel(page: Page, dollars: number): Promise<void> {
  await page.getByTestId('max-bid-input').fill(String(dollars));
  await page.getByTestId('bid-form').locator('button[type="submit"]').click();
  const dialog = page.getByRole('dialog', { name: /Confirm your bid|Raise your maximum/ });
  await dialog.getByRole('button', { name: /^Bid / }).click();
  await dialog.waitFor({ state: 'hidden' });
}
