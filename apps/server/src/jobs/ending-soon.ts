import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { num, numOrNull, rows } from '../db/raw.ts';
import { lotOpenAt } from '../modules/lots/lot-sql.ts';
import { notificationMessages } from '../modules/notifications/messages.ts';
import { notifyAll, type PendingNotification } from '../modules/notifications/notifier.ts';
import { loadLotSubject } from '../modules/notifications/repository.ts';
import { drain, type JobContext } from './job-context.ts';

/** AUCTION-RULES.md: watchers (and bidders) are told 15 minutes before a lot ends. */
export const ENDING_SOON_MINUTES = 15;

interface DueReminder {
  id: string;
  current_bid: string | number | null;
  opening_bid: string | number;
  ends_ms: string | number;
}

/**
 * "Closes in 15 minutes" to everyone watching or bidding on an open lot (lotOpenAt: taking bids now, so
 * a lot whose start has passed is reminded even before the open job stores `open`), once per lot: the lot's
 * `reminder_sent_at` is set in the same transaction that writes the notifications, under `skip locked`, so two
 * processes never both remind, and a soft-close extension does not remind again.
 */
export function sendEndingSoonReminders(ctx: JobContext): Promise<number> {
  return drain(ctx, async () => {
    const { found, pending } = await ctx.db.transaction(async (tx) => {
      const due = await rows<DueReminder>(
        tx,
        sql`select l.id, l.current_bid, l.opening_bid, extract(epoch from l.ends_at) * 1000 as ends_ms from lots l
            where ${lotOpenAt('l', sql`clock_timestamp()`)} and l.reminder_sent_at is null
              and l.ends_at <= clock_timestamp() + make_interval(mins => ${ENDING_SOON_MINUTES})
            order by l.ends_at, l.id
            limit ${ctx.batchSize}
            for update skip locked`,
      );
      if (due.length === 0) return { found: 0, pending: [] };
      await tx.execute(sql`update lots set reminder_sent_at = clock_timestamp()
        where id = any(${sql.param(due.map((d) => d.id))}::uuid[])`);
      const pending: PendingNotification[] = [];
      for (const lot of due) pending.push(...(await remind(ctx, tx, lot)));
      return { found: due.length, pending };
    });
    await ctx.deliver(pending);
    return found;
  });
}

async function remind(ctx: JobContext, tx: Db, lot: DueReminder): Promise<PendingNotification[]> {
  const recipients = await rows<{ user_id: string }>(
    tx,
    sql`select k.user_id from likes k join lots l on l.rug_id = k.rug_id where l.id = ${lot.id}::uuid
        union
        select b.bidder_id from bids b where b.lot_id = ${lot.id}::uuid and b.status = 'accepted'`,
  );
  if (recipients.length === 0) return [];
  const subject = await loadLotSubject(tx, lot.id);
  if (!subject) return [];
  const price = numOrNull(lot.current_bid) ?? num(lot.opening_bid);
  const input = notificationMessages.endingSoon(subject, price, ctx.currency, new Date(num(lot.ends_ms)));
  return notifyAll(
    tx,
    recipients.map((r) => ({ userId: r.user_id, input })),
  );
}
