import crypto from 'node:crypto';
import type { TestApp } from '../helpers/app.ts';
import { makeRug } from '../bidding/helpers.ts';

/**
 * A live sale with `lots` lots (opening bid 1,000 units each, no reserve unless given). The lots are open for
 * absentee bids (their timed end an hour away) until the clerk puts them on the block.
 */
export async function makeLiveSale(
  t: TestApp,
  opts: { lots?: number; reserve?: number | null; premiumPct?: number } = {},
) {
  const [auction] = await t.database.query<{ id: string; slug: string }>(
    `insert into auctions (slug, title, type, status, starts_at, ends_at, buyers_premium_pct)
     values ($1, 'Live Test Sale', 'live', 'open', now() - interval '1 hour', now() + interval '1 hour', $2)
     returning id, slug`,
    [`live-${crypto.randomBytes(4).toString('hex')}`, opts.premiumPct ?? 25],
  );
  const lotIds: string[] = [];
  for (let n = 1; n <= (opts.lots ?? 3); n += 1) {
    const rugId = await makeRug(t);
    const [lot] = await t.database.query<{ id: string }>(
      `insert into lots (auction_id, rug_id, lot_number, opening_bid, reserve, estimate_low, estimate_high, status,
         starts_at, ends_at)
       values ($1, $2, $3, 100000, $4, 150000, 250000, 'open', now() - interval '1 hour', now() + interval '1 hour')
       returning id`,
      [auction!.id, rugId, n, opts.reserve ?? null],
    );
    lotIds.push(lot!.id);
  }
  return { auctionId: auction!.id, slug: auction!.slug, lotIds };
}

export function clerk(t: TestApp, auctionId: string, token: string, action: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/live/${auctionId}/actions`,
    payload: action,
    headers: { authorization: `Bearer ${token}` },
  });
}

export function onlineBid(
  t: TestApp,
  auctionId: string,
  token: string,
  body: { lotId: string; ask: number },
  key?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/live/${auctionId}/bids`,
    payload: body,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

export async function roomView(t: TestApp, ref: string, token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/live/${ref}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return res;
}
