import { sql } from 'drizzle-orm';
import { num, numOrNull, rows } from '../db/raw.ts';
import { notificationMessages } from '../modules/notifications/messages.ts';
import { notify, type PendingNotification } from '../modules/notifications/notifier.ts';
import { drain, type JobContext } from './job-context.ts';

/**
 * A fixed-price rug is held for its first buyer for 15 minutes while they pay (AUCTION-RULES.md "Buy now"); an
 * unpaid hold past `reserved_until` expires, which frees the rug for the next buyer.
 */
export function expireFixedPriceHolds(ctx: JobContext): Promise<number> {
  return drain(ctx, async () => {
    // The move awaiting_payment -> expired is allowed by the state machine (payments/order-states.ts); each one gets
    // its order event in the same statement.
    const expired = await rows<{ id: string }>(
      ctx.db,
      sql`with expired as (
            update orders set status = 'expired', updated_at = clock_timestamp()
            where id in (
              select id from orders
              where kind = 'fixed_price' and status = 'awaiting_payment' and reserved_until < clock_timestamp()
              order by reserved_until
              limit ${ctx.batchSize}
              for update skip locked)
            returning id)
          insert into order_events (order_id, from_status, to_status, reason)
          select id, 'awaiting_payment', 'expired', 'The 15-minute hold ran out' from expired
          returning order_id as id`,
    );
    return expired.length;
  });
}

/** Hours after the sale at which an unpaid winner is reminded (AUCTION-RULES.md "After the sale"). */
export const PAYMENT_REMINDER_HOURS = [24, 48] as const;

interface DueOrder {
  id: string;
  user_id: string;
  rug_id: string;
  rug_title: string;
  lot_number: number | null;
  item_price: string | number;
  due_ms: string | number;
  reminders: number;
}

/**
 * Payment reminders for unpaid auction and buy-now orders, the first at 24 h and the second at 48 h. The count
 * sent is kept on the order and raised in the same transaction as the notification (once each, any process).
 */
export function sendPaymentReminders(ctx: JobContext): Promise<number> {
  const [first, second] = PAYMENT_REMINDER_HOURS;
  return drain(ctx, async () => {
    const { found, pending } = await ctx.db.transaction(async (tx) => {
      const due = await rows<DueOrder>(
        tx,
        sql`select o.id, o.user_id, o.rug_id, r.title as rug_title, l.lot_number, o.item_price,
              extract(epoch from o.due_at) * 1000 as due_ms, o.payment_reminders_sent as reminders
            from orders o join rugs r on r.id = o.rug_id left join lots l on l.id = o.lot_id
            where o.kind in ('auction', 'buy_now') and o.status = 'awaiting_payment' and o.due_at > clock_timestamp()
              and ((o.payment_reminders_sent = 0 and o.created_at <= clock_timestamp() - make_interval(hours => ${first}))
                or (o.payment_reminders_sent = 1 and o.created_at <= clock_timestamp() - make_interval(hours => ${second})))
            order by o.created_at, o.id
            limit ${ctx.batchSize}
            for update of o skip locked`,
      );
      const pending: PendingNotification[] = [];
      for (const order of due) {
        // Both at once when the server was down past 48 h: one reminder is enough.
        const sent = await rows<{ n: number }>(
          tx,
          sql`update orders set payment_reminders_sent = case
                when created_at <= clock_timestamp() - make_interval(hours => ${second}) then 2 else 1 end
              where id = ${order.id}::uuid returning payment_reminders_sent as n`,
        );
        if (!sent[0]) continue;
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
