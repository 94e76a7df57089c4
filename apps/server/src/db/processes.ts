import type { Connection, Database } from './client.ts';

/**
 * The SQL of several server processes on one database (decision 099): advisory-lock keys and the statements of
 * the jobs' lease and of the live bus's LISTEN/NOTIFY. Any constant works as a key; it only has to be the same in
 * every process on this database and differ from migrate.ts's.
 */
export const START_LOCK_KEY = 7_301_2098;
export const JOBS_LEASE_KEY = 7_301_2099;

/** Takes the jobs' lease when it is free (a session-level lock: it lasts as long as the session). */
export const TAKE_JOBS_LEASE_SQL = 'select pg_try_advisory_lock($1) as ok';
/** A session that answers still holds its advisory locks. */
export const SESSION_ALIVE_SQL = 'select 1';
/** One statement for every notification of one message: delivered together, in one transaction. */
export const NOTIFY_SQL = 'select pg_notify($1, p) from unnest($2::text[]) as p';
export const listenSql = (quotedChannel: string) => `listen ${quotedChannel}`;

/**
 * Runs `fn` while holding the start lock: processes starting together do their first-run work (the demo seed,
 * the first job run) one after the other. PGlite (one process) takes it on its one connection.
 */
export function withStartLock<T>(
  database: Pick<Database, 'withConnection'>,
  fn: () => Promise<T>,
): Promise<T> {
  return database.withConnection(async (conn: Connection) => {
    await conn.query('select pg_advisory_lock($1)', [START_LOCK_KEY]);
    try {
      return await fn();
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [START_LOCK_KEY]).catch(() => undefined);
    }
  });
}
