import type { FastifyBaseLogger } from 'fastify';
import { escapeHtml, greeting, layout, SIGNATURE, type MailContent } from '../mail/templates.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { formatDate } from '../notifications/messages.ts';
import { invoiceMoney } from './invoice-pdf.ts';

/** Web paths the mails link to (the web app adds the pages; decision 025). */
export const paymentWebPaths = {
  checkout: (orderIds: readonly string[]) => `/checkout?orders=${orderIds.join(',')}`,
  order: (orderId: string) => `/my-items?order=${orderId}`,
  secondChance: (token: string) => `/second-chance/${token}`,
} as const;

function mail(subject: string, paragraphs: string[], link?: { href: string; label: string }): MailContent {
  const text = `${paragraphs.join('\n\n')}${link ? `\n\n${link.label}: ${link.href}` : ''}\n\n${SIGNATURE}\n`;
  const button = link
    ? `<p style="text-align:center;margin:28px 0;"><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:12px 28px;background:#7a2e1f;color:#fffdf9;text-decoration:none;letter-spacing:1px;">${escapeHtml(link.label)}</a></p>`
    : '';
  const html = layout(subject, `${paragraphs.map((p) => `<p style="white-space:pre-wrap;">${escapeHtml(p)}</p>`).join('\n')}${button}`);
  return { subject, text, html };
}

export const paymentMails = {
  lotWon(i: { firstName: string; rugTitle: string; lotNumber: number | null; total: number; currency: string; dueAt: Date; payUrl: string; boughtNow: boolean }) {
    const name = i.lotNumber === null ? i.rugTitle : `Lot ${i.lotNumber}: ${i.rugTitle}`;
    return mail(
      i.boughtNow ? `Your purchase: ${name}` : `Congratulations: you won ${name}`,
      [
        greeting(i.firstName),
        i.boughtNow
          ? `Thank you for buying ${name} for ${invoiceMoney(i.total, i.currency)}.`
          : `Your bid won ${name}. You owe ${invoiceMoney(i.total, i.currency)} (hammer price and buyer's premium) plus shipping and any tax.`,
        `Payment is due by ${formatDate(i.dueAt)}. Several rugs won from us can be paid together with one shipping charge.`,
      ],
      { href: i.payUrl, label: 'Pay now' },
    );
  },

  paymentReceived(i: { firstName: string; invoiceNumber: string; total: number; currency: string; orderUrl: string; collect: boolean }) {
    return mail(
      `Payment received: invoice ${i.invoiceNumber}`,
      [
        greeting(i.firstName),
        `We have received your payment of ${invoiceMoney(i.total, i.currency)}. Your invoice ${i.invoiceNumber} is attached.`,
        i.collect
          ? 'We will write to arrange a time for you to collect your rug.'
          : 'We will now pack your rug and send it by insured courier; you will receive the tracking number when it leaves us.',
      ],
      { href: i.orderUrl, label: 'View your order' },
    );
  },

  shipped(i: { firstName: string; rugTitle: string; carrier: string; trackingNumber: string; orderUrl: string }) {
    return mail(
      `On its way: ${i.rugTitle}`,
      [greeting(i.firstName), `${i.rugTitle} has left us with ${i.carrier}.`, `Tracking number: ${i.trackingNumber}`],
      { href: i.orderUrl, label: 'View your order' },
    );
  },

  secondChance(i: { firstName: string; rugTitle: string; lotNumber: number; price: number; premium: number; currency: string; expiresAt: Date; url: string }) {
    return mail(
      `A second chance: Lot ${i.lotNumber}, ${i.rugTitle}`,
      [
        greeting(i.firstName),
        `The winning bidder of Lot ${i.lotNumber}, ${i.rugTitle}, did not complete the purchase. As its underbidder, you may buy it for ${invoiceMoney(i.price, i.currency)} plus the buyer's premium of ${invoiceMoney(i.premium, i.currency)}, which is no more than your maximum bid.`,
        `The offer is yours until ${i.expiresAt.toISOString().replace('T', ' ').slice(0, 16)} UTC. Accept or decline it from the link below.`,
      ],
      { href: i.url, label: 'Answer the offer' },
    );
  },

  /** To staff: money arrived that could not be applied (they must refund or sort it out by hand). */
  paymentProblem(i: { reference: string; provider: string; providerRef: string; amount: number; currency: string; expected: number; expectedCurrency: string; problem: string }) {
    return mail(`Payment not applied: ${i.reference}`, [
      `A ${i.provider} payment (${i.providerRef}) of ${invoiceMoney(i.amount, i.currency)} for checkout ${i.reference} was not applied: ${i.problem}.`,
      `The checkout asked for ${invoiceMoney(i.expected, i.expectedCurrency)}. Nothing was marked paid. Check the payment and refund it if needed.`,
    ]);
  },

  /** To staff: an order's payment is overdue. */
  overdue(i: { orderId: string; rugTitle: string; buyerEmail: string; total: number; currency: string; dueAt: Date; adminUrl: string }) {
    return mail(`Payment overdue: ${i.rugTitle}`, [
      `The order ${i.orderId} for ${i.rugTitle} (${invoiceMoney(i.total, i.currency)}, buyer ${i.buyerEmail}) was due on ${formatDate(i.dueAt)} and is unpaid.`,
      'You may cancel it, then offer the lot to the underbidder (second-chance offer) or put the rug back for sale, and block the buyer if needed.',
    ], { href: i.adminUrl, label: 'Open the staff API' });
  },
};

/** Sends after commit; a failed send is logged and never undoes the committed change. */
export async function sendAfterCommit(mailer: Mailer, log: FastifyBaseLogger, message: MailMessage): Promise<void> {
  try {
    await mailer.send(message);
  } catch (err) {
    log.error({ err, to: message.to, subject: message.subject }, 'mail not sent');
  }
}
