/**
 * Every money, time-left and date format the web app shows, in one place so the same amount or moment reads the
 * same on every page. Amounts are integer cents (SPEC.md: money is stored in cents); dates are shown in the
 * visitor's own time zone.
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** Cents as dollars, "$12,500" (cents shown only when there are some: "$12,500.50"). */
export function formatUsd(cents: number): string {
  return (cents % 100 === 0 ? usd : usdCents).format(cents / 100);
}

/** "$4,000 – $6,000". */
export const formatEstimate = (low: number, high: number) => `${formatUsd(low)} – ${formatUsd(high)}`;

/** Time left in ms as "2d 4h", "3h 12m", "12m 05s" (never negative). */
export function formatTimeLeft(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  return `${m}m ${String(sec).padStart(2, '0')}s`;
}

type DateInput = string | number | Date;

/** The zone is named so a visitor reads the time correctly: "Tue 3 Dec 2026, 15:24 CET". */
const dateTime = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
/** Within a sale, the year goes without saying: "Tue 3 Dec, 15:24 CET". */
const dateTimeNoYear = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
const mediumDateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
const bidTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** "Tue 3 Dec 2026, 15:24 CET". */
export const formatDateTime = (at: DateInput) => dateTime.format(new Date(at));
/** "Tue 3 Dec, 15:24 CET". */
export const formatDateTimeNoYear = (at: DateInput) => dateTimeNoYear.format(new Date(at));
/** "3 Dec 2026, 15:24" (receipts, due dates). */
export const formatMediumDateTime = (at: DateInput) => mediumDateTime.format(new Date(at));
/** "3 Dec, 15:24:07": a bid's moment, to the second. */
export const formatBidTime = (at: DateInput) => bidTime.format(new Date(at));
/** "3 Dec". */
export const formatDayMonth = (at: DateInput) => dayMonth.format(new Date(at));

/** "3 – 5 Dec 2026", "28 Nov – 2 Dec 2026", "3 Dec 2026" in the visitor's zone. */
export function formatDateRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const startLabel = dayMonthYear.format(start);
  const endLabel = dayMonthYear.format(end);
  if (startLabel === endLabel) return endLabel;
  const sameYear = start.getFullYear() === end.getFullYear();
  return `${sameYear ? dayMonth.format(start) : startLabel} – ${endLabel}`;
}

/** The visitor's IANA zone ("Europe/Paris"), said once on a page so every time on it is read correctly. */
export const visitorTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** A duration in whole minutes when it is one, else seconds (the soft-close explanation: "2 minutes"). */
export function formatSeconds(seconds: number): { value: number; unit: 'minute' | 'second' } {
  return seconds % 60 === 0 ? { value: seconds / 60, unit: 'minute' } : { value: seconds, unit: 'second' };
}
