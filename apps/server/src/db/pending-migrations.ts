import fs from 'node:fs';
import type { Connection } from './client.ts';
import { MIGRATIONS_DIR } from './migrate.ts';

/** Migration files this code has that the database has not applied (readiness: a process ahead of its schema waits). */
export async function pendingMigrations(
  database: Pick<Connection, 'query'>,
  dir = MIGRATIONS_DIR,
): Promise<string[]> {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.sql'));
  const applied = new Set(
    (await database.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
  );
  return files.filter((f) => !applied.has(f)).sort();
}
