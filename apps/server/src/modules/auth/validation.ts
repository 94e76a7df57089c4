import type { z } from 'zod';
import { apiMessages } from '@knotwork/shared/messages/api';
import { badRequest } from '../../lib/http-error.ts';

/**
 * Validates input that Fastify's schema step could not see (multipart fields) and refuses it exactly as
 * the global error handler refuses a JSON body: 400 `{ message: first error, errors: { field: message } }`.
 */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.') || 'body'] ??= issue.message;
  throw badRequest(Object.values(errors)[0] ?? apiMessages.validationFailed, { errors });
}
