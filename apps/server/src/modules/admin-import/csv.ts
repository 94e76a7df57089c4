import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { IMPORT_MAX_ROWS, importMessages as m } from '@knotwork/shared/schemas/admin-import';
import {
  matchVocabulary,
  matchVocabularyList,
  type VocabularyField,
} from '@knotwork/shared/constants/vocabulary-match';
import { badRequest } from '../../lib/http-error.ts';

/** One data row of the CSV: the file line it ends on (for the people who fix it) and its cells by column. */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

/**
 * Parses a CSV whose first line names its columns. File-level problems (not CSV, unknown or missing columns,
 * too many rows) are a 400 with field errors; problems inside a row are the caller's to report per row.
 */
export function readCsv(
  buffer: Buffer,
  known: readonly string[],
  optional: readonly string[],
): { columns: string[]; rows: CsvRow[] } {
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse<(typeof records)[number]>(buffer, {
      bom: true,
      columns: (header: string[]) => header.map((h) => h.trim()),
      info: true,
      skip_empty_lines: true,
      trim: true,
      to: IMPORT_MAX_ROWS + 1,
    });
  } catch (err) {
    throw badRequest(m.csvUnreadable, { errors: { file: (err as Error).message.slice(0, 300) } });
  }
  if (records.length === 0) throw badRequest(m.csvEmpty, { errors: { file: m.csvEmpty } });
  if (records.length > IMPORT_MAX_ROWS)
    throw badRequest(m.csvTooManyRows, { errors: { file: m.csvTooManyRows } });
  const columns = Object.keys(records[0]!.record);
  const unknown = columns.filter((c) => !known.includes(c));
  if (unknown.length) throw badRequest(m.unknownColumns, { errors: { columns: unknown.join(', ') } });
  const missing = known.filter((c) => !optional.includes(c) && !columns.includes(c));
  if (missing.length) throw badRequest(m.missingColumns, { errors: { columns: missing.join(', ') } });
  return { columns, rows: records.map((r) => ({ line: r.info.lines, cells: r.record })) };
}

/** A number cell: '' is absent; text that is not a number is passed on for the schema to refuse by name. */
export function numberCell(v: string | undefined): number | string | null {
  const s = (v ?? '').trim();
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : s;
}

/** An amount in currency units (1200 or 1200.50) as cents. */
export function centsCell(v: string | undefined): number | string | null {
  const n = numberCell(v);
  return typeof n === 'number' ? Math.round(n * 100) : n;
}

/** A list cell: values separated by | or ; (a comma would need quoting in a CSV). */
export function listCell(v: string | undefined): string[] {
  return (v ?? '')
    .split(/[|;]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * A cell of the catalogue's vocabulary (style, condition...) as its code: codes, labels in en/fr/ar and common
 * synonyms are read whatever their case, accents or spacing (decision 076). Text it cannot read is passed on as
 * typed, so the schema refuses it and names the allowed codes.
 */
export function vocabularyCell(field: VocabularyField, v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  return matchVocabulary(field, v) ?? v;
}

/** A list cell of the vocabulary ("Silk & wool", "laine; soie"): its codes, then any part it could not read. */
export function vocabularyListCell(field: VocabularyField, v: string | undefined): string[] {
  const { codes, unknown } = matchVocabularyList(field, v ?? '');
  return [...codes, ...unknown];
}

/** The row's stable import key: its reference when it has one, else a hash of its cells. */
export function importKey(reference: string | undefined, cells: Record<string, string>): string {
  const ref = (reference ?? '').trim();
  if (ref) return `ref:${ref}`;
  const canonical = JSON.stringify(
    Object.keys(cells)
      .sort()
      .map((k) => [k, cells[k]]),
  );
  return `row:${crypto.createHash('sha256').update(canonical).digest('hex').slice(0, 32)}`;
}
