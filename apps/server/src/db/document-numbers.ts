import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { num, rows } from './raw.ts';

/** Each numbered document's prefix and digits: INV-2026-000001, CN-…, C-2026-0001, PB-2026-0001. */
const SERIES = {
  invoice: { prefix: 'INV', digits: 6 },
  credit_note: { prefix: 'CN', digits: 6 },
  consignment: { prefix: 'C', digits: 4 },
  payout_batch: { prefix: 'PB', digits: 4 },
} as const;

export type DocumentKind = keyof typeof SERIES;

/**
 * The next number of a gapless series: one counter row per kind and year in document_counters, raised in the
 * caller's transaction. The row stays locked until that transaction ends, so numbers are taken one after another,
 * and a rolled-back transaction gives its number back: no gap, no duplicate (a sequence would skip).
 */
export async function nextDocumentNumber(tx: Db, kind: DocumentKind): Promise<string> {
  const [row] = await rows<{ year: number; last_value: number }>(
    tx,
    sql`insert into document_counters (kind, year, last_value)
        values (${kind}, extract(year from clock_timestamp() at time zone 'UTC')::int, 1)
        on conflict (kind, year) do update set last_value = document_counters.last_value + 1
        returning year, last_value`,
  );
  const { prefix, digits } = SERIES[kind];
  return `${prefix}-${num(row!.year)}-${String(num(row!.last_value)).padStart(digits, '0')}`;
}
