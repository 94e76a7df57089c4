import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { DEMO_SALES } from './demo-catalogue/demo-sales.ts';

/** The demo's timed sale that is open at the first start (demo-sales.ts), featured on the home page. */
export const DEMO_FEATURED_SALE_SLUG = DEMO_SALES.find(
  (s) => s.type === 'timed' && s.startsInHours < 0 && s.firstLotEndsInHours > 0,
)!.slug;

/**
 * Features the demo's running sale on the home page (back office > Content > Home page), so a first start shows a
 * sale with open lots from the landing page. Only while staff have never chosen (the row's first version), and only
 * while that sale is open: a choice of theirs, even "none", is kept.
 */
export async function seedDemoHomeFeatures(db: Db): Promise<void> {
  await db.execute(sql`
    update home_features h set featured_auction_id = a.id, updated_at = now()
    from auctions a
    where h.featured_auction_id is null and h.version = 1 and a.slug = ${DEMO_FEATURED_SALE_SLUG} and a.status = 'open'`);
}
