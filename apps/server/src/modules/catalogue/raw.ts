import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Runs a raw drizzle `sql` query and returns its rows (node-postgres and PGlite both answer `{ rows }`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** int8 arrives as a string from node-postgres and as a number from PGlite. */
export const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));

/** Times are selected as epoch milliseconds (see `epochMs`) so both drivers hand back plain numbers. */
export const isoFromMs = (v: unknown): string => new Date(num(v)).toISOString();
export const isoOrNullFromMs = (v: unknown): string | null => (v === null || v === undefined ? null : isoFromMs(v));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
