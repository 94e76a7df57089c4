import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../constants/languages.ts';
import { printedCatalogueMessages } from '../messages/printed-catalogues.ts';

export { printedCatalogueMessages };

/**
 * A sale's printed matter (issue 29 §3, decision 094): the catalogue, and after the sale its realised prices, each a
 * PDF in the reader's language, made in the background and kept until the sale or a lot changes.
 */
export const PRINTED_KINDS = ['catalogue', 'realised'] as const;
export const printedKindSchema = z.enum(PRINTED_KINDS);
export type PrintedKind = z.infer<typeof printedKindSchema>;

export const printedParamsSchema = z.object({
  id: z.string().min(1).max(200),
  kind: printedKindSchema,
});

/** Where one PDF stands: ready to download, or being made (lots prepared of the total). */
export const printedStatusSchema = z.object({
  kind: printedKindSchema,
  language: z.enum(SUPPORTED_LANGUAGES),
  state: z.enum(['ready', 'producing', 'failed']),
  lotsDone: z.number().int(),
  lotsTotal: z.number().int(),
  /** The download, relative to the API's base; set once a file of the current version exists. */
  url: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  producedAt: z.string().nullable(),
});
export type PrintedStatus = z.infer<typeof printedStatusSchema>;
export const printedStatusResponseSchema = z.object({ data: printedStatusSchema });

/** Staff: every PDF of a sale with its progress, and whether the file is of the sale as it is now. */
export const adminPrintedSchema = printedStatusSchema.extend({
  current: z.boolean(),
  requestedAt: z.string(),
  error: z.string().nullable(),
});
export type AdminPrinted = z.infer<typeof adminPrintedSchema>;
export const adminPrintedListResponseSchema = z.object({ data: z.array(adminPrintedSchema) });
