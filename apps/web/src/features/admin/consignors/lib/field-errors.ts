import type { z } from 'zod';

/** A form's errors keyed by the API's dotted path ('payout.iban', 'items.0.reserve'), as the server answers them. */
export type FieldErrors = Record<string, string>;

/** The first message of each path of a failed parse: the same words (and keys) the server's 400 would carry. */
export function issuesToErrors(error: z.ZodError, prefix: readonly PropertyKey[] = []): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = [...prefix, ...issue.path].map(String).join('.') || 'body';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** An optional amount typed in dollars as cents: '' is none, anything not a number stays NaN for the schema to refuse. */
export function dollarsToCents(value: string): number | null {
  const s = value.trim().replace(/[\s,]/g, '');
  if (s === '') return null;
  return Math.round(Number(s) * 100);
}

/** Cents as the dollars a field shows ('' for none). */
export const centsToDollars = (cents: number | null | undefined): string =>
  cents === null || cents === undefined ? '' : String(cents / 100);

/** A rate typed in percent as basis points (12.5 → 1250); '' is none. */
export function percentToBps(value: string): number | null {
  const s = value.trim().replace(',', '.');
  if (s === '') return null;
  return Math.round(Number(s) * 100);
}

/** Basis points as the percent a field shows ('' for none). */
export const bpsToPercent = (bps: number | null | undefined): string =>
  bps === null || bps === undefined ? '' : String(bps / 100);
