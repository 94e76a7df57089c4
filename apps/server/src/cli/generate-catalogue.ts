/**
 * Generates a large catalogue for benchmarks:
 *
 *   npm run catalogue:generate -w @knotwork/server -- --count 100000 [--images 1] [--seed 7]
 *
 * Writes into the configured database (DATABASE_URL for PostgreSQL, else PGlite in DATA_DIR), after applying
 * migrations. Rugs come from the same weaving-centre profiles as the demo, in batches of 2,000 rows per statement;
 * about 3% go into an open sale and 1% into an upcoming one, so availability filters and "ending soon" have work
 * to do. Pictures are shared from a small pool: rug pictures already stored are reused, otherwise `--images`
 * pool pictures are rendered (0 = none). Running it again adds `count` more rugs.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RugStyle } from '@knotwork/shared/constants/catalogue';
import { ConfigError, loadConfig } from '../config/env.ts';
import type { Db } from '../db/client.ts';
import { collections } from '../db/schema/index.ts';
import { openDatabase } from '../db/open.ts';
import { createMediaService } from '../modules/media/index.ts';
import { createMediaStorage } from '../media/storage/index.ts';
import { DEMO_COLLECTIONS } from '../seed/demo-collections.ts';
import { generateRug, niceAmount } from '../seed/demo-catalogue/generate-rug.ts';
import { insertRugs } from '../seed/demo-catalogue/insert-rugs.ts';
import { createRandom } from '../seed/demo-catalogue/random.ts';
import { attachGallery, renderPoolEntry } from '../seed/demo-catalogue/rug-images.ts';

const argsSchema = z.object({
  count: z.coerce.number().int().min(1).max(2_000_000).default(100_000),
  images: z.coerce.number().int().min(0).max(50).default(0),
  seed: z.coerce.number().int().default(7),
});

const CHUNK = 10_000;
const HOUR = 3_600_000;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

async function main() {
  const { values } = parseArgs({
    options: { count: { type: 'string' }, images: { type: 'string' }, seed: { type: 'string' } },
    strict: true,
  });
  const args = argsSchema.parse(values);
  const config = loadConfig();
  const database = await openDatabase(config);
  const { db } = database;
  const started = Date.now();
  try {
    await db
      .insert(collections)
      .values(DEMO_COLLECTIONS.map((c, i) => ({ ...c, sortOrder: i })))
      .onConflictDoNothing({ target: collections.slug });
    const collectionIds = new Map(
      (await rows<{ id: string; slug: string }>(db, sql`select id, slug from collections`)).map((c) => [
        c.slug,
        c.id,
      ]),
    );
    const [{ n: existing } = { n: 0 }] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from rugs`,
    );
    const rng = createRandom(args.seed + Number(existing));
    const now = new Date();
    const year = now.getUTCFullYear();
    const spreadMs = 3 * 365 * 24 * HOUR;

    const newIds: string[] = [];
    for (let done = 0; done < args.count; done += CHUNK) {
      const size = Math.min(CHUNK, args.count - done);
      const batch = Array.from({ length: size }, (_, i) => {
        const index = Number(existing) + done + i;
        const rug = generateRug(rng, index, year);
        return {
          ...rug,
          slug: `${rug.slug}-g`,
          publishedAt: new Date(now.getTime() - rng.next() * spreadMs),
          status: rng.chance(0.06) ? 'sold' : 'available',
        };
      });
      const ids = await insertRugs(db, batch, collectionIds);
      newIds.push(...ids.values());
      process.stdout.write(
        `\r  rugs: ${done + size}/${args.count} (${Math.round((Date.now() - started) / 1000)} s)`,
      );
    }
    process.stdout.write('\n');

    await addSales(db, newIds, rng, now);
    await addPictures(db, config, newIds, args.images);
    // Fresh statistics and visibility maps, so the planner sees the real distribution and counts can use index-only scans.
    for (const table of ['rugs', 'rug_collections', 'lots', 'rug_images'])
      await database.exec(`vacuum analyze ${table}`);
    console.log(`catalogue:generate: ${args.count} rugs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

/** One open and one upcoming benchmark sale over a slice of the new (unsold, not fixed-price) rugs. */
async function addSales(db: Db, rugIds: string[], rng: ReturnType<typeof createRandom>, now: Date) {
  const eligible = await rows<{ id: string; estimate_low: string | number; estimate_high: string | number }>(
    db,
    sql`select id, estimate_low, estimate_high from rugs where id = any(${sql.param(rugIds)}::uuid[])
        and status = 'available' and fixed_price is null and lot_id is null`,
  );
  const openCount = Math.round(rugIds.length * 0.03);
  const upcomingCount = Math.round(rugIds.length * 0.01);
  const stamp = now.getTime().toString(36);
  const plan = [
    {
      slug: `benchmark-open-${stamp}`,
      title: 'Benchmark Timed Sale',
      starts: -24,
      ends: 1,
      status: 'open',
      take: eligible.slice(0, openCount),
    },
    {
      slug: `benchmark-upcoming-${stamp}`,
      title: 'Benchmark Upcoming Sale',
      starts: 72,
      ends: 240,
      status: 'scheduled',
      take: eligible.slice(openCount, openCount + upcomingCount),
    },
  ];
  for (const sale of plan) {
    if (sale.take.length === 0) continue;
    const startsAt = new Date(now.getTime() + sale.starts * HOUR);
    const endsAt = new Date(now.getTime() + sale.ends * HOUR);
    const [auction] = await rows<{ id: string }>(
      db,
      sql`insert into auctions (slug, title, type, status, starts_at, ends_at, stagger_seconds)
          values (${sale.slug}, ${sale.title}, 'timed', ${sale.status}, ${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, 20)
          returning id`,
    );
    const lots = sale.take.map((r, i) => {
      const low = Number(r.estimate_low);
      const opening = niceAmount(low / 200) * 100;
      const bids = sale.status === 'open' && rng.chance(0.4) ? rng.int(1, 12) : 0;
      return {
        auction_id: auction!.id,
        rug_id: r.id,
        lot_number: i + 1,
        opening_bid: opening,
        estimate_low: low,
        estimate_high: Number(r.estimate_high),
        status: sale.status,
        starts_at: startsAt.toISOString(),
        ends_at: new Date(endsAt.getTime() + i * 20_000).toISOString(),
        current_bid: bids > 0 ? opening + bids * niceAmount(opening / 1000) * 100 : null,
        bid_count: bids,
      };
    });
    for (let i = 0; i < lots.length; i += 2000) {
      await db.execute(sql`
        insert into lots (auction_id, rug_id, lot_number, opening_bid, estimate_low, estimate_high, status, starts_at, ends_at, current_bid, bid_count)
        select auction_id, rug_id, lot_number, opening_bid, estimate_low, estimate_high, status, starts_at, ends_at, current_bid, bid_count
        from json_to_recordset(${JSON.stringify(lots.slice(i, i + 2000))}::json) as x(auction_id uuid, rug_id uuid, lot_number int,
          opening_bid bigint, estimate_low bigint, estimate_high bigint, status text, starts_at timestamptz, ends_at timestamptz,
          current_bid bigint, bid_count int)`);
    }
    console.log(`  ${sale.title}: ${lots.length} lots`);
  }
}

