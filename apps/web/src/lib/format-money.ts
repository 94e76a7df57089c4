import { formatUsd } from '@/lib/format.ts';
import { currentLanguage } from '@/lib/i18n.ts';

const locales = { en: 'en-US', fr: 'fr-FR', ar: 'ar-u-nu-latn' } as const;
const formats = new Map<string, Intl.NumberFormat>();

/**
 * Cents in the app's money format: the house's dollars through formatUsd; an amount held in another currency (a
 * payout batch or a report of a house paying by SEPA in euros) in that currency the same way (cents only when there
 * are some).
 */
export function formatMoney(cents: number, currency = 'USD'): string {
  if (currency === 'USD') return formatUsd(cents);
  const locale = locales[currentLanguage()];
  const whole = cents % 100 === 0;
  const key = `${locale}|${currency}|${whole}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: whole ? 0 : 2,
    });
    formats.set(key, format);
  }
  return format.format(cents / 100);
}

/** "2026-07" as the page's language names the month: "July 2026", "juillet 2026". */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(locales[currentLanguage()], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y!, m! - 1, 1)));
}
