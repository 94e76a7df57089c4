import type { AdminConditionRequest } from '@knotwork/shared/schemas/condition-reports';
import { formatLanguage } from '@/lib/format.ts';

export type ClockState = 'dueIn' | 'overdueBy' | 'answeredIn' | 'atOnce';

/**
 * Where a request stands against its clock, from the server's time of the list (so a wrong clock on the desk's
 * computer does not say "due in 3 h" of an overdue request): still open, overdue, or answered (and how fast).
 */
export function requestClock(
  r: AdminConditionRequest,
  serverNow: string,
): { state: ClockState; minutes: number } {
  if (r.answeredAtOnce) return { state: 'atOnce', minutes: 0 };
  if (r.answeredAt)
    return { state: 'answeredIn', minutes: (Date.parse(r.answeredAt) - Date.parse(r.requestedAt)) / 60_000 };
  const left = (Date.parse(r.dueAt) - Date.parse(serverNow)) / 60_000;
  return left >= 0 ? { state: 'dueIn', minutes: left } : { state: 'overdueBy', minutes: -left };
}

/** "45 minutes", "5 hours", "3 days" in the page's language (Intl's own plural rules), rounded to the unit. */
export function formatSpan(minutes: number): string {
  const [value, unit] =
    minutes < 60
      ? [Math.max(1, Math.round(minutes)), 'minute']
      : minutes < 48 * 60
        ? [Math.round(minutes / 60), 'hour']
        : [Math.round(minutes / 1440), 'day'];
  return new Intl.NumberFormat(formatLanguage(), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
