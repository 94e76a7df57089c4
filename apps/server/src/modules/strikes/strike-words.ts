import type { Language } from '@knotwork/shared/constants/languages';
import { webPaths } from '@knotwork/shared/constants/web-paths';
import { greeting, paragraphsMail, type MailContent } from '../mail/templates.ts';
import { mailDate, mailMoney, mailT } from '../mail/mail-i18n.ts';
import type { NotificationInput } from '../notifications/notification-types.ts';

/** An unpaid order as the block's notice and mail name it. */
export interface OwedOrder {
  id: string;
  rugTitle: string;
  lotNumber: number | null;
  amountCents: number;
  currency: string;
  dueAt: Date;
}

/** Where to pay: the checkout of every unpaid order at once (one shipment), else My Items. */
export const payHref = (orders: readonly OwedOrder[]) =>
  orders.length ? webPaths.checkout.href(orders.map((o) => o.id)) : webPaths.myItems.href('won');

/** The bell's notice, in English and in each language (notify writes the recipient's). */
export function blockedNotice(count: number, orders: readonly OwedOrder[]): NotificationInput {
  const words = (language: Language) => {
    const t = mailT(language);
    return { title: t('strikes.noticeTitle'), body: t('strikes.noticeBody', { count }) };
  };
  return {
    type: 'bidding_blocked',
    ...words('en'),
    link: payHref(orders),
    data: { orderIds: orders.map((o) => o.id), strikes: count },
    localized: words,
  };
}

/** The e-mail in the bidder's language: why, each order owed, what to do, and the pay link. */
export function blockedMail(i: {
  firstName: string;
  count: number;
  orders: readonly OwedOrder[];
  payUrl: string;
  language: Language;
}): MailContent {
  const t = mailT(i.language);
  const subject = t('strikes.subject');
  const lines = i.orders.map((o) =>
    t('strikes.orderLine', {
      name:
        o.lotNumber === null ? o.rugTitle : t('payments.lotName', { lot: o.lotNumber, title: o.rugTitle }),
      amount: mailMoney(o.amountCents, o.currency, i.language),
      date: mailDate(o.dueAt, i.language),
    }),
  );
  const paragraphs = [
    greeting(i.firstName, i.language),
    t('strikes.intro', { count: i.count }),
    ...(lines.length ? [lines.join('\n')] : []),
    t('strikes.whatToDo'),
  ];
  // About the account itself: sent whatever the reader's notification settings say.
  return paragraphsMail(subject, paragraphs, { href: i.payUrl, label: t('strikes.link') }, i.language);
}
