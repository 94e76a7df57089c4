import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../constants/languages.ts';
import { textField } from './text.ts';

/** The one error shape every failing API call answers with. */
export const errorResponseSchema = z
  .object({
    message: textField(),
    code: textField().optional(),
    errors: z.record(textField(), textField()).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: textField() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A required string: trimmed, and missing/empty both answer `message`. */
export const requiredString = (message: string) => textField({ error: message }).trim().min(1, message);

export const idParamSchema = z.object({ id: textField().min(1).max(200) });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const pagedMetaSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type PagedMeta = z.infer<typeof pagedMetaSchema>;

/**
 * `?lang=` of every PDF the product makes (invoices, packing slips, consignor documents, catalogues): the reader's
 * language; absent, the document's own default.
 */
export const documentLanguageQuerySchema = z.object({ lang: z.enum(SUPPORTED_LANGUAGES).optional() });
