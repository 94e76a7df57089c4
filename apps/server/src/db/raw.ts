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
 * in-process connection, no network) runs it unnamed, as `rows` does.
 */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const built = internalsOf(db).dialect.sqlToQuery(query);
  return runPrepared<T>(db, built, onPostgres(db) ? statementName(built.sql) : undefined);
}

const internalsOf = (db: Db) => db as unknown as DrizzleInternals;

/** A pool or a transaction's connection of node-postgres (named statements), not PGlite. */
export function onPostgres(db: Db): boolean {
  const client = internalsOf(db).session.client;
  return client instanceof pg.Pool || client instanceof pg.Client;
}

/** The name a statement is prepared under on PostgreSQL: a hash of its text, so one text has one name. */
const statementName = (text: string) =>
  `q_${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;

/**
 * Runs a built query through drizzle's own prepared query, as `rows` does (so errors come wrapped the same way):
 * named when a name is given, filling its placeholders from `values`.
 */
async function runPrepared<T>(
  db: Db,
  query: { sql: string; params: unknown[] },
  name: string | undefined,
  values?: Record<string, unknown>,
): Promise<T[]> {
  const prepared = internalsOf(db).session.prepareQuery(query, undefined, name, false);
  return ((await prepared.execute(values)) as { rows: T[] }).rows;
}

/**
 * A hot statement whose text depends only on its shape (which of its parts it has), never on its values: drizzle
 * builds and hashes the text once per shape, with every value a `sql.placeholder(name)`, and each call only fills
 * in the values. `preparedRows` rebuilt the bid statement's ~3 KB of text from some forty template fragments and
 * hashed it on every batch: 7% of the product's thread on a hot lot, 12% of the bare handler's (issue 30, decision
 * 101's third addendum). On PostgreSQL it runs as a named prepared statement, as `preparedRows` does; on PGlite,
 * unnamed.
 */
export function shapedStatement<Shape>(
  keyOf: (shape: Shape) => string,
  build: (shape: Shape) => SQL,
): <T>(db: Db, shape: Shape, values: Record<string, unknown>) => Promise<T[]> {
  const built = new Map<string, { query: { sql: string; params: unknown[] }; name: string }>();
  return async <T>(db: Db, shape: Shape, values: Record<string, unknown>) => {
    const key = keyOf(shape);
    let statement = built.get(key);
    if (!statement) {
      const query = internalsOf(db).dialect.sqlToQuery(build(shape));
      statement = { query, name: statementName(query.sql) };
      built.set(key, statement);
    }
    return runPrepared<T>(db, statement.query, onPostgres(db) ? statement.name : undefined, values);
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
