import type { Language } from '@knotwork/shared/constants/languages';
import { webPaths } from '@knotwork/shared/constants/web-paths';
import type { AutopayAttemptOutcome } from '@knotwork/shared/schemas/autopay';
import { mailDate, mailMoney, mailT } from '../../mail/mail-i18n.ts';
import { greeting, paragraphsMail, type MailContent } from '../../mail/templates.ts';
import type { NotificationInput } from '../../notifications/notification-types.ts';

/** A failed attempt as the buyer is told of it: what the order is, why, whether another attempt follows. */
export interface FailedAttempt {
  orderId: string;
  rugId: string;
  rugTitle: string;
  lotNumber: number | null;
  amount: number;
  currency: string;
  outcome: Exclude<AutopayAttemptOutcome, 'succeeded'>;
  /** The next attempt; null: autopay has stopped for this order. */
  nextAt: Date | null;
}

/** Why, in the buyer's words: the bank wants them, the card was declined, or there was nothing to charge or ship to. */
const reasonKey = (outcome: FailedAttempt['outcome']) =>
  ({
    requires_action: 'autopay.reasonAction',
    declined: 'autopay.reasonDeclined',
    no_card: 'autopay.reasonNoCard',
    no_address: 'autopay.reasonNoAddress',
    checkout_refused: 'autopay.reasonCheckout',
  })[outcome];

function words(f: FailedAttempt, language: Language) {
  const t = mailT(language);
  const item =
    f.lotNumber === null ? f.rugTitle : t('notifications.lotName', { lot: f.lotNumber, title: f.rugTitle });
  return {
    t,
    item,
    reason: t(reasonKey(f.outcome)),
    next: f.nextAt ? t('autopay.retryOn', { date: mailDate(f.nextAt, language) }) : t('autopay.stopped'),
    amount: mailMoney(f.amount, f.currency, language),
  };
}

/** The bell's notice, in the buyer's language (`notify` picks it), leading to the order's checkout page. */
export function autopayFailedNotice(f: FailedAttempt): NotificationInput {
  const say = (language: Language) => {
    const w = words(f, language);
    return { title: w.t('autopay.noticeTitle', { item: w.item }), body: `${w.reason} ${w.next}` };
  };
  return {
    type: 'autopay_failed',
    ...say('en'),
    link: webPaths.checkout.href([f.orderId]),
    data: { orderId: f.orderId, rugId: f.rugId, outcome: f.outcome, nextAt: f.nextAt?.toISOString() ?? null },
    localized: say,
  };
}

/** The e-mail: the same news with a button to pay on the site (the order's checkout). */
export function autopayFailedMail(
  f: FailedAttempt & { firstName: string; payUrl: string; language: Language },
): MailContent {
  const w = words(f, f.language);
  return paragraphsMail(
    w.t('autopay.subject', { item: w.item }),
    [
      greeting(f.firstName, f.language),
      w.t('autopay.intro', { item: w.item, amount: w.amount }),
      w.reason,
      w.next,
    ],
    { href: f.payUrl, label: w.t('autopay.link') },
    f.language,
  );
}
