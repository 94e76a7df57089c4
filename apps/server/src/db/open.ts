import path from 'node:path';
import type { Config } from '../config/env.ts';
import { createDatabase, type Database } from './client.ts';
import { migrate } from './migrate.ts';

/** Opens the configured database (PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR) and migrates it. */
export async function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  const database = await createDatabase({
    url: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'pglite'),
  });
  await migrate(database);
  return database;
}
