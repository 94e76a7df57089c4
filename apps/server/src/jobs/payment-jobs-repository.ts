import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/raw.ts';

/**
 * The payment jobs' claims. Each marks its rows in one statement (`for update skip locked`: any number of processes
 * may run it) and returns what the mails show; the job mails after the statement commits, so a mail is sent at most
 * once.
 */

/** A new auction or buy-now order whose "you won" / "your purchase" mail was just claimed. */
export interface OrderMailRow {
  id: string;
  kind: string;
  email: string;
  first_name: string;
  language: string;
  rug_title: string;
  lot_number: number | null;
  item_price: string | number;
  currency: string;
  due_ms: string | number;
}

/** Marks up to `limit` new auction and buy-now orders, oldest first, as mailed and returns them with their buyer. */
export async function claimOrderMails(db: Db, limit: number): Promise<OrderMailRow[]> {
  return rows<OrderMailRow>(
    db,
    sql`with due as (
              select id from orders
              where won_mail_sent_at is null and kind in ('auction', 'buy_now') and status = 'awaiting_payment'
              order by created_at limit ${limit} for update skip locked),
            marked as (update orders o set won_mail_sent_at = clock_timestamp() from due where o.id = due.id returning o.*)
            select m.id, m.kind, u.email, u.first_name, u.language, r.title as rug_title, l.lot_number, m.item_price, m.currency,
              extract(epoch from m.due_at) * 1000 as due_ms
            from marked m join users u on u.id = m.user_id join rugs r on r.id = m.rug_id left join lots l on l.id = m.lot_id`,
  );
}

/** An unpaid order past its due date whose staff notice was just claimed. */
export interface OverdueOrderRow {
  id: string;
  email: string;
  rug_title: string;
  item_price: string | number;
  currency: string;
  due_ms: string | number;
}

/**
 * Marks up to `limit` unpaid orders past their due date, most overdue first, as noticed and returns them with their
 * buyer's email. Fixed-price holds are left out: they expire by themselves (orders-jobs.ts).
 */
export async function claimOverdueOrders(db: Db, limit: number): Promise<OverdueOrderRow[]> {
  return rows<OverdueOrderRow>(
    db,
    sql`with due as (
              select id from orders
              where status = 'awaiting_payment' and overdue_notified_at is null and due_at < clock_timestamp()
                and kind <> 'fixed_price'
              order by due_at limit ${limit} for update skip locked),
            marked as (update orders o set overdue_notified_at = clock_timestamp() from due where o.id = due.id returning o.*)
            select m.id, u.email, r.title as rug_title, m.item_price, m.currency, extract(epoch from m.due_at) * 1000 as due_ms
            from marked m join users u on u.id = m.user_id join rugs r on r.id = m.rug_id`,
  );
}

/** Expires up to `limit` pending second-chance offers past `expires_at`, oldest first; returns their ids. */
export async function expireSecondChanceOffersPast(db: Db, limit: number): Promise<string[]> {
  const expired = await rows<{ id: string }>(
    db,
    sql`update second_chance_offers set status = 'expired'
          where id in (select id from second_chance_offers where status = 'pending' and expires_at < clock_timestamp()
            order by expires_at limit ${limit} for update skip locked)
          returning id`,
  );
  return expired.map((r) => r.id);
}
