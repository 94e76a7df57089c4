import { z } from 'zod';
import {
  RUG_FACET_KEYS,
  rugFilterMessages,
  rugFilterSchema,
  type RugFilter,
} from '@knotwork/shared/schemas/rug-filter';
import { textField } from '@knotwork/shared/schemas/text';
import { badRequest } from '../../lib/http-error.ts';

/**
 * GET /rug's query string: the filter as `data=<URL-encoded JSON>` (the web's own URL format), and/or the
 * same keys as plain parameters (`?q=heriz&styles=persian,caucasian&page=2`); plain parameters win.
 * Every value is a string here; the shared schema does the real validation afterwards.
 */
export const rugFilterQuerySchema = z
  .looseObject({
    data: textField().max(4000, 'The filter is too long').optional().meta({
      description:
        'The filter as URL-encoded JSON, e.g. {"collections":["Antique Persian"],"sort":"priceAsc"}',
    }),
    q: textField().optional(),
    sort: textField().optional(),
    page: textField().optional(),
    pageSize: textField().optional(),
  })
  .meta({
    description: 'A RugFilter, as `data` JSON and/or plain parameters (lists comma-separated or repeated)',
  });

const LIST_KEYS = new Set<string>(RUG_FACET_KEYS);

/** Reads and validates the filter; refuses with 400 `{ message, errors }` naming each bad field. */
export function parseRugFilterQuery(query: Record<string, unknown>): RugFilter {
  const { data, ...plain } = query;
  let raw: Record<string, unknown> = {};
  if (typeof data === 'string' && data.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      throw badRequest(rugFilterMessages.badJson, { errors: { data: rugFilterMessages.badJson } });
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw badRequest(rugFilterMessages.notAnObject, { errors: { data: rugFilterMessages.notAnObject } });
    }
    raw = { ...(parsed as Record<string, unknown>) };
  }
  for (const [key, value] of Object.entries(plain)) {
    if (value === undefined) continue;
    raw[key] = LIST_KEYS.has(key) ? splitList(value) : value;
  }
  return parseRugFilter(raw);
}

export function parseRugFilter(raw: unknown): RugFilter {
  const result = rugFilterSchema.safeParse(raw);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'data';
    errors[field] ??= issue.message;
  }
  const first = Object.values(errors)[0];
  throw badRequest(first ? `${rugFilterMessages.invalid}: ${first}` : rugFilterMessages.invalid, { errors });
}

/** "a,b" and repeated parameters (["a", "b,c"]) both become ["a", "b", "c"]. */
function splitList(value: unknown): unknown {
  const parts: unknown[] = Array.isArray(value) ? value : [value];
  return parts.flatMap((p) =>
    typeof p === 'string'
      ? p
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [p],
  );
}
