import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/raw.ts';
import { lotIsLive } from '../modules/lots/lot-sql.ts';
import type { JobContext } from './job-context.ts';

/** How often each process brings the listing's copy of active lots' prices up to date (migration 0160). */
export const LISTING_PRICE_SYNC_MS = 5_000;

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

/** The job: at most every `everyMs` per process; the first tick of a process runs it. */
export function listingPriceSync(ctx: JobContext, everyMs = LISTING_PRICE_SYNC_MS): () => Promise<number> {
  let last = -Infinity;
  return async () => {
    const now = performance.now();
    if (now - last < everyMs) return 0;
    last = now;
    return syncListingPrices(ctx.db);
  };
}
