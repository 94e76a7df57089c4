/**
 * The reports as CSV for a spreadsheet: UTF-8 with a byte-order mark (Excel reads the accents), RFC 4180 (comma,
 * CRLF, quotes doubled), the same rules as the payout file (packages/shared/src/consignments/payout-file-csv.ts).
 * Text cells (a sale's title, a consignor's name: staff or consignor input) that a spreadsheet would run as a
 * formula (= + - @, a tab or carriage return first) get a leading ', OWASP's "CSV injection" defence. Numbers are
 * written by this file, so a negative amount stays a number.
 */
export type CsvCell = { text: string } | { number: string };

export const text = (value: string): CsvCell => ({ text: value });
/** Cents as a decimal amount with 2 decimals: -1250 is -12.50. */
export const amount = (cents: number): CsvCell => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return { number: `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}` };
};
export const count = (n: number): CsvCell => ({ number: String(n) });
/** Basis points as a percentage with 2 decimals (3750 is 37.50); empty when there is no rate. */
export const percent = (bps: number | null): CsvCell => (bps === null ? { text: '' } : amount(bps));

function defused(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function quoted(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

const line = (cells: readonly CsvCell[]) =>
  cells.map((c) => ('number' in c ? c.number : quoted(defused(c.text)))).join(',');

/** The header row then each row, CRLF after each, a byte-order mark first. */
export function buildCsv(header: readonly string[], body: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[line(header.map(text)), ...body.map(line)].map((l) => `${l}\r\n`).join('')}`;
}
