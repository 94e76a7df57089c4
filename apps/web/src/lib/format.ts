import type { Language } from '@knotwork/shared/constants/languages';
import { currentLanguage, i18n } from './i18n.ts';

/**
 * Every money, number, time-left and date format the web app shows, in one place so the same amount or moment
 * reads the same on every page, in the language the visitor chose (issue 9). Amounts are integer cents (SPEC.md:
 * money is stored in cents); dates are shown in the visitor's own time zone.
 *
 * These are plain functions read during render: components that call them also call useTranslation (or
 * useFormatLanguage below), which re-renders them when the language changes.
 *
 * Arabic is written with Latin digits ("ar-u-nu-latn"): bids are typed in Latin digits, and an amount must read
 * the same in the bid box, on the lot and in the e-mail.
 */
const intlLocales: Record<Language, { money: string; dates: string; numbers: string }> = {
  // English keeps its established forms: US-style dollars ("$12,500") and British dates ("Tue 3 Dec 2026").
  en: { money: 'en-US', dates: 'en-GB', numbers: 'en-US' },
  fr: { money: 'fr-FR', dates: 'fr-FR', numbers: 'fr-FR' },
  ar: { money: 'ar-u-nu-latn', dates: 'ar-u-nu-latn', numbers: 'ar-u-nu-latn' },
};

/** One formatter per language and purpose, built on first use (Intl constructors are slow). */
function cached<T>(build: (locales: (typeof intlLocales)[Language]) => T): () => T {
  const byLanguage: Partial<Record<Language, T>> = {};
  return () => {
    const language = currentLanguage();
    return (byLanguage[language] ??= build(intlLocales[language]));
  };
}

/**
 * A date formatter per language and time zone. `timeZone` undefined is the browser's own; a page the server
 * rendered passes the zone from `useTimeZone()` (lib/time-zone.ts), so hydration formats as the server did
 * (decision 077).
 */
function zoned(options: Intl.DateTimeFormatOptions): (timeZone?: string) => Intl.DateTimeFormat {
  const byKey = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    const language = currentLanguage();
    const key = `${language}|${timeZone ?? ''}`;
    let format = byKey.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(intlLocales[language].dates, { ...options, timeZone });
      byKey.set(key, format);
    }
    return format;
  };
}

const usd = cached(
  (l) => new Intl.NumberFormat(l.money, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
);
const usdCents = cached(
  (l) => new Intl.NumberFormat(l.money, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }),
);
const plainNumber = cached((l) => new Intl.NumberFormat(l.numbers));

/** The language formats follow; a component that shows formatted values without other text calls this to re-render on a switch. */
export { currentLanguage as formatLanguage };

/** Cents as dollars, "$12,500" (cents shown only when there are some: "$12,500.50"); "12 500 $US" in French. */
export function formatUsd(cents: number): string {
  return (cents % 100 === 0 ? usd() : usdCents()).format(cents / 100);
}

/** A count or measure with the language's grouping: "12,500", "12 500". */
export const formatNumber = (value: number) => plainNumber().format(value);

/** "$4,000 – $6,000". */
export const formatEstimate = (low: number, high: number) => `${formatUsd(low)} – ${formatUsd(high)}`;

/** Time left in ms as "2d 4h", "3h 12m", "12m 05s" (never negative); "2 j 4 h" in French. */
export function formatTimeLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  if (d > 0) return i18n.t('common:timeLeft.daysHours', { days: d, hours: h, defaultValue: `${d}d ${h}h` });
  if (h > 0)
    return i18n.t('common:timeLeft.hoursMinutes', {
      hours: h,
      minutes: pad(m),
      defaultValue: `${h}h ${pad(m)}m`,
    });
  return i18n.t('common:timeLeft.minutesSeconds', {
    minutes: m,
    seconds: pad(sec),
    defaultValue: `${m}m ${pad(sec)}s`,
  });
}

type DateInput = string | number | Date;

/** The zone is named so a visitor reads the time correctly: "Tue 3 Dec 2026, 15:24 CET". */
const dateTime = zoned({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
/** Within a sale, the year goes without saying: "Tue 3 Dec, 15:24 CET". */
const dateTimeNoYear = zoned({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
const mediumDateTime = zoned({ dateStyle: 'medium', timeStyle: 'short' });
const bidTime = zoned({
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const dayMonth = zoned({ day: 'numeric', month: 'short' });
const dayMonthYear = zoned({ day: 'numeric', month: 'short', year: 'numeric' });
const yearOnly = zoned({ year: 'numeric' });

// Each takes an optional IANA zone: the browser's own when left out. Components of server-rendered pages pass
// `useTimeZone()` (lib/time-zone.ts) so that hydration formats exactly as the server did (decision 077).

/** "Tue 3 Dec 2026, 15:24 CET". */
export const formatDateTime = (at: DateInput, timeZone?: string) => dateTime(timeZone).format(new Date(at));
/** "Tue 3 Dec, 15:24 CET". */
export const formatDateTimeNoYear = (at: DateInput, timeZone?: string) =>
  dateTimeNoYear(timeZone).format(new Date(at));
/** "3 Dec 2026, 15:24" (receipts, due dates). */
export const formatMediumDateTime = (at: DateInput, timeZone?: string) =>
  mediumDateTime(timeZone).format(new Date(at));
/** "3 Dec, 15:24:07": a bid's moment, to the second. */
export const formatBidTime = (at: DateInput, timeZone?: string) => bidTime(timeZone).format(new Date(at));
/** "3 Dec 2026" (a sale's date in the realised prices). */
export const formatDate = (at: DateInput, timeZone?: string) => dayMonthYear(timeZone).format(new Date(at));
/** "3 Dec". */
export const formatDayMonth = (at: DateInput, timeZone?: string) => dayMonth(timeZone).format(new Date(at));

/** "3 – 5 Dec 2026", "28 Nov – 2 Dec 2026", "3 Dec 2026" in the visitor's zone (or `timeZone`). */
export function formatDateRange(startIso: string, endIso: string, timeZone?: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const startLabel = dayMonthYear(timeZone).format(start);
  const endLabel = dayMonthYear(timeZone).format(end);
  if (startLabel === endLabel) return endLabel;
  const sameYear = yearOnly(timeZone).format(start) === yearOnly(timeZone).format(end);
  return `${sameYear ? dayMonth(timeZone).format(start) : startLabel} – ${endLabel}`;
}

/** The visitor's IANA zone ("Europe/Paris"), said once on a page so every time on it is read correctly. */
export const visitorTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A duration in whole minutes when it is one, else seconds (the soft-close explanation: "2 minutes"). */
export function formatSeconds(seconds: number): { value: number; unit: 'minute' | 'second' } {
  return seconds % 60 === 0 ? { value: seconds / 60, unit: 'minute' } : { value: seconds, unit: 'second' };
}

/** Whole units of any currency ("£9,875", "9 875 £GB", "¥1,500,000"): the approximate figures of decision 063. */
const wholeUnits = new Map<string, Intl.NumberFormat>();
export function formatCurrencyUnits(units: number, currency: string): string {
  const locale = intlLocales[currentLanguage()].money;
  const key = `${locale}|${currency}`;
  let format = wholeUnits.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    wholeUnits.set(key, format);
  }
  return format.format(units);
}
