import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@knotwork/shared/constants/languages';
import { escapeHtml, greeting, layout, signature, type MailContent } from '../mail/templates.ts';
import { mailDate, mailDateTimeUtc, mailMoney, mailT } from '../mail/mail-i18n.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { formatDate } from '../notifications/messages.ts';
import { invoiceMoney } from './documents/invoice-pdf.ts';
import { webPaths } from '@knotwork/shared/constants/web-paths';

/**
 * Web paths the mails link to, from the web's own route table (packages/shared/src/constants/web-paths.ts), so a
 * renamed page cannot leave a mail pointing nowhere. An order links to its own page (older mails' /my-items?order=
 * links still redirect there).
 */
export const paymentWebPaths = {
  checkout: webPaths.checkout.href,
  order: webPaths.order.href,
  secondChance: webPaths.secondChance.href,
} as const;

function mail(
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string },
  language: Language = 'en',
): MailContent {
  const text = `${paragraphs.join('\n\n')}${link ? `\n\n${link.label}: ${link.href}` : ''}\n\n${signature(language)}\n`;
  const button = link
    ? `<p style="text-align:center;margin:28px 0;"><a href="${escapeHtml(link.href)}" style="display:inline-block;padding:12px 28px;background:#7a2e1f;color:#fffdf9;text-decoration:none;letter-spacing:1px;">${escapeHtml(link.label)}</a></p>`
    : '';
  const html = layout(
    subject,
    `${paragraphs.map((p) => `<p style="white-space:pre-wrap;">${escapeHtml(p)}</p>`).join('\n')}${button}`,
    language,
  );
  return { subject, text, html };
}

