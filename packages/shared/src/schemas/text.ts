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
