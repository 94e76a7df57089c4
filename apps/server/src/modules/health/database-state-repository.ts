import type { Connection } from '../../db/client.ts';

/** Locks held or awaited on one table, by mode. */
export interface TableLock {
  table: string;
  mode: string;
  granted: boolean;
  n: number;
}

// Tables of this database another session holds exclusively (a long migration, VACUUM FULL, LOCK TABLE), and
// lock requests waiting, by table. Catalog reads take no lock on the tables themselves, so this answers while
// they are locked.
const LOCKS_SQL = `
  select c.relname as "table", l.mode, l.granted, count(*)::int as n
  from pg_locks l
  join pg_class c on c.oid = l.relation
  where l.locktype = 'relation'
    and l.database = (select oid from pg_database where datname = current_database())
    and l.pid <> pg_backend_pid()
    and c.relkind in ('r', 'p') and c.relpersistence <> 't'
    and (not l.granted or l.mode = 'AccessExclusiveLock')
  group by c.relname, l.mode, l.granted
  order by c.relname`;

/**
 * The tables other sessions lock exclusively, and the lock requests waiting, on the probe's own connection
 * (PostgreSQL only: PGlite has no other session). Answering at all also proves the database is up.
 */
export async function tableLocks(probe: Connection): Promise<TableLock[]> {
  return probe.query<TableLock>(LOCKS_SQL);
}

/** Whether the database answers, at the cost of the cheapest statement (PGlite: one connection, no other session's locks). */
export async function pingDatabase(probe: Connection): Promise<void> {
  await probe.query('select 1');
}
