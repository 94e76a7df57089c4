/**
 * The back office's import (issue 11, decision 058): a CSV of rugs (with their photos in a zip) or of lots into a
 * draft sale. A preview validates every row with the editors' own schemas and writes nothing; the import then
 * runs as a job whose progress the page polls. Amounts in the CSV are in currency units (1200 or 1200.50).
 */
import { z } from 'zod';
import { textField } from './text.ts';

export const IMPORT_KINDS = ['rugs', 'lots'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The rugs CSV: `reference` is the house's stock number (the import key); `photos` names files in the zip. */
export const RUG_IMPORT_COLUMNS = [
  'reference',
  'title',
  'description',
  'originCountry',
  'originRegion',
  'style',
  'ageClass',
  'circaYear',
  'widthCm',
  'lengthCm',
  'shape',
  'pileMaterials',
  'foundationMaterials',
  'knotType',
  'knotDensity',
  'colours',
  'conditionGrade',
  'conditionReport',
  'estimateLow',
  'estimateHigh',
  'fixedPrice',
  'photos',
  'consignor',
] as const;
/** Columns a rugs CSV may leave out entirely. */
export const RUG_IMPORT_OPTIONAL = [
  'reference',
  'description',
  'circaYear',
  'pileMaterials',
  'foundationMaterials',
  'knotType',
  'knotDensity',
  'colours',
  'conditionReport',
  'fixedPrice',
  'photos',
  'consignor',
] as const;

/**
 * Other names a column's header may have, besides its own (issue 27): read in any case, with or without accents
 * (normaliseLabel, as the vocabulary's labels are). `consignor`: the consignor's e-mail, or their name when no
 * other consignor has it; each imported rug joins that consignor's receipt, one receipt per consignor per import.
 */
export const IMPORT_COLUMN_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  consignor: ['consignor', 'consignateur', 'déposant', 'المودع'],
};

/** The lots CSV: `rug` is a rug's reference (from a rugs import) or its slug. */
export const LOT_IMPORT_COLUMNS = [
  'rug',
  'lotNumber',
  'openingBid',
  'reserve',
  'buyNowPrice',
  'estimateLow',
  'estimateHigh',
] as const;
export const LOT_IMPORT_OPTIONAL = ['lotNumber', 'reserve', 'buyNowPrice'] as const;

/** Largest CSV accepted, in rows; a house's catalogue arrives in files of this size or less. */
export const IMPORT_MAX_ROWS = 5_000;

export const importMessages = {
  csvRequired: 'Choose a CSV file',
  csvUnreadable: 'This file could not be read as CSV',
  csvEmpty: 'The CSV has no rows',
  csvTooManyRows: 'A CSV may hold at most 5,000 rows; split the file',
  unknownColumns: 'The CSV has columns this import does not know',
  missingColumns: 'The CSV lacks required columns',
  zipUnreadable: 'This file could not be read as a zip archive',
  zipUnsafe: 'The zip holds a file with an unsafe name (an absolute path or ..)',
  zipTooLarge: 'The zip unpacks to more than 500 MB or holds more than 2,000 files',
  photoTooLarge: 'A photo in the zip is larger than 20 MB',
  photoMissing: 'This photo is not in the zip',
  photoUnreadable: 'This photo is not a JPEG, PNG, WebP or AVIF image',
  photosWithoutZip: 'Photos are named but no zip was uploaded',
  duplicateInFile: 'The same reference appears on an earlier row of this file',
  numberInvalid: 'Enter a number',
  valueNotAllowed: 'Use one of the allowed values',
  rugNotFound: 'No rug has this reference or slug',
  consignorUnknown: 'No consignor has this e-mail or name',
  consignorAmbiguous: 'Several consignors have this name: use their e-mail',
  consignorArchived: 'This consignor is archived: restore them first',
  auctionRequired: 'Choose a draft sale',
  auctionNotFound: 'Sale not found',
  auctionNotDraft: 'Lots can be imported only into a sale that has not started',
  jobNotFound: 'Import not found',
  started: 'Import started',
  cellNul: 'A cell holds a NUL character (byte 0); save the file again as CSV UTF-8',
  cellControl: 'A cell holds an invisible control character; remove it and try again',
  cellTooLong: 'A cell is longer than 20,000 characters',
  readAsWindows1252:
    'This file is not UTF-8, so it was read as Windows-1252 (Western European, as spreadsheets save it). Check the accented letters below',
} as const;

/** Longest cell accepted, in characters: the longest text field (a description, 10,000) with room to spare. */
export const IMPORT_CELL_MAX = 20_000;

export const rowErrorSchema = z
  .object({ line: z.number().int(), field: textField(), message: textField() })
  .meta({ id: 'ImportRowError' });
export type ImportRowError = z.infer<typeof rowErrorSchema>;

export const IMPORT_ROW_STATUSES = ['new', 'existing', 'error'] as const;

/** One CSV row as the preview shows it: its line in the file, what the import will do, its raw cells. */
export const importPreviewRowSchema = z
  .object({
    line: z.number().int(),
    status: z.enum(IMPORT_ROW_STATUSES),
    key: textField(),
    cells: z.record(textField(), textField()),
    errors: z.array(rowErrorSchema),
  })
  .meta({ id: 'ImportPreviewRow' });
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

export const importSummarySchema = z
  .object({
    total: z.number().int(),
    toCreate: z.number().int(),
    existing: z.number().int(),
    inError: z.number().int(),
    photos: z.number().int(),
  })
  .meta({ id: 'ImportSummary' });
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const importPreviewResponseSchema = z
  .object({
    data: z.object({
      kind: z.enum(IMPORT_KINDS),
      columns: z.array(textField()),
      summary: importSummarySchema,
      rows: z.array(importPreviewRowSchema),
      /** What the page should tell before the rows (a file read as Windows-1252); empty when nothing. */
      warnings: z.array(textField()),
    }),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreview = z.infer<typeof importPreviewResponseSchema>['data'];

export const importJobSchema = z
  .object({
    id: textField(),
    kind: z.enum(IMPORT_KINDS),
    status: z.enum(['running', 'done', 'failed']),
    total: z.number().int(),
    done: z.number().int(),
    created: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
    errors: z.array(rowErrorSchema),
    createdAt: textField(),
    finishedAt: textField().nullable(),
  })
  .meta({ id: 'ImportJob' });
export type ImportJob = z.infer<typeof importJobSchema>;

export const importJobResponseSchema = z
  .object({ message: textField().optional(), data: importJobSchema })
  .meta({ id: 'ImportJobResponse' });

export const importLotsQuerySchema = z.object({ auctionId: z.uuid(importMessages.auctionRequired) });

/** A template CSV of each kind: the header and one example row. */
export const IMPORT_TEMPLATES: Record<ImportKind, string> = {
  rugs:
    `${RUG_IMPORT_COLUMNS.join(',')}\n` +
    'HZ-1001,Heriz carpet,Bold medallion on a brick-red field,Iran,Heriz,persian,antique,1900,240,330,rectangle,' +
    'wool,cotton,symmetric,80,red|navy,good,Even wear,3000,5000,,hz-1001.jpg|hz-1001-back.jpg,\n',
  lots: `${LOT_IMPORT_COLUMNS.join(',')}\nHZ-1001,1,2000,2500,,3000,5000\n`,
};
