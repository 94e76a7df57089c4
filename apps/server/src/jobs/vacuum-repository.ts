import type { Connection } from '../db/client.ts';

/** Whether PostgreSQL's own autovacuum runs on this database (`show autovacuum`). */
export async function autovacuumOn(db: Connection): Promise<boolean> {
  const [row] = await db.query<{ autovacuum: string }>('show autovacuum');
  return row?.autovacuum === 'on';
}

/**
 * The tables autovacuum would vacuum now, by its own rule and the server's own settings: more dead rows than
 * `autovacuum_vacuum_threshold` plus `autovacuum_vacuum_scale_factor` of the live ones (50 + 20% by default),
 * busiest first. Quoted, schema-qualified names, ready for VACUUM.
 */
export async function tablesDueForVacuum(db: Connection): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables
     where n_dead_tup > current_setting('autovacuum_vacuum_threshold')::int
       + current_setting('autovacuum_vacuum_scale_factor')::float8 * n_live_tup
     order by n_dead_tup desc`,
  );
  return rows.map((r) => r.name);
}

/** VACUUM (ANALYZE) of the given tables (names as `tablesDueForVacuum` returns them), or of the whole database. */
export async function vacuum(db: Connection, tables: readonly string[] | 'all'): Promise<void> {
  await db.exec(tables === 'all' ? 'vacuum (analyze)' : `vacuum (analyze) ${tables.join(', ')}`);
}
