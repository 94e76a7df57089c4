import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/raw.ts';
import { lotIsLive } from '../modules/lots/lot-sql.ts';

/**
 * Copies the live price of every active lot whose price moved since the last run into `rugs.lot_price`, which the
 * listing's price filter, price sort and facets read (through the generated `price_cents`). Bids write only the
 * lot (issue 10: the lot's state stored once); this one statement writes one rug version per moved lot per run
 * instead of one per bid. Idempotent, so several processes running it at once only repeat a no-op. Returns the
 * number of rugs written.
 */
export async function syncListingPrices(db: Db): Promise<number> {
  const written = await rows<{ id: string }>(
    db,
    sql`update rugs r set lot_price = coalesce(l.current_bid, l.opening_bid)
        from lots l
        where ${lotIsLive('l')} and r.id = l.rug_id and r.lot_id = l.id
          and r.lot_price is distinct from coalesce(l.current_bid, l.opening_bid)
        returning r.id`,
  );
  return written.length;
}
