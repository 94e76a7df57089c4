import type { JobContext } from './job-context.ts';
import { syncListingPrices } from './listing-prices-repository.ts';

/** How often each process brings the listing's copy of active lots' prices up to date (migration 0160). */
export const LISTING_PRICE_SYNC_MS = 5_000;

/**
 * The job: at most every `everyMs` per process; the first tick of a process runs it. The statement
 * (syncListingPrices, listing-prices-repository.ts) is idempotent, so a tick that repeats another process's is a no-op.
 */
export function listingPriceSync(ctx: JobContext, everyMs = LISTING_PRICE_SYNC_MS): () => Promise<number> {
  let last = -Infinity;
  return async () => {
    const now = performance.now();
    if (now - last < everyMs) return 0;
    last = now;
    return syncListingPrices(ctx.db);
  };
}
