import crypto from 'node:crypto';
import type { Role } from '@knotwork/shared/schemas/user';
import type { TestApp } from '../helpers/app.ts';

/** Fixtures by direct inserts: users with live tokens, a rug, an auction and a lot (times relative to the DB clock). */
export async function makeUser(t: TestApp, opts: { role?: Role; blocked?: boolean } = {}) {
  const email = `bidder.${crypto.randomBytes(5).toString('hex')}@example.com`;
  const [row] = await t.database.query<{ id: string }>(
    `insert into users (first_name, last_name, email, role, email_verified_at, bidding_blocked_at)
     values ('Bea', 'Bidder', $1, $2, now(), $3) returning id`,
    [email, opts.role ?? 'user', opts.blocked ? new Date().toISOString() : null],
  );
  const { token } = await t.app.ctx.tokens.issue(row!.id);
  return { id: row!.id, token };
}

export async function makeUsers(t: TestApp, n: number) {
  const users = [];
  for (let i = 0; i < n; i += 1) users.push(await makeUser(t));
  return users;
}

let rugCounter = 0;
export async function makeRug(t: TestApp, opts: { fixedPrice?: number | null; status?: string } = {}) {
  rugCounter += 1;
  const slug = `test-rug-${rugCounter}-${crypto.randomBytes(3).toString('hex')}`;
  const [row] = await t.database.query<{ id: string }>(
    `insert into rugs (slug, title, origin_country, origin_region, style, age_class, width_cm, length_cm, shape,
       condition_grade, estimate_low, estimate_high, fixed_price, status)
     values ($1, 'Test Heriz', 'Iran', 'Heriz', 'persian', 'antique', 200, 300, 'rectangle', 'good', 100000, 200000, $2, $3)
     returning id`,
    [slug, opts.fixedPrice ?? null, opts.status ?? 'available'],
  );
  return row!.id;
}

export interface LotOptions {
  openingBid?: number;
  reserve?: number | null;
  buyNowPrice?: number | null;
  /** Seconds from the database's now. */
  startsIn?: number;
  endsIn?: number;
  status?: 'scheduled' | 'open';
  softClose?: { enabled: boolean; windowSeconds: number; extensionSeconds: number };
  premiumPct?: number;
}

/** An auction with one lot on a new rug. Amounts in cents; the default opening bid is 100 units (10,000 cents). */
export async function makeLot(t: TestApp, opts: LotOptions = {}) {
  const rugId = await makeRug(t);
  const soft = opts.softClose ?? { enabled: true, windowSeconds: 120, extensionSeconds: 120 };
  const startsIn = opts.startsIn ?? -3600;
  const endsIn = opts.endsIn ?? 3600;
  const [auction] = await t.database.query<{ id: string }>(
    `insert into auctions (slug, title, status, starts_at, ends_at, soft_close_enabled, soft_close_window_seconds,
       soft_close_extension_seconds, buyers_premium_pct)
     values ($1, 'Test Sale', 'open', now() + make_interval(secs => $2), now() + make_interval(secs => $3), $4, $5, $6, $7)
     returning id`,
    [
      `sale-${crypto.randomBytes(4).toString('hex')}`,
      startsIn,
      endsIn,
      soft.enabled,
      soft.windowSeconds,
      soft.extensionSeconds,
      opts.premiumPct ?? 25,
    ],
  );
  const [lot] = await t.database.query<{ id: string }>(
    `insert into lots (auction_id, rug_id, lot_number, opening_bid, reserve, buy_now_price, estimate_low, estimate_high,
       status, starts_at, ends_at)
     values ($1, $2, 1, $3, $4, $5, 100000, 200000, $6, now() + make_interval(secs => $7), now() + make_interval(secs => $8))
     returning id`,
    [
      auction!.id,
      rugId,
      opts.openingBid ?? 10_000,
      opts.reserve ?? null,
      opts.buyNowPrice ?? null,
      opts.status ?? (startsIn <= 0 ? 'open' : 'scheduled'),
      startsIn,
      endsIn,
    ],
  );
  return { lotId: lot!.id, rugId, auctionId: auction!.id };
}

export async function bid(t: TestApp, target: string, amount: number, token: string, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/rug/add-offer/${target}`,
    payload: { amount },
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

export async function buyNow(t: TestApp, target: string, token: string, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/rug/buy-now/${target}`,
    headers: { authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

export async function get(t: TestApp, url: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export const units = (n: number) => n * 100;
export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);
