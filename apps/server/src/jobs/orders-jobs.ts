import { num, numOrNull } from '../db/raw.ts';
import { notificationMessages } from '../modules/notifications/messages.ts';
import { notify, type PendingNotification } from '../modules/notifications/notifier.ts';
import { drain, type JobContext } from './job-context.ts';
import {
  expireUnpaidHolds,
  lockOrdersDueForReminder,
  recordPaymentReminder,
} from './orders-jobs-repository.ts';

/**
 * A fixed-price rug is held for its first buyer for 15 minutes while they pay (AUCTION-RULES.md "Buy now"); an
 * unpaid hold past `reserved_until` expires, which frees the rug for the next buyer.
 */
export function expireFixedPriceHolds(ctx: JobContext): Promise<number> {
  return drain(ctx, async () => {
    // The move awaiting_payment -> expired is allowed by the state machine (payments/order-states.ts); each one gets
    // its order event in the same statement.
    const expired = await expireUnpaidHolds(ctx.db, ctx.batchSize);
    return expired.length;
  });
}

/** Hours after the sale at which an unpaid winner is reminded (AUCTION-RULES.md "After the sale"). */
export const PAYMENT_REMINDER_HOURS = [24, 48] as const;

/**
 * Payment reminders for unpaid auction and buy-now orders, the first at 24 h and the second at 48 h. The count
 * sent is kept on the order and raised in the same transaction as the notification (once each, any process).
 */
export function sendPaymentReminders(ctx: JobContext): Promise<number> {
  const [first, second] = PAYMENT_REMINDER_HOURS;
  return drain(ctx, async () => {
    const { found, pending } = await ctx.db.transaction(async (tx) => {
      const due = await lockOrdersDueForReminder(tx, first, second, ctx.batchSize);
      const pending: PendingNotification[] = [];
      for (const order of due) {
        // Both at once when the server was down past 48 h: one reminder is enough.
        if (!(await recordPaymentReminder(tx, order.id, second))) continue;
        const input = notificationMessages.paymentReminder(
          {
            orderId: order.id,
            rugId: order.rug_id,
            rugTitle: order.rug_title,
            lotNumber: numOrNull(order.lot_number),
          },
          { total: num(order.item_price), dueAt: new Date(num(order.due_ms)) },
          ctx.currency,
        );
        pending.push(await notify(tx, order.user_id, input));
      }
      return { found: due.length, pending };
    });
    await ctx.deliver(pending);
    return found;
  });
}
