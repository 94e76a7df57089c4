import crypto from 'node:crypto';
import pg from 'pg';

/**
 * With TEST_DATABASE_URL set, each browser-test server gets its own PostgreSQL database, created here and
 * dropped after the run, so test files never see each other's rows. Without it the server uses PGlite in
 * a fresh DATA_DIR and there is nothing to create.
 */
export async function createRunDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `knotwork_e2e_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // `with (force)` ends connections the server may still hold if it was killed rather than closed.
    drop: () => withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)),
  };
}

async function withAdmin(adminUrl: string, fn: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
