import type { Db } from '../db/client.ts';
import { num, numOrNull } from '../db/raw.ts';
import { notificationMessages, type LotSubject } from '../modules/notifications/messages.ts';
import { notifyAll, type PendingNotification } from '../modules/notifications/notifier.ts';
import { loadLotSubjects } from '../modules/notifications/repository.ts';
import {
  endingSoonRecipients,
  lockLotsEndingSoon,
  markRemindersSent,
  type DueReminder,
} from './ending-soon-repository.ts';
import { drain, type JobContext } from './job-context.ts';

/** AUCTION-RULES.md: watchers (and bidders) are told 15 minutes before a lot ends. */
export const ENDING_SOON_MINUTES = 15;

/**
 * "Closes in 15 minutes" to everyone watching or bidding on an open lot (lotOpenAt: taking bids now, so
 * a lot whose start has passed is reminded even before the open job stores `open`), once per lot: the lot's
 * `reminder_sent_at` is set in the same transaction that writes the notifications, under `skip locked`, so two
 * processes never both remind, and a soft-close extension does not remind again.
 */
export function sendEndingSoonReminders(ctx: JobContext): Promise<number> {
  return drain(ctx, async () => {
    const { found, pending } = await ctx.db.transaction(async (tx) => {
      const due = await lockLotsEndingSoon(tx, ENDING_SOON_MINUTES, ctx.batchSize);
      if (due.length === 0) return { found: 0, pending: [] };
      await markRemindersSent(
        tx,
        due.map((d) => d.id),
      );
      const pending: PendingNotification[] = [];
      const subjects = await loadLotSubjects(
        tx,
        due.map((d) => d.id),
      );
      for (const lot of due) pending.push(...(await remind(ctx, tx, lot, subjects.get(lot.id))));
      return { found: due.length, pending };
    });
    await ctx.deliver(pending);
    return found;
  });
}

async function remind(
  ctx: JobContext,
  tx: Db,
  lot: DueReminder,
  subject: LotSubject | undefined,
): Promise<PendingNotification[]> {
  if (!subject) return [];
  const recipients = await endingSoonRecipients(tx, lot.id);
  if (recipients.length === 0) return [];
  const price = numOrNull(lot.current_bid) ?? num(lot.opening_bid);
  const input = notificationMessages.endingSoon(subject, price, ctx.currency, new Date(num(lot.ends_ms)));
  return notifyAll(
    tx,
    recipients.map((userId) => ({ userId, input })),
  );
}
