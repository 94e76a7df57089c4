import type { z } from 'zod';

/**
 * The first message per field, as a form shows it: react-hook-form's zod resolver keeps the first issue
 * of each path (criteriaMode "firstError"), so that is the message a user sees while typing.
 */
export function firstErrors(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** The first message of one field, or undefined when that field is valid. */
export const firstError = (schema: z.ZodType, input: unknown, field: string): string | undefined =>
  firstErrors(schema, input)[field];

/** A string of exactly `n` characters. */
export const chars = (n: number, ch = 'a'): string => ch.repeat(n);

/** A syntactically valid e-mail address of exactly `n` characters (n >= 9). */
export const emailOfLength = (n: number): string => `${'a'.repeat(n - '@example.io'.length)}@example.io`;
