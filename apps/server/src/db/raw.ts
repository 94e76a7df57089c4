import crypto from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './client.ts';

/** Runs a raw drizzle `sql` query and returns its rows (node-postgres and PGlite both answer `{ rows }`). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}

/**
 * The parts of drizzle's database object that `preparedRows` reaches past its public API for. Private API: drizzle-orm
 * is pinned to an exact version in apps/server/package.json; check this shape on every upgrade.
 */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    /** The pool (a database) or the pinned connection (a transaction). */
    client: unknown;
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: false,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
}

/**
 * `rows`, but on PostgreSQL as a named prepared statement (named after a hash of its text). PostgreSQL then plans it
 * once per connection, or a few times before it settles on a generic plan, instead of on every call: the listing's
 * queries take ~1 ms to plan (many indexes on rugs, lateral joins) and well under 1 ms to run. Only for hot queries
 * whose text depends on the filter's shape, never its values (those are parameters), so the statements each
 * connection keeps stay few. Works on a transaction too (its pinned connection keeps the statement). PGlite (one
 * in-process connection, no network) runs it like `rows`.
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const internals = db as unknown as DrizzleInternals;
  const client = internals.session.client;
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) return rows(db, query);
  const built = internals.dialect.sqlToQuery(query);
  const result = (await internals.session
    .prepareQuery(built, undefined, statementName(built.sql), false)
    .execute()) as {
    rows: T[];
  };
  return result.rows;
}

/** The name a statement is prepared under on PostgreSQL: a hash of its text, so one text has one name. */
const statementName = (text: string) =>
  `q_${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

/**
 * A hot statement whose text depends only on its shape (which of its parts it has), never on its values: drizzle
 * builds and hashes the text once per shape, with every value a `sql.placeholder(name)`, and each call only fills
 * in the values. `preparedRows` rebuilt the bid statement's ~3 KB of text from some forty template fragments and
 * hashed it on every batch: 7% of the product's thread on a hot lot, 12% of the bare handler's (issue 30, decision
 * 101's third addendum). On PostgreSQL it runs as a named prepared statement, as `preparedRows` does; on PGlite,
 * unnamed. Either way through drizzle's own prepared query, so errors come wrapped exactly as `rows`' do.
 */
export function shapedStatement<Shape>(
  keyOf: (shape: Shape) => string,
  build: (shape: Shape) => SQL,
): <T>(db: Db, shape: Shape, values: Record<string, unknown>) => Promise<T[]> {
  const built = new Map<string, { query: { sql: string; params: unknown[] }; name: string }>();
  return async <T>(db: Db, shape: Shape, values: Record<string, unknown>) => {
    const internals = db as unknown as DrizzleInternals;
    const key = keyOf(shape);
    let statement = built.get(key);
    if (!statement) {
      const query = internals.dialect.sqlToQuery(build(shape));
      statement = { query, name: statementName(query.sql) };
      built.set(key, statement);
    }
    const client = internals.session.client;
    const named = client instanceof pg.Pool || client instanceof pg.Client;
    const result = (await internals.session
      .prepareQuery(statement.query, undefined, named ? statement.name : undefined, false)
      .execute(values)) as { rows: T[] };
    return result.rows;
  };
}

/** int8 arrives as a string from node-postgres and as a number from PGlite. */
export const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v));
export const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : num(v));

/** Times are selected as epoch milliseconds (see `epochMs`) so both drivers hand back plain numbers. */
export const isoFromMs = (v: unknown): string => new Date(num(v)).toISOString();
export const isoOrNullFromMs = (v: unknown): string | null =>
  v === null || v === undefined ? null : isoFromMs(v);

// The one UUID test (packages/shared/src/constants/ids.ts), here beside the other helpers every repository uses.
export { isUuid } from '@knotwork/shared/constants/ids';
