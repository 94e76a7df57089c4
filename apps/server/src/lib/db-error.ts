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
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
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

/** Why the database could not serve a request in time (decision 080). */
export type DatabaseBusyKind = 'lock' | 'statement' | 'connection' | 'queue';

/** The pool already has DATABASE_POOL_MAX_WAITING requests waiting for a connection: refused at once, not queued. */
export class DatabasePoolFull extends Error {
  readonly busyKind = 'queue' as const;
  constructor(waiting: number) {
    super(`database pool full: ${waiting} requests already wait for a connection`);
    this.name = 'DatabasePoolFull';
  }
}

// pg-pool's own wordings: no free connection within connectionTimeoutMillis, or a new connection not made in it.
const CONNECTION_TIMEOUT =
  /timeout exceeded when trying to connect|Connection terminated due to connection timeout/;

/**
 * A bounded wait that ran out, on the error or its causes: a lock not granted within lock_timeout (55P03), a
 * statement cancelled by statement_timeout (57014), no pooled connection within the pool's wait, or the pool's
 * queue full. Undefined for every other error. These are the server's state, not the request's fault: 503 and
 * Retry-After, never 500.
 */
export function databaseBusyKind(error: unknown): DatabaseBusyKind | undefined {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (e instanceof DatabasePoolFull) return 'queue';
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === '55P03') return 'lock';
    if (code === '57014') return 'statement';
    if (typeof message === 'string' && CONNECTION_TIMEOUT.test(message)) return 'connection';
  }
  return undefined;
}

/** How many requests each bounded wait refused lately, for readiness (`degraded`, with the reason). */
export interface BusyLog {
  note(kind: DatabaseBusyKind): void;
  /** Refusals within the last `windowMs`, by kind (kinds with none are absent). */
  recent(windowMs: number): Partial<Record<DatabaseBusyKind, number>>;
}

export function createBusyLog(now: () => number = Date.now): BusyLog {
  // One entry per refusal, oldest first; pruned past a minute and capped so a storm cannot grow it without bound.
  const entries: { at: number; kind: DatabaseBusyKind }[] = [];
  const KEEP_MS = 60_000;
  const MAX = 10_000;
  const prune = () => {
    const cutoff = now() - KEEP_MS;
    let drop = 0;
    while (drop < entries.length && entries[drop]!.at < cutoff) drop++;
    if (entries.length - drop > MAX) drop = entries.length - MAX;
    if (drop > 0) entries.splice(0, drop);
  };
  return {
    note(kind) {
      entries.push({ at: now(), kind });
      prune();
    },
    recent(windowMs) {
      prune();
      const cutoff = now() - windowMs;
      const counts: Partial<Record<DatabaseBusyKind, number>> = {};
      for (const e of entries) if (e.at >= cutoff) counts[e.kind] = (counts[e.kind] ?? 0) + 1;
      return counts;
    },
  };
}