/** Mails to buyers are written in their account's language (issue 9); mails to staff stay English. */
export const paymentMails = {
  lotWon(i: {
    firstName: string;
    rugTitle: string;
    lotNumber: number | null;
    total: number;
    currency: string;
    dueAt: Date;
    payUrl: string;
    boughtNow: boolean;
    language?: Language;
  }) {
    const language = i.language ?? 'en';
    const t = mailT(language);
    const name =
      i.lotNumber === null ? i.rugTitle : t('payments.lotName', { lot: i.lotNumber, title: i.rugTitle });
    const total = mailMoney(i.total, i.currency, language);
    return mail(
      i.boughtNow ? t('payments.lotWon.subjectBought', { name }) : t('payments.lotWon.subjectWon', { name }),
      [
        greeting(i.firstName, language),
        i.boughtNow
          ? t('payments.lotWon.bought', { name, total })
          : t('payments.lotWon.won', { name, total }),
        t('payments.lotWon.due', { date: mailDate(i.dueAt, language) }),
      ],
      { href: i.payUrl, label: t('payments.lotWon.link') },
      language,
    );
  },

  /** A refund made by staff, with its credit note attached. */
  refunded(i: {
    firstName: string;
    amount: number;
    currency: string;
    rugTitle: string;
    creditNote: string;
    orderUrl: string;
    language?: Language;
  }) {
    const language = i.language ?? 'en';
    const t = mailT(language);
    return mail(
      t('payments.refunded.subject', { number: i.creditNote }),
      [
        greeting(i.firstName, language),
        t('payments.refunded.body', {
          amount: mailMoney(i.amount, i.currency, language),
          title: i.rugTitle,
          number: i.creditNote,
        }),
      ],
      { href: i.orderUrl, label: t('payments.paymentReceived.link') },
      language,
    );
  },

  paymentReceived(i: {
    firstName: string;
    invoiceNumber: string;
    total: number;
    currency: string;
    orderUrl: string;
    collect: boolean;
    credit?: number;
    language?: Language;
  }) {
    const language = i.language ?? 'en';
    const t = mailT(language);
    const credit = i.credit ?? 0;
    return mail(
      t('payments.paymentReceived.subject', { invoice: i.invoiceNumber }),
      [
        greeting(i.firstName, language),
        t('payments.paymentReceived.body', {
          total: mailMoney(i.total, i.currency, language),
          invoice: i.invoiceNumber,
        }),
        ...(credit > 0
          ? [t('payments.paymentReceived.credit', { credit: mailMoney(credit, i.currency, language) })]
          : []),
        i.collect ? t('payments.paymentReceived.collect') : t('payments.paymentReceived.ship'),
      ],
      { href: i.orderUrl, label: t('payments.paymentReceived.link') },
      language,
    );
  },

  shipped(i: {
    firstName: string;
    rugTitle: string;
    carrier: string;
    trackingNumber: string;
    orderUrl: string;
    language?: Language;
  }) {
    const language = i.language ?? 'en';
    const t = mailT(language);
    return mail(
      t('payments.shipped.subject', { title: i.rugTitle }),
      [
        greeting(i.firstName, language),
        t('payments.shipped.body', { title: i.rugTitle, carrier: i.carrier }),
        t('payments.shipped.tracking', { tracking: i.trackingNumber }),
      ],
      { href: i.orderUrl, label: t('payments.shipped.link') },
      language,
    );
  },

  secondChance(i: {
    firstName: string;
    rugTitle: string;
    lotNumber: number;
    price: number;
    premium: number;
    currency: string;
    expiresAt: Date;
    url: string;
    language?: Language;
  }) {
    const language = i.language ?? 'en';
    const t = mailT(language);
    return mail(
      t('payments.secondChance.subject', { lot: i.lotNumber, title: i.rugTitle }),
      [
        greeting(i.firstName, language),
        t('payments.secondChance.body', {
          lot: i.lotNumber,
          title: i.rugTitle,
          price: mailMoney(i.price, i.currency, language),
          premium: mailMoney(i.premium, i.currency, language),
        }),
        t('payments.secondChance.until', { date: mailDateTimeUtc(i.expiresAt, language) }),
      ],
      { href: i.url, label: t('payments.secondChance.link') },
      language,
    );
  },

  /**
   * To the buyer who chose bank transfer (decision 072): the reference to quote, the amount, the due date and the
   * house's instructions from Settings, in their language.
   */
  bankTransferRequested(i: {
    firstName: string;
    reference: string;
    total: number;
    currency: string;
    dueAt: Date;
    instructions: string;
    orderUrl: string;
    language?: Language;
  }) {
    const language = i.language ?? 'en';
    const t = mailT(language);
    const amount = mailMoney(i.total, i.currency, language);
    return mail(
      t('payments.bankTransfer.subject', { reference: i.reference }),
      [
        greeting(i.firstName, language),
        t('payments.bankTransfer.body', { amount, reference: i.reference }),
        `${t('payments.bankTransfer.reference')}: ${i.reference}\n${t('payments.bankTransfer.amount')}: ${amount}\n${t('payments.bankTransfer.due')}: ${mailDate(i.dueAt, language)}`,
        `${t('payments.bankTransfer.instructions')}\n${i.instructions}`,
        t('payments.bankTransfer.fees'),
      ],
      { href: i.orderUrl, label: t('payments.bankTransfer.link') },
      language,
    );
  },

  /** To the buyer: a transfer arrived short of the total; what is left to pay, quoting the same reference, by when. */
  partialPayment(i: {
    firstName: string;
    reference: string;
    amount: number;
    received: number;
    balanceDue: number;
    currency: string;
    dueAt: Date;
    orderUrl: string;
    language?: Language;
  }) {
    const language = i.language ?? 'en';
    const t = mailT(language);
    const money = (v: number) => mailMoney(v, i.currency, language);
    return mail(
      t('payments.partial.subject', { reference: i.reference }),
      [
        greeting(i.firstName, language),
        t('payments.partial.body', { amount: money(i.amount), received: money(i.received) }),
        t('payments.partial.due', {
          balance: money(i.balanceDue),
          reference: i.reference,
          date: mailDate(i.dueAt, language),
        }),
      ],
      { href: i.orderUrl, label: t('payments.partial.link') },
      language,
    );
  },

  /** To the buyer: money arrived when nothing more was due; it will be refunded. */
  paymentAsCredit(i: {
    firstName: string;
    amount: number;
    credit: number;
    currency: string;
    orderUrl: string;
    language?: Language;
  }) {
    const language = i.language ?? 'en';
    const t = mailT(language);
    return mail(
      t('payments.credit.subject'),
      [
        greeting(i.firstName, language),
        t('payments.credit.body', {
          amount: mailMoney(i.amount, i.currency, language),
          credit: mailMoney(i.credit, i.currency, language),
        }),
      ],
      { href: i.orderUrl, label: t('payments.credit.link') },
      language,
    );
  },

  /** To staff: more money arrived than the checkout asked for: a credit to refund from the staff order page. */
  creditToRefund(i: { reference: string; credit: number; currency: string; providerRef?: string }) {
    return mail(`Overpayment to refund: ${i.reference}`, [
      `The payments for checkout ${i.reference}${i.providerRef ? ` (latest: ${i.providerRef})` : ''} add up to ${invoiceMoney(i.credit, i.currency)} more than was due.`,
      'Send it back to the buyer from the bank, then record it with "Refund the credit" on the staff order page.',
    ]);
  },

  /** To staff: money arrived that could not be applied (they must refund or sort it out by hand). */
  paymentProblem(i: {
    reference: string;
    provider: string;
    providerRef: string;
    amount: number;
    currency: string;
    expected: number;
    expectedCurrency: string;
    problem: string;
  }) {
    return mail(`Payment not applied: ${i.reference}`, [
      `A ${i.provider} payment (${i.providerRef}) of ${invoiceMoney(i.amount, i.currency)} for checkout ${i.reference} was not applied: ${i.problem}.`,
      `The checkout asked for ${invoiceMoney(i.expected, i.expectedCurrency)}. Nothing was marked paid. Check the payment and refund it if needed.`,
    ]);
  },

  /** To staff: an order's payment is overdue. */
  overdue(i: {
    orderId: string;
    rugTitle: string;
    buyerEmail: string;
    total: number;
    currency: string;
    dueAt: Date;
    adminUrl: string;
  }) {
    return mail(
      `Payment overdue: ${i.rugTitle}`,
      [
        `The order ${i.orderId} for ${i.rugTitle} (${invoiceMoney(i.total, i.currency)}, buyer ${i.buyerEmail}) was due on ${formatDate(i.dueAt)} and is unpaid.`,
        'You may cancel it, then offer the lot to the underbidder (second-chance offer) or put the rug back for sale, and block the buyer if needed.',
      ],
      { href: i.adminUrl, label: 'Open the staff API' },
    );
  },
};

/** Sends after commit; a failed send is logged and never undoes the committed change. */
export async function sendAfterCommit(
  mailer: Mailer,
  log: FastifyBaseLogger,
  message: MailMessage,
): Promise<void> {
  try {
    await mailer.send(message);
  } catch (err) {
    log.error({ err, to: message.to, subject: message.subject }, 'mail not sent');
  }
}
