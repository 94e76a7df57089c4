import { isLanguage } from '@knotwork/shared/constants/languages';
import { sql } from 'drizzle-orm';
import { num, numOrNull, rows } from '../db/raw.ts';
import type { MailMessage } from '../modules/mail/mailer.ts';
import { paymentMails, paymentWebPaths, sendAfterCommit } from '../modules/commerce/payment-mails.ts';
import { drain, type JobContext } from './job-context.ts';

/**
 * Each job marks its rows in one transaction (skip locked: any number of processes), then mails after commit: a
 * mail is sent at most once, and a crash between commit and send loses that mail rather than doubling it (the
 * in-app notification and the order page carry the same information).
 */
async function markThenMail(ctx: JobContext, mark: () => Promise<MailMessage[]>): Promise<number> {
  const messages = await mark();
  for (const message of messages) await sendAfterCommit(ctx.mailer, ctx.log, message);
  return messages.length;
}

/** "You won" / "Your purchase" with the pay link, for every new auction or buy-now order (AUCTION-RULES.md "After the sale"). */
export function sendOrderMails(ctx: JobContext): Promise<number> {
  return drain(ctx, () =>
    markThenMail(ctx, async () => {
      const found = await rows<{
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
      }>(
        ctx.db,
        sql`with due as (
              select id from orders
              where won_mail_sent_at is null and kind in ('auction', 'buy_now') and status = 'awaiting_payment'
              order by created_at limit ${ctx.batchSize} for update skip locked),
            marked as (update orders o set won_mail_sent_at = clock_timestamp() from due where o.id = due.id returning o.*)
            select m.id, m.kind, u.email, u.first_name, u.language, r.title as rug_title, l.lot_number, m.item_price, m.currency,
              extract(epoch from m.due_at) * 1000 as due_ms
            from marked m join users u on u.id = m.user_id join rugs r on r.id = m.rug_id left join lots l on l.id = m.lot_id`,
      );
      return found.map((o) => ({
        to: o.email,
        ...paymentMails.lotWon({
          firstName: o.first_name,
          rugTitle: o.rug_title,
          lotNumber: numOrNull(o.lot_number),
          total: num(o.item_price),
          currency: o.currency,
          dueAt: new Date(num(o.due_ms)),
          payUrl: new URL(paymentWebPaths.checkout([o.id]), ctx.publicUrl).toString(),
          boughtNow: o.kind === 'buy_now',
          language: isLanguage(o.language) ? o.language : 'en',
        }),
      }));
    }),
  );
}

/**
 * Unpaid orders past their due date: staff are told once per order (then cancel, offer a second chance, relist,
 * block). Fixed-price holds are left out: they expire by themselves (orders-jobs.ts), which frees the rug.
 */
export function noticeOverdueOrders(ctx: JobContext): Promise<number> {
  return drain(ctx, () =>
    markThenMail(ctx, async () => {
      const found = await rows<{
        id: string;
        email: string;
        rug_title: string;
        item_price: string | number;
        currency: string;
        due_ms: string | number;
      }>(
        ctx.db,
        sql`with due as (
              select id from orders
              where status = 'awaiting_payment' and overdue_notified_at is null and due_at < clock_timestamp()
                and kind <> 'fixed_price'
              order by due_at limit ${ctx.batchSize} for update skip locked),
            marked as (update orders o set overdue_notified_at = clock_timestamp() from due where o.id = due.id returning o.*)
            select m.id, u.email, r.title as rug_title, m.item_price, m.currency, extract(epoch from m.due_at) * 1000 as due_ms
            from marked m join users u on u.id = m.user_id join rugs r on r.id = m.rug_id`,
      );
      return found.map((o) => ({
        to: ctx.staffEmail,
        ...paymentMails.overdue({
          orderId: o.id,
          rugTitle: o.rug_title,
          buyerEmail: o.email,
          total: num(o.item_price),
          currency: o.currency,
          dueAt: new Date(num(o.due_ms)),
          adminUrl: new URL(`/api/v1/admin/orders/${o.id}`, ctx.publicUrl).toString(),
        }),
      }));
    }),
  );
}

/** Second-chance offers left unanswered for 48 hours expire (an answer after that is refused anyway). */
export function expireSecondChanceOffers(ctx: JobContext): Promise<number> {
  return drain(ctx, async () => {
    const expired = await rows<{ id: string }>(
      ctx.db,
      sql`update second_chance_offers set status = 'expired'
          where id in (select id from second_chance_offers where status = 'pending' and expires_at < clock_timestamp()
            order by expires_at limit ${ctx.batchSize} for update skip locked)
          returning id`,
    );
    return expired.length;
  });
}
