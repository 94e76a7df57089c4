import { z } from 'zod';
import { validationMessages as m } from '../messages/validation.ts';

/** True when the text holds no NUL: PostgreSQL text cannot store `\u0000` and answered 500 to it. */
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

/**
 * Every string a schema accepts: a `z.string()` that refuses NUL before any other check, so the field's
 * first (shown) message names the real problem. Use it for every string field, inputs and answers alike.
 */
export const textField = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(hasNoNul, m.textNul);

/** True for a real calendar day written YYYY-MM-DD (2026-02-29 and 2026-13-01 are not). */
export const isCalendarDay = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const at = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === value;
};

/**
 * A day in a query or a form, YYYY-MM-DD, that exists on the calendar: a pattern alone lets 2026-02-31 through,
 * which Date then reads as 3 March (or not at all), so a period would silently shift or the query fail.
 */
export const calendarDay = (message: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine(isCalendarDay, { message });