/** Shares a small pool of pictures across the new rugs, by style where the pool allows. */
async function addPictures(db: Db, config: ReturnType<typeof loadConfig>, rugIds: string[], render: number) {
  let pool = (
    await rows<{ id: string }>(
      db,
      sql`select id from media_images where kind = 'rug' order by created_at limit 64`,
    )
  ).map((r) => [r.id]);
  if (pool.length === 0 && render > 0) {
    const storage = createMediaStorage(config);
    const media = createMediaService({ db, storage, config });
    const styles: RugStyle[] = [
      'persian',
      'caucasian',
      'turkish',
      'modern',
      'centralAsian',
      'moroccan',
      'chinese',
      'indian',
      'european',
    ];
    pool = [];
    for (let i = 0; i < render; i += 1) {
      pool.push(await renderPoolEntry(media, { style: styles[i % styles.length]!, family: 'rectangle' }, i));
      console.log(`  pool picture ${i + 1}/${render}`);
    }
  }
  if (pool.length === 0) return;
  for (let p = 0; p < pool.length; p += 1) {
    const share = rugIds.filter((_, i) => i % pool.length === p);
    await attachGallery(db, share, pool[p]!);
  }
  console.log(`  pictures: ${pool.length} pooled galleries over ${rugIds.length} rugs`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof z.ZodError) {
    console.error(`catalogue:generate: ${err.message}`);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
});
