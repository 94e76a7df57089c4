import type { Language } from '@knotwork/shared/constants/languages';
import { mailDate, mailMoney, mailT } from './mail-i18n.ts';
import { greeting, paragraphsMail, type MailContent } from './templates.ts';

/**
 * A re-offer proposed to a consignor (issue 27 §2, decision 089), in their language: the rug that did not sell and
 * its buy-in fee, the sale proposed with its date, the new estimate and reserve, and the way to the portal, where the
 * consignor reads the terms in full and accepts or declines. The mail itself accepts nothing.
 */
export function consignorReofferMail(input: {
  name: string;
  rugTitle: string;
  saleTitle: string;
  saleStartsAt: Date;
  currency: string;
  estimateLow: number;
  estimateHigh: number;
  reserve: number | null;
  buyInFeeCents: number;
  portalUrl: string;
  language: Language;
}): MailContent {
  const { language } = input;
  const t = mailT(language);
  const money = (cents: number) => mailMoney(cents, input.currency, language);
  const subject = t('consignorReoffer.subject', { title: input.rugTitle });
  const lines = [
    greeting(input.name, language),
    t('consignorReoffer.intro', { title: input.rugTitle, buyIn: money(input.buyInFeeCents) }),
    t('consignorReoffer.sale', { sale: input.saleTitle, date: mailDate(input.saleStartsAt, language) }),
    t('consignorReoffer.estimate', { low: money(input.estimateLow), high: money(input.estimateHigh) }),
    input.reserve === null
      ? t('consignorReoffer.noReserve')
      : t('consignorReoffer.reserve', { reserve: money(input.reserve) }),
    t('consignorReoffer.next'),
  ];
  return paragraphsMail(
    subject,
    lines,
    { href: input.portalUrl, label: t('consignorReoffer.link') },
    language,
  );
}
