import type { Language } from '@knotwork/shared/constants/languages';
import type { PortalAdviceLot } from '@knotwork/shared/schemas/consignor-portal-advices';
import { mailMoney, mailT } from './mail-i18n.ts';
import { buttonHtml, escapeHtml, greeting, layout, signature, type MailContent } from './templates.ts';

/**
 * The post-sale advice (issue 27 §2) in the consignor's language: the sale closed, then each lot with its outcome,
 * its estimated charges and net, and what comes next (settlement after the buyer pays; return or re-offer), the
 * sale's estimated net and the way to the portal. A block of lines per lot in the text, a paragraph per lot in HTML.
 */
export function consignorAdviceMail(input: {
  name: string;
  saleTitle: string;
  currency: string;
  lots: readonly PortalAdviceLot[];
  netCents: number;
  portalUrl: string;
  language: Language;
}): MailContent {
  const { language } = input;
  const t = mailT(language);
  const money = (cents: number) => mailMoney(cents, input.currency, language);
  const subject = t('consignorAdvice.subject', { sale: input.saleTitle });
  const blocks = input.lots.map((lot) => {
    const head = t('consignorAdvice.lot', {
      lot: lot.lotNumber,
      title: lot.rugTitle,
      consignment: lot.consignmentNumber,
    });
    const what =
      lot.outcome === 'sold'
        ? t('consignorAdvice.sold', {
            hammer: money(lot.hammerCents),
            commission: money(lot.commissionCents),
            fees: money(lot.feesCents),
            vat: money(lot.vatCents),
            net: money(lot.netCents),
          })
        : t(`consignorAdvice.${lot.outcome}`, {
            charges: money(lot.commissionCents + lot.feesCents + lot.vatCents),
            buyIn: money(lot.buyInFeeCents),
            net: money(lot.netCents),
          });
    const next = t(
      lot.next === 'settle_after_payment' ? 'consignorAdvice.nextSold' : 'consignorAdvice.nextUnsold',
    );
    return [head, what, next];
  });
  const opening = [greeting(input.name, language), t('consignorAdvice.intro', { sale: input.saleTitle })];
  const total = t('consignorAdvice.total', { net: money(input.netCents) });
  const link = { href: input.portalUrl, label: t('consignorAdvice.link') };
  const text = [...opening, ...blocks.map((b) => b.join('\n')), total, `${link.label}: ${link.href}`]
    .join('\n\n')
    .concat(`\n\n${signature(language)}\n`);
  const paragraph = (p: string) => `<p>${escapeHtml(p)}</p>`;
  const lotHtml = ([head, ...rest]: string[]) =>
    `<p><strong>${escapeHtml(head!)}</strong><br>${rest.map(escapeHtml).join('<br>')}</p>`;
  const html = layout(
    subject,
    [...opening.map(paragraph), ...blocks.map(lotHtml), paragraph(total), buttonHtml(link)].join('\n'),
    language,
  );
  return { subject, text, html, kind: 'account' };
}
