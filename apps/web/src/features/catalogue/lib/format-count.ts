import i18next from 'i18next';

/**
 * The locales numbers are written in, per language: Arabic in Latin digits, like its amounts, so a count reads
 * the same as the prices beside it. lib/format.ts has money and dates but no plain number yet; when it does, its
 * number format replaces this file.
 */
const NUMBER_LOCALES: Record<string, string> = { en: 'en-US', fr: 'fr-FR', ar: 'ar-u-nu-latn' };

/** A count of rugs grouped the way the visitor's language writes numbers: "1,234", "1 234". */
export function formatCount(n: number): string {
  const language = (i18next.resolvedLanguage ?? i18next.language ?? 'en').split('-')[0] ?? 'en';
  return new Intl.NumberFormat(NUMBER_LOCALES[language] ?? 'en-US').format(n);
}
