import type { Cents, IncrementTable } from './types.ts';

/** AUCTION-RULES.md default table in currency units: [current price from, increment]. */
const DEFAULT_TABLE_UNITS: ReadonlyArray<readonly [number, number]> = [
  [0, 10],
  [200, 20],
  [500, 50],
  [1_000, 100],
  [2_000, 200],
  [5_000, 500],
  [10_000, 1_000],
  [20_000, 2_000],
  [50_000, 5_000],
  [100_000, 10_000],
];

/** The default increment table in cents. */
export const DEFAULT_INCREMENTS: IncrementTable = Object.freeze(
  DEFAULT_TABLE_UNITS.map(([from, step]) => Object.freeze({ from: from * 100, increment: step * 100 })),
);

/**
 * The increment that applies at `price`: the row with the greatest `from` not above it. A price below the
 * first row (a table not starting at 0) uses the first row.
 */
export function increment(price: Cents, table: IncrementTable = DEFAULT_INCREMENTS): Cents {
  const first = table[0];
  if (!first) throw new Error('Increment table is empty');
  let step = first.increment;
  for (const row of table) {
    if (row.from > price) break;
    step = row.increment;
  }
  return step;
}

/** An auction's own table, or the default one when it has none (null or empty). */
export function tableOrDefault(table: IncrementTable | null | undefined): IncrementTable {
  return table && table.length > 0 ? table : DEFAULT_INCREMENTS;
}

/** Why a table is unusable, or null when it is fine (for validating an auction's own table). */
export function incrementTableProblem(table: IncrementTable): string | null {
  if (table.length === 0) return 'The increment table needs at least one row';
  if (table[0]!.from !== 0) return 'The increment table must start at 0';
  for (let i = 0; i < table.length; i += 1) {
    const row = table[i]!;
    if (!Number.isSafeInteger(row.from) || !Number.isSafeInteger(row.increment) || row.increment <= 0) {
      return 'Increment rows need whole, positive amounts';
    }
    if (i > 0 && row.from <= table[i - 1]!.from) return 'Increment rows must be in ascending order';
  }
  return null;
}
