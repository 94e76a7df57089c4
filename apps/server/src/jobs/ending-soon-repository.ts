import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/raw.ts';
import { lotOpenAt } from '../modules/lots/lot-sql.ts';

/** A lot due for its "closes soon" reminder, with what the message shows (prices and end as the drivers hand them). */
export interface DueReminder {
  id: string;
  current_bid: string | number | null;
  opening_bid: string | number;
  ends_ms: string | number;
}

/**
 * Open lots (lotOpenAt: taking bids now, so a lot whose start has passed counts even before the open job stores
 * `open`) not yet reminded that end within `withinMinutes`, soonest first. Locked `for update skip locked` inside the
 * caller's transaction, so two processes never remind the same lot; the database clock decides what is due.
 */
export async function lockLotsEndingSoon(
  tx: Db,
  withinMinutes: number,
  limit: number,
): Promise<DueReminder[]> {
  return rows<DueReminder>(
    tx,
    sql`select l.id, l.current_bid, l.opening_bid, extract(epoch from l.ends_at) * 1000 as ends_ms from lots l
            where ${lotOpenAt('l', sql`clock_timestamp()`)} and l.reminder_sent_at is null
              and l.ends_at <= clock_timestamp() + make_interval(mins => ${withinMinutes})
            order by l.ends_at, l.id
            limit ${limit}
            for update skip locked`,
  );
}

/**
 * Marks the lots reminded, in the transaction that writes their notifications: a soft-close extension does not
 * remind again, and a rollback leaves them to the next run.
 */
export async function markRemindersSent(tx: Db, lotIds: string[]): Promise<void> {
  await tx.execute(sql`update lots set reminder_sent_at = clock_timestamp()
        where id = any(${sql.param(lotIds)}::uuid[])`);
}

/** Who is told a lot ends soon: everyone who likes its rug or has an accepted bid on it, each once. */
export async function endingSoonRecipients(tx: Db, lotId: string): Promise<string[]> {
  const recipients = await rows<{ user_id: string }>(
    tx,
    sql`select k.user_id from likes k join lots l on l.rug_id = k.rug_id where l.id = ${lotId}::uuid
        union
        select b.bidder_id from bids b where b.lot_id = ${lotId}::uuid and b.status = 'accepted'`,
  );
  return recipients.map((r) => r.user_id);
}
