import { currentLanguage } from '@/lib/i18n.ts';

/** Basis points as the page's language writes a percentage: 1250 → "12.5%", "12,5 %", "١٢٫٥٪". */
export function formatBps(bps: number): string {
  return new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 2 }).format(
    bps / 10_000,
  );
}
