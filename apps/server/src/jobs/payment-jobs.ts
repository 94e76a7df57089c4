import { isLanguage } from '@knotwork/shared/constants/languages';
import { num, numOrNull } from '../db/raw.ts';
import type { MailMessage } from '../modules/mail/mailer.ts';
import { paymentMails, paymentWebPaths, sendAfterCommit } from '../modules/commerce/payment-mails.ts';
import { drain, type JobContext } from './job-context.ts';
import {
  claimOrderMails,
  claimOverdueOrders,
  expireSecondChanceOffersPast,
} from './payment-jobs-repository.ts';

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
      const found = await claimOrderMails(ctx.db, ctx.batchSize);
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
      const found = await claimOverdueOrders(ctx.db, ctx.batchSize);
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
    const expired = await expireSecondChanceOffersPast(ctx.db, ctx.batchSize);
    return expired.length;
  });
}
