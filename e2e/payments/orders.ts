import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { apiCall, loginThroughApi, type SignedInUser } from '../helpers/accounts.ts';
import { STAFF, quickLot, waitOpen } from '../auction/lots.ts';

/** An order awaiting payment for `buyer`: a one-lot sale opened with a buy-now price, bought now through the API. */
export async function buyNowOrder(
  baseUrl: string,
  buyer: SignedInUser,
  buyNowPrice = 50_000,
): Promise<{ orderId: string; rugTitle: string }> {
  const lot = await quickLot(baseUrl, 1, 3_600, { buyNowPrice });
  await waitOpen(baseUrl, lot.rug.id);
  const res = await apiCall<{ data: { order: { id: string } } }>(baseUrl, `/rug/buy-now/${lot.rug.id}`, {
    method: 'POST',
    token: buyer.token,
  });
  if (res.status >= 300)
    throw new Error(`POST /rug/buy-now answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { orderId: res.body.data.order.id, rugTitle: lot.rug.title };
}

/**
 * An order awaiting payment for `buyer` won at auction: a one-lot sale (no soft close) that ends a few seconds
 * after `buyer`'s bid, closed by the server's jobs, which make the winner's order.
 */
export async function wonOrder(
  baseUrl: string,
  buyer: SignedInUser,
  bid = 30_000,
): Promise<{ orderId: string; rugTitle: string }> {
  const lot = await quickLot(
    baseUrl,
    1,
    8,
    {},
    { softClose: { enabled: false, windowSeconds: 120, extensionSeconds: 120 } },
  );
  await waitOpen(baseUrl, lot.rug.id);
  const res = await apiCall(baseUrl, `/rug/add-offer/${lot.rug.id}`, {
    token: buyer.token,
    body: { amount: bid },
  });
  if (res.status !== 201)
    throw new Error(`POST /rug/add-offer answered ${res.status}: ${JSON.stringify(res.body)}`);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { body } = await apiCall<{ data: { id: string; rug: { id: string } }[] }>(baseUrl, '/order/list', {
      token: buyer.token,
    });
    const order = body.data.find((o) => o.rug.id === lot.rug.id);
    if (order) return { orderId: order.id, rugTitle: lot.rug.title };
    if (Date.now() > deadline) throw new Error('The won lot made no order within 30 s of its end');
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** A saved US address (courier shipping is priced by its zone). */
export async function addAddress(baseUrl: string, buyer: SignedInUser): Promise<string> {
  const res = await apiCall<{ data: { id: string } }>(baseUrl, '/address/add', {
    token: buyer.token,
    body: {
      name: 'Ada Weaver',
      phone: '+1 (212) 555-0147',
      line1: '1 Main St',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
      country: 'US',
    },
  });
  if (res.status >= 300)
    throw new Error(`POST /address/add answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** Staff record the transfer that arrived, through the staff API, for the amount the checkout asked. */
export async function staffRecordsTransfer(baseUrl: string, reference: string, amount: number) {
  const staff = await loginThroughApi(baseUrl, STAFF.email, STAFF.password);
  return apiCall<{ data: { outcome: string; invoiceNumber: string | null } }>(
    baseUrl,
    '/admin/payments/bank-transfer',
    {
      token: staff.token,
      body: { reference, amount, currency: 'USD' },
    },
  );
}

/** Clicks `trigger`, waits for the download it starts, and answers its first bytes and suggested name. */
export async function downloadOf(
  page: Page,
  trigger: () => Promise<void>,
): Promise<{ head: string; name: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger()]);
  const file = await download.path();
  return {
    head: fs.readFileSync(file).subarray(0, 5).toString('latin1'),
    name: download.suggestedFilename(),
  };
}

/**
 * True when the page stays wider than its viewport (it would scroll sideways). A resize re-lays the page out
 * over a few frames (media queries re-render the header and tables), so a page that fits within 5 s fits.
 */
export async function scrollsSideways(page: Page): Promise<boolean> {
  const wide = () =>
    page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  const until = Date.now() + 5_000;
  while (await wide()) {
    if (Date.now() > until) return true;
    await page.waitForTimeout(100);
  }
  return false;
}

/** The text of a money cell as cents ("$1,234.50" -> 123450). */
export const centsOf = (text: string | null) =>
  Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);
