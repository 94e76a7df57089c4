import crypto from 'node:crypto';
import type { Connection } from '../../src/db/client.ts';

/**
 * Sale fixtures for the jobs, notification and staff tests, written with plain SQL and timed by the database
 * clock (offsets in seconds from now()), so the jobs see exactly what the test meant.
 */
export async function createRug(db: Connection, title = 'Antique Heriz Serapi, circa 1890'): Promise<string> {
  const slug = `rug-${crypto.randomBytes(5).toString('hex')}`;
  const [row] = await db.query<{ id: string }>(
    `insert into rugs (slug, title, origin_country, origin_region, style, age_class, width_cm, length_cm, shape,
       condition_grade, estimate_low, estimate_high)
     values ($1, $2, 'Iran', 'Heriz', 'persian', 'antique', 250, 350, 'rectangle', 'good', 500000, 800000)
     returning id`,
    [slug, title],
  );
  return row!.id;
}

export interface AuctionFixture {
  startsIn?: number;
  endsIn?: number;
  staggerSeconds?: number;
  premiumPct?: number;
  title?: string;
  status?: string;
}

export async function createAuction(db: Connection, a: AuctionFixture = {}): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into auctions (slug, title, status, starts_at, ends_at, stagger_seconds, buyers_premium_pct)
     values ($1, $2, $3, now() + make_interval(secs => $4), now() + make_interval(secs => $5), $6, $7)
     returning id`,
    [
      `sale-${crypto.randomBytes(5).toString('hex')}`,
      a.title ?? 'Important Antique Rugs',
      a.status ?? 'scheduled',
      a.startsIn ?? -3600,
      a.endsIn ?? 3600,
      a.staggerSeconds ?? 60,
      a.premiumPct ?? 25,
    ],
  );
  return row!.id;
}

export interface LotFixture {
  auctionId: string;
  rugId: string;
  lotNumber?: number;
  status?: 'scheduled' | 'open';
  startsIn?: number;
  endsIn?: number;
  openingBid?: number;
  reserve?: number | null;
  buyNowPrice?: number | null;
}

let lotCounter = 0;
export async function createLot(db: Connection, l: LotFixture): Promise<string> {
  lotCounter += 1;
  const [row] = await db.query<{ id: string }>(
    `insert into lots (auction_id, rug_id, lot_number, opening_bid, reserve, buy_now_price, estimate_low, estimate_high,
       status, starts_at, ends_at)
     values ($1, $2, $3, $4, $5, $6, 500000, 800000, $7, now() + make_interval(secs => $8), now() + make_interval(secs => $9))
     returning id`,
    [
      l.auctionId,
      l.rugId,
      l.lotNumber ?? lotCounter,
      l.openingBid ?? 10_000,
      l.reserve ?? null,
      l.buyNowPrice ?? null,
      l.status ?? 'open',
      l.startsIn ?? -60,
      l.endsIn ?? 3600,
    ],
  );
  return row!.id;
}

/** A rug in an open lot of a running sale, in one call. */
export async function openLotFixture(
  db: Connection,
  options: Partial<LotFixture> & { premiumPct?: number; title?: string } = {},
): Promise<{ auctionId: string; rugId: string; lotId: string }> {
  const auctionId = options.auctionId ?? (await createAuction(db, { premiumPct: options.premiumPct }));
  const rugId = options.rugId ?? (await createRug(db, options.title));
  const lotId = await createLot(db, { ...options, auctionId, rugId });
  return { auctionId, rugId, lotId };
}

/**
 * Moves a lot's end into the past, in the columns and in the engine state the bidding core keeps, as if its
 * time had run out (tests cannot wait for the clock).
 */
export async function endLotNow(db: Connection, lotId: string, secondsAgo = 1): Promise<void> {
  await db.query(
    `update lots set
       starts_at = least(starts_at, now() - make_interval(secs => $2 + 60)),
       ends_at = now() - make_interval(secs => $2),
       engine_state = case when engine_state is null then null else
         jsonb_set(jsonb_set(engine_state, '{endsAt}', to_jsonb(floor(extract(epoch from now() - make_interval(secs => $2)) * 1000))),
           '{startsAt}', to_jsonb(floor(extract(epoch from least(starts_at, now() - make_interval(secs => $2 + 60))) * 1000)))
       end
     where id = $1`,
    [lotId, secondsAgo],
  );
}

/** Sets a lot's end `seconds` from now (columns and engine state). */
export async function setLotEnd(db: Connection, lotId: string, seconds: number): Promise<void> {
  await db.query(
    `update lots set ends_at = now() + make_interval(secs => $2),
       engine_state = case when engine_state is null then null else
         jsonb_set(engine_state, '{endsAt}', to_jsonb(floor(extract(epoch from now() + make_interval(secs => $2)) * 1000))) end
     where id = $1`,
    [lotId, seconds],
  );
}

export async function makeStaff(db: Connection, userId: string): Promise<void> {
  await db.query(`update users set role = 'admin' where id = $1`, [userId]);
}

export async function like(db: Connection, userId: string, rugId: string): Promise<void> {
  await db.query('insert into likes (user_id, rug_id) values ($1, $2) on conflict do nothing', [
    userId,
    rugId,
  ]);
}

export async function notificationsOf(db: Connection, userId: string) {
  return db.query<{
    id: string;
    type: string;
    title: string;
    body: string;
    link: string | null;
    data: Record<string, unknown>;
    read_at: Date | null;
  }>(
    'select id, type, title, body, link, data, read_at from notifications where user_id = $1 order by created_at, id',
    [userId],
  );
}
