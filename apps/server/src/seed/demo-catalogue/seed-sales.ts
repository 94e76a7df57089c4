import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { niceAmount } from './generate-rug.ts';
import { DEMO_SALES, type DemoSale } from './demo-sales.ts';
import { createRandom } from './random.ts';

interface SaleRug {
  id: string;
  style: string;
  estimate_low: string | number;
  estimate_high: string | number;
}

const HOUR = 3_600_000;
const cents = (usd: number) => usd * 100;
const toUsd = (c: string | number) => Number(c) / 100;

/**
 * Creates the demo sales and their lots from rugs not yet in any lot (and not offered at a fixed price). A sale
 * whose slug exists is left alone, so this is safe to rerun. Finished sales get outcomes: about two in three lots
 * sold between the estimates (their rugs marked sold, the lot keeping a hammer price and a bid count but no bid rows,
 * which the auction engine's tables will hold), the rest unsold. Open and upcoming lots start without bids.
 */
export async function seedDemoSales(
  db: Db,
  now = new Date(),
  options: {
    sales?: readonly DemoSale[];
    rugIds?: ReadonlySet<string>;
    seed?: number;
    unsoldStatus?: 'available' | 'withdrawn';
  } = {},
): Promise<number> {
  const rng = createRandom(options.seed ?? 1859);
  const pool = (
    (await db.execute(sql`
      select r.id, r.style, r.estimate_low, r.estimate_high from rugs r
      where r.status = 'available' and r.fixed_price is null and r.lot_id is null
      order by r.slug`)) as { rows: SaleRug[] }
  ).rows.filter((r) => !options.rugIds || options.rugIds.has(r.id));
  const used = new Set<string>();
  let created = 0;

  for (const sale of options.sales ?? DEMO_SALES) {
    const startsAt = new Date(now.getTime() + sale.startsInHours * HOUR);
    const endsAt = new Date(now.getTime() + sale.firstLotEndsInHours * HOUR);
    const inserted = (
      (await db.execute(sql`
        insert into auctions (slug, title, description, type, status, starts_at, ends_at, stagger_seconds)
        values (${sale.slug}, ${sale.title}, ${sale.description}, ${sale.type},
          ${endsAt < now ? 'closed' : startsAt <= now ? 'open' : 'scheduled'},
          ${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, ${sale.staggerSeconds})
        on conflict (slug) do nothing returning id`)) as { rows: { id: string }[] }
    ).rows[0];
    if (!inserted) continue;
    created += 1;

    const candidates = pool.filter(
      (r) => !used.has(r.id) && (sale.styles.length === 0 || sale.styles.includes(r.style)),
    );
    const rugs = rng.some(candidates, sale.lots);
    const finished = endsAt < now;
    const lots = rugs.map((rug, i) => {
      used.add(rug.id);
      const low = toUsd(rug.estimate_low);
      const high = toUsd(rug.estimate_high);
      const lotEnds = new Date(endsAt.getTime() + i * sale.staggerSeconds * 1000);
      const sold = finished && rng.chance(0.68);
      const hammer = sold ? niceAmount(low + (high - low) * rng.next() * 1.3) : null;
      return {
        auction_id: inserted.id,
        rug_id: rug.id,
        lot_number: i + 1,
        opening_bid: cents(niceAmount(low * 0.5)),
        reserve: rng.chance(0.5) ? cents(niceAmount(low * 0.8)) : null,
        buy_now_price: !finished && rng.chance(0.2) ? cents(niceAmount(high * 1.25)) : null,
        estimate_low: cents(low),
        estimate_high: cents(high),
        status: finished ? 'closed' : startsAt <= now ? 'open' : 'scheduled',
        outcome: finished ? (sold ? 'sold' : 'unsold') : null,
        starts_at: startsAt.toISOString(),
        ends_at: lotEnds.toISOString(),
        current_bid: hammer ? cents(hammer) : null,
        bid_count: sold ? rng.int(3, 18) : 0,
        reserve_met: sold,
        closed_at: finished ? lotEnds.toISOString() : null,
        hammer_price: hammer ? cents(hammer) : null,
      };
    });
    if (lots.length === 0) continue;
    await db.execute(sql`
      insert into lots (auction_id, rug_id, lot_number, opening_bid, reserve, buy_now_price, estimate_low, estimate_high,
        status, outcome, starts_at, ends_at, current_bid, bid_count, reserve_met, closed_at, hammer_price)
      select auction_id, rug_id, lot_number, opening_bid, reserve, buy_now_price, estimate_low, estimate_high,
        status, outcome, starts_at, ends_at, current_bid, bid_count, reserve_met, closed_at, hammer_price
      from json_to_recordset(${JSON.stringify(lots)}::json) as x(auction_id uuid, rug_id uuid, lot_number int,
        opening_bid bigint, reserve bigint, buy_now_price bigint, estimate_low bigint, estimate_high bigint, status text,
        outcome text, starts_at timestamptz, ends_at timestamptz, current_bid bigint, bid_count int, reserve_met boolean,
        closed_at timestamptz, hammer_price bigint)`);
    const soldRugs = lots.filter((l) => l.outcome === 'sold').map((l) => l.rug_id);
    if (soldRugs.length > 0) {
      await db.execute(
        sql`update rugs set status = 'sold', updated_at = now() where id = any(${sql.param(soldRugs)}::uuid[])`,
      );
    }
    const unsold = lots.filter((l) => l.outcome === 'unsold').map((l) => l.rug_id);
    if (options.unsoldStatus === 'withdrawn' && unsold.length > 0) {
      await db.execute(
        sql`update rugs set status = 'withdrawn', updated_at = now() where id = any(${sql.param(unsold)}::uuid[])`,
      );
    }
  }
  return created;
}
