import type { Language } from '@knotwork/shared/constants/languages';
import type { CommissionTerms, ConsignmentTerms } from '@knotwork/shared/consignments/terms';
import { mailT } from '../../mail/mail-i18n.ts';
import { documentMoney } from '../../commerce/documents/pdf-writer.ts';
import { documentPercent } from './document-figures.ts';

/**
 * The commission in words. Bands are marginal (decision 085), so each is written as the part of the hammer it takes:
 * "15% of the hammer price up to $5,000.00; 12% of the part from $5,000.00 to $20,000.00; 10% of the part above
 * $20,000.00". A scale of one band reads as the flat rate it is.
 */
export function commissionInWords(commission: CommissionTerms, language: Language, currency: string): string {
  const t = mailT(language);
  const k = (key: string, values: Record<string, string>) => t(`consignorDocuments.agreement.${key}`, values);
  const rate = (bps: number) => documentPercent(bps, language);
  const money = (cents: number) => documentMoney(cents, currency, language);
  if (commission.kind === 'flat') return k('commissionFlat', { rate: rate(commission.rateBps) });
  const { bands } = commission;
  if (bands.length === 1) return k('commissionFlat', { rate: rate(bands[0]!.rateBps) });
  return bands
    .map((band, i) => {
      const next = bands[i + 1];
      if (!next) return k('bandAbove', { rate: rate(band.rateBps), from: money(band.fromCents) });
      if (i === 0) return k('bandFirst', { rate: rate(band.rateBps), to: money(next.fromCents) });
      return k('bandBetween', {
        rate: rate(band.rateBps),
        from: money(band.fromCents),
        to: money(next.fromCents),
      });
    })
    .join(t('consignorDocuments.agreement.separator'));
}

/** Every term of a consignment as a label and its value in words, in the order the agreement prints them. */
export function termsInWords(
  terms: ConsignmentTerms,
  language: Language,
  currency: string,
): { label: string; value: string }[] {
  const t = mailT(language);
  const k = (key: string, values: Record<string, string> = {}) =>
    t(`consignorDocuments.agreement.${key}`, values);
  const money = (cents: number) => documentMoney(cents, currency, language);
  const rate = (bps: number) => documentPercent(bps, language);
  const none = k('none');
  return [
    { label: k('term.commission'), value: commissionInWords(terms.commission, language, currency) },
    {
      label: k('term.minimum'),
      value: terms.minimumCommissionCents
        ? k('minimumText', { amount: money(terms.minimumCommissionCents) })
        : none,
    },
    {
      label: k('term.lotting'),
      value: terms.lottingFeeCents ? k('perLot', { amount: money(terms.lottingFeeCents) }) : none,
    },
    {
      label: k('term.photography'),
      value: terms.photographyFeeCents ? k('perLot', { amount: money(terms.photographyFeeCents) }) : none,
    },
    {
      label: k('term.insurance'),
      value: terms.insuranceRateBps ? k('insuranceText', { rate: rate(terms.insuranceRateBps) }) : none,
    },
    {
      label: k('term.buyIn'),
      value: terms.buyInFeeRateBps ? k('buyInText', { rate: rate(terms.buyInFeeRateBps) }) : none,
    },
    {
      label: k('term.vat'),
      value:
        terms.vatOnCommissionAndFees && terms.vatRateBps
          ? k('vatText', { rate: rate(terms.vatRateBps) })
          : k('notCharged'),
    },
    {
      label: k('term.advance'),
      value: terms.advanceCents ? k('advanceText', { amount: money(terms.advanceCents) }) : none,
    },
  ];
}
