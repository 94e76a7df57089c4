import path from 'node:path';
import type { Config } from '../config/env.ts';
import { createDatabase, type Database, type DatabaseWaits } from './client.ts';
import { migrate } from './migrate.ts';

export type WaitsConfig = Pick<
  Config,
  | 'DATABASE_POOL_SIZE'
  | 'DATABASE_POOL_WAIT_MS'
  | 'DATABASE_POOL_MAX_WAITING'
  | 'DATABASE_LOCK_TIMEOUT_MS'
  | 'DATABASE_STATEMENT_TIMEOUT_MS'
  | 'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS'
  | 'HEALTH_TIMEOUT_MS'
>;

/** The database's bounded waits as the environment sets them (decision 080). */
export function databaseWaits(config: WaitsConfig): DatabaseWaits {
  return {
    poolSize: config.DATABASE_POOL_SIZE,
    poolWaitMs: config.DATABASE_POOL_WAIT_MS,
    poolMaxWaiting: config.DATABASE_POOL_MAX_WAITING,
    lockTimeoutMs: config.DATABASE_LOCK_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    probeTimeoutMs: config.HEALTH_TIMEOUT_MS,
  };
}

/**
 * Migrations run without the statement timeout (an index on a large table may take minutes) but keep the lock
 * timeout: a migration that cannot get its lock fails rather than queueing every request behind it.
 */
export function withoutStatementTimeout(database: Database): Database {
  if (database.kind !== 'postgres') return database;
  return {
    ...database,
    withConnection: (fn) =>
      database.withConnection(async (conn) => {
        await conn.exec('set statement_timeout = 0');
        try {
          return await fn(conn);
        } finally {
          await conn.exec('reset statement_timeout').catch(() => undefined);
        }
      }),
  };
}

/** Opens the configured database (PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR) and migrates it. */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> & WaitsConfig,
): Promise<Database> {
  const database = await createDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
    waits: databaseWaits(config),
  });
  await migrate(withoutStatementTimeout(database));
  return database;
}
