import { currentLanguage } from '@/lib/i18n.ts';

/** A report's period as the API takes it: `from` included, `to` excluded, both YYYY-MM-DD (UTC). */
export interface ReportPeriod {
  from: string;
  to: string;
}

export const PRESETS = ['last12', 'thisYear', 'lastYear', 'custom'] as const;
export type PeriodPreset = (typeof PRESETS)[number];

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d = 1) => new Date(Date.UTC(y, m, d));

/** The period a preset names, today being `now`; `last12` is the server's default (this month and the 11 before). */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now = new Date()): ReportPeriod {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  if (preset === 'thisYear') return { from: ymd(utc(y, 0)), to: ymd(utc(y + 1, 0)) };
  if (preset === 'lastYear') return { from: ymd(utc(y - 1, 0)), to: ymd(utc(y, 0)) };
  return { from: ymd(utc(y, m - 11)), to: ymd(utc(y, m + 1)) };
}

/** The last day a period includes (what a person reads as "to"), and back: the API's `to` is the day after. */
export const lastDayOf = (to: string) => ymd(new Date(Date.parse(`${to}T00:00:00Z`) - 86_400_000));
export const dayAfter = (day: string) => ymd(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));

/** A period the API accepts: two real days, the first before the second. */
export const isValidPeriod = (p: ReportPeriod) =>
  /^\d{4}-\d{2}-\d{2}$/.test(p.from) &&
  /^\d{4}-\d{2}-\d{2}$/.test(p.to) &&
  !Number.isNaN(Date.parse(p.from)) &&
  !Number.isNaN(Date.parse(p.to)) &&
  p.from < p.to;

/** Basis points as the page's language writes a percentage: 3750 is "37.5%", "37,5 %"; no rate is a dash. */
export function formatRate(bps: number | null): string {
  if (bps === null) return '–';
  return new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 1 }).format(
    bps / 10_000,
  );
}
