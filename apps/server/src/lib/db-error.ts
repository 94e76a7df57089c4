/** What may be logged of a database error: never the SQL text, its parameters, the message or the detail. */
export interface DbErrorSummary {
  /** SQLSTATE, e.g. 23505 (unique violation), 22P05 (untranslatable character: NUL in text). */
  code: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * The SQLSTATE and names of a PostgreSQL/PGlite error, found on the error or its causes (drizzle wraps the
 * driver's error and puts the query and its parameters in its own message); undefined for other errors.
 * The driver's message and detail quote the values (`Key (slug)=(...)`), so they are left out.
 */
export function summariseDbError(error: unknown): DbErrorSummary | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint, table, column, routine } = e as Record<string, unknown>;
    if (typeof code !== 'string' || !SQLSTATE.test(code)) continue;
    const pick = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
    return {
      code,
      ...(pick(constraint) ? { constraint: pick(constraint) } : {}),
      ...(pick(table) ? { table: pick(table) } : {}),
      ...(pick(column) ? { column: pick(column) } : {}),
      ...(pick(routine) ? { routine: pick(routine) } : {}),
    };
  }
  return undefined;
}

/** Class 22 is "data exception": the input could not be stored (NUL, out-of-range numbers, bad dates). */
export const isDataException = (s: DbErrorSummary) => s.code.startsWith('22');
