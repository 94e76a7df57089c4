import crypto from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database, type DatabaseWaits } from '../../src/db/client.ts';
import { migrate } from '../../src/db/migrate.ts';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or, when
 * TEST_DATABASE_URL is set, a new PostgreSQL database created for this file and dropped afterwards,
 * so test files never see each other's rows.
 */
export async function createTestDatabase(
  waits: Partial<DatabaseWaits> = {},
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await createDatabase({ pgliteDir: 'memory://', waits });
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  const name = `knotwork_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ url: url.toString(), waits: { poolSize: 10, ...waits } });
  await migrate(database);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
