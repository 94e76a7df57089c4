import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/raw.ts';

/**
 * Expires up to `limit` unpaid fixed-price holds past `reserved_until`, oldest first, and writes each one's order
 * event in the same statement (awaiting_payment -> expired is allowed by payments/order-states.ts). `skip locked`:
 * any number of processes may run it. Returns the expired orders' ids.
 */
export async function expireUnpaidHolds(db: Db, limit: number): Promise<string[]> {
  const expired = await rows<{ id: string }>(
    db,
    sql`with expired as (
            update orders set status = 'expired', updated_at = clock_timestamp()
            where id in (
              select id from orders
              where kind = 'fixed_price' and status = 'awaiting_payment' and reserved_until < clock_timestamp()
              order by reserved_until
              limit ${limit}
              for update skip locked)
            returning id)
          insert into order_events (order_id, from_status, to_status, reason)
          select id, 'awaiting_payment', 'expired', 'The 15-minute hold ran out' from expired
          returning order_id as id`,
  );
  return expired.map((r) => r.id);
}

/** An unpaid order due for a payment reminder, with what the message shows. */
export interface DueOrder {
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
 * Unpaid auction and buy-now orders, not yet due, that passed `firstHours` with no reminder sent or `secondHours`
 * with one, oldest first. Locked `for update of o skip locked` inside the caller's transaction, so each reminder is
 * sent once whichever process runs the job. An order autopay is still to charge (its schedule on, scheduled or
 * charging: decision 096 addendum) is left out: its buyer chose to be charged, and a reminder reads as if they must
 * act. Once autopay gives up (failed: the buyer was sent a link to pay) or is switched off, its reminders resume.
 */
export async function lockOrdersDueForReminder(
  tx: Db,
  firstHours: number,
  secondHours: number,
  limit: number,
): Promise<DueOrder[]> {
  return rows<DueOrder>(
    tx,
    sql`select o.id, o.user_id, o.rug_id, r.title as rug_title, l.lot_number, o.item_price,
              extract(epoch from o.due_at) * 1000 as due_ms, o.payment_reminders_sent as reminders
            from orders o join rugs r on r.id = o.rug_id left join lots l on l.id = o.lot_id
            where o.kind in ('auction', 'buy_now') and o.status = 'awaiting_payment' and o.due_at > clock_timestamp()
              and ((o.payment_reminders_sent = 0 and o.created_at <= clock_timestamp() - make_interval(hours => ${firstHours}))
                or (o.payment_reminders_sent = 1 and o.created_at <= clock_timestamp() - make_interval(hours => ${secondHours})))
              and not exists (select 1 from order_autopay a where a.order_id = o.id and a.enabled
                and a.state in ('scheduled', 'charging'))
            order by o.created_at, o.id
            limit ${limit}
            for update of o skip locked`,
  );
}

/**
 * Raises the order's count of reminders sent, in the transaction that writes the reminder: to 2 once the order is
 * `secondHours` old (both at once after a long downtime: one reminder is enough), else to 1. False when no row was
 * written.
 */
export async function recordPaymentReminder(tx: Db, orderId: string, secondHours: number): Promise<boolean> {
  const sent = await rows<{ n: number }>(
    tx,
    sql`update orders set payment_reminders_sent = case
                when created_at <= clock_timestamp() - make_interval(hours => ${secondHours}) then 2 else 1 end
              where id = ${orderId}::uuid returning payment_reminders_sent as n`,
  );
  return sent[0] !== undefined;
}
