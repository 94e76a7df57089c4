import crypto from 'node:crypto';
import { parse } from 'csv-parse/sync';
import {
  IMPORT_CELL_MAX,
  IMPORT_COLUMN_SYNONYMS,
  IMPORT_MAX_ROWS,
  importMessages as m,
} from '@knotwork/shared/schemas/import-staff';
import {
  matchVocabulary,
  matchVocabularyList,
  normaliseLabel,
  type VocabularyField,
} from '@knotwork/shared/constants/vocabulary-match';
import { badRequest, HttpError } from '../../lib/http-error.ts';

/** One data row of the CSV: the file line it ends on (for the people who fix it) and its cells by column. */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

/** The text of an uploaded CSV and, when it was not UTF-8, what to tell the person who uploaded it. */
export interface DecodedCsv {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

/**
 * The file's text (issue 25 section 4). A byte-order mark says UTF-8 or UTF-16 (Excel's "Unicode text"); without
 * one the file is UTF-8 when it decodes as such strictly, else it is what spreadsheets on Windows and older Macs
 * export, Windows-1252 (a superset of Latin-1's printable letters), and the preview says it was read so. The
 * replacement character that a lenient UTF-8 read put in place of every é is never produced.
 */
export function decodeCsv(buffer: Buffer): DecodedCsv {
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) buffer = buffer.subarray(3);
  else if (buffer[0] === 0xff && buffer[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(buffer.subarray(2)), encoding: 'utf-16le' };
  else if (buffer[0] === 0xfe && buffer[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(buffer.subarray(2)), encoding: 'utf-16be' };
  try {
    return {
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buffer),
      encoding: 'utf-8',
    };
  } catch {
    return { text: windows1252(buffer), encoding: 'windows-1252' };
  }
}

/** What Windows-1252 puts at 0x80-0x9F (the rest is Latin-1); the five undefined bytes stay C1 controls. */
const CP1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Windows-1252, decoded by hand: Node's TextDecoder('windows-1252') answers Latin-1 for 0x80-0x9F (an en dash
 * came out as the control U+0096 on Node 20), so the table above maps those 32 bytes.
 */
function windows1252(buffer: Buffer): string {
  return buffer.toString('latin1').replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** C0 controls, DEL and C1 controls, except tab, line feed and carriage return (text a spreadsheet cell may hold). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** A column name as an answer may echo it: a NUL (which no answer may carry) shown as U+FFFD. */
const shown = (name: string) => name.replaceAll('\u0000', '\uFFFD').slice(0, 100);

/** The first cell that no import may take (NUL, a control character, too long): a 400 naming its row and column. */
function refuseHostileCell(line: number, cells: Array<[column: string, value: string]>): void {
  for (const [column, value] of cells) {
    const message = value.includes('\u0000')
      ? m.cellNul
      : CONTROL.test(value)
        ? m.cellControl
        : value.length > IMPORT_CELL_MAX
          ? m.cellTooLong
          : null;
    if (message) throw badRequest(message, { errors: { row: String(line), column: shown(column) } });
  }
}

/**
 * A header as the column it names: itself when it is a column's own name, else the known column one of whose
 * other names (IMPORT_COLUMN_SYNONYMS: "Consignateur", "déposant", "المودع") it is, in any case or accents.
 */
function columnOf(header: string, known: readonly string[]): string {
  if (known.includes(header)) return header;
  const key = normaliseLabel(header);
  const found = known.find((c) => IMPORT_COLUMN_SYNONYMS[c]?.some((name) => normaliseLabel(name) === key));
  return found ?? header;
}

/**
 * Parses a CSV whose first line names its columns. File-level problems (not CSV, unknown or missing columns,
 * too many rows, a cell no import may hold) are a 400 with field errors naming the row (the file's line) and the
 * column where there is one; problems inside a row are the caller's to report per row. Line endings may be
 * mixed (CRLF, LF and CR in one file, as files pasted together have them).
 */
export function readCsv(
  buffer: Buffer,
  known: readonly string[],
  optional: readonly string[],
): { columns: string[]; rows: CsvRow[]; warnings: string[] } {
  const { text, encoding } = decodeCsv(buffer);
  let header: string[] = [];
  let records: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    records = parse<(typeof records)[number]>(text, {
      bom: true,
      columns: (names: string[]) => {
        header = names;
        refuseHostileCell(
          1,
          names.map((n) => [n, n]),
        );
        return names.map((h) => columnOf(h.trim(), known));
      },
      info: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      // A record of every column at the cell limit; beyond, the parser stops at once instead of reading on.
      max_record_size: (known.length + 1) * IMPORT_CELL_MAX,
      skip_empty_lines: true,
      trim: true,
      to: IMPORT_MAX_ROWS + 1,
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    const e = err as Error & {
      code?: string;
      lines?: number;
      column?: string | number | null;
      index?: number;
    };
    const column = typeof e.column === 'string' ? e.column : header[e.index ?? -1];
    const at = { ...(e.lines ? { row: String(e.lines) } : {}), ...(column ? { column: shown(column) } : {}) };
    if (e.code === 'CSV_MAX_RECORD_SIZE') throw badRequest(m.cellTooLong, { errors: at });
    throw badRequest(m.csvUnreadable, { errors: { file: shown(e.message).slice(0, 300), ...at } });
  }
  for (const r of records) refuseHostileCell(r.info.lines, Object.entries(r.record));
  if (records.length === 0) throw badRequest(m.csvEmpty, { errors: { file: m.csvEmpty } });
  if (records.length > IMPORT_MAX_ROWS)
    throw badRequest(m.csvTooManyRows, { errors: { file: m.csvTooManyRows } });
  const columns = Object.keys(records[0]!.record);
  const unknown = columns.filter((c) => !known.includes(c));
  if (unknown.length) throw badRequest(m.unknownColumns, { errors: { columns: unknown.join(', ') } });
  const missing = known.filter((c) => !optional.includes(c) && !columns.includes(c));
  if (missing.length) throw badRequest(m.missingColumns, { errors: { columns: missing.join(', ') } });
  const warnings = encoding === 'windows-1252' ? [m.readAsWindows1252] : [];
  return { columns, rows: records.map((r) => ({ line: r.info.lines, cells: r.record })), warnings };
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
