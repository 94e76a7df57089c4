import { useTranslation } from 'react-i18next';
import { approximate } from '@knotwork/shared/currency/convert';
import { formatCurrencyUnits } from '@/lib/format.ts';
import { SALE_CURRENCY, useDisplayCurrency } from './display-currency.ts';

/**
 * A function giving "≈ approx. £9,875" for an amount in cents of the sale's currency, or null when the visitor's
 * currency is the sale's, has no rate, or the rates have not arrived yet (then nothing is shown, never a guess).
 * An estimate passes its low and high ends: "≈ approx. £3,160 – £4,740".
 */
export function useApprox(): (cents: number, high?: number) => string | null {
  const { t } = useTranslation('currency');
  const { currency, table } = useDisplayCurrency();
  return (cents, high) => {
    if (!currency || !table) return null;
    const low = approximate(table, cents, SALE_CURRENCY, currency);
    if (low === null) return null;
    const top = high === undefined ? null : approximate(table, high, SALE_CURRENCY, currency);
    const amount =
      top === null
        ? formatCurrencyUnits(low, currency)
        : `${formatCurrencyUnits(low, currency)} – ${formatCurrencyUnits(top, currency)}`;
    return t('approx', { amount });
  };
}
