import i18next from 'i18next';

/**
 * A count of rugs grouped the way the visitor's language writes numbers ("1,234", "1 234"). lib/format.ts has
 * money and dates but no plain number yet; this keeps the one rule for counts in one place until it does.
 */
export const formatCount = (n: number) =>
  new Intl.NumberFormat(i18next.resolvedLanguage ?? i18next.language ?? 'en').format(n);
