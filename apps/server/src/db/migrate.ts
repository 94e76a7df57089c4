import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client.ts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any constant works; it only has to be the same in every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_301_2010;

/**
 * Applies the committed SQL files in `migrations/` in name order, each once, each in its own
 * transaction. A PostgreSQL advisory lock makes concurrent starts (several processes) wait for each
 * other instead of racing, so the same files run identically on PGlite and PostgreSQL.
 */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return database.withConnection(async (conn) => {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied: string[] = [];
    try {
      await conn.exec(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
      const done = new Set(
        (await conn.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name),
      );
      for (const file of files) {
        if (done.has(file)) continue;
        const sql = fs.readFileSync(path.join(dir, file), 'utf8');
        await conn.exec(
          `begin;\n${sql}\n;insert into schema_migrations(name) values ('${file.replace(/'/g, "''")}');\ncommit;`,
        );
        applied.push(file);
      }
    } catch (err) {
      await conn.exec('rollback').catch(() => undefined);
      throw err;
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
    return applied;
  });
}
