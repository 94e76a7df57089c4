import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/raw.ts';
import { lotDueToCloseAt, lotDueToOpenAt } from '../modules/lots/lot-sql.ts';
import {
  saleClosesLotsByClock,
  saleDueToCloseAt,
  saleDueToOpenAt,
  saleOpensLotsByClock,
} from '../modules/lots/sale-sql.ts';

const NOW = sql`clock_timestamp()`;

/**
 * The scans of the open/close jobs. Each locks the due lot rows `for update skip locked` inside the caller's
 * transaction: another process running the same job skips them (and takes the next ones), and a lot whose row a
 * bid holds right now is picked up on the next run instead of waiting. The database clock decides what is due.
 */

/** Scheduled lots whose start has passed (and whose end has not: those are closed, unsold, instead). */
export async function lockLotsDueToOpen(tx: Db, limit: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    tx,
    sql`select l.id from lots l join auctions a on a.id = l.auction_id
        where ${lotDueToOpenAt('l', NOW)}
          and ${saleOpensLotsByClock('a')}
        order by l.starts_at, l.id
        limit ${limit}
        for update of l skip locked`,
  );
  return found.map((r) => r.id);
}

/**
 * Scheduled or open lots whose (possibly soft-close extended) end has passed. Lots of live sales are left out:
 * their end only stops absentee bids, and they close on the auctioneer's hammer (modules/live-sales). So are a
 * draft's: a draft never opens or closes by itself (decision 074); staff reschedule it.
 */
export async function lockLotsDueToClose(tx: Db, limit: number): Promise<string[]> {
  const found = await rows<{ id: string }>(
    tx,
    sql`select id from lots l
        where ${lotDueToCloseAt('l', NOW)}
          and exists (select 1 from auctions a where a.id = l.auction_id and ${saleClosesLotsByClock('a')})
        order by ends_at, id
        limit ${limit}
        for update skip locked`,
  );
  return found.map((r) => r.id);
}

/**
 * Sales follow their lots (saleStatusToStore in packages/shared/src/sales/sale-phase.ts): open once their start
 * has passed, closed once no lot is scheduled or open and the first lot's end has passed. Idempotent, so every
 * process may run it every time.
 */
export async function syncAuctionStatuses(db: Db): Promise<void> {
  await db.execute(sql`update auctions a set status = 'open', updated_at = clock_timestamp()
    where ${saleDueToOpenAt('a', NOW)}`);
  await db.execute(sql`update auctions a set status = 'closed', updated_at = clock_timestamp()
    where ${saleDueToCloseAt('a', NOW)}`);
}
