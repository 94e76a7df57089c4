import type { FastifyBaseLogger } from 'fastify';
import { withoutStatementTimeout } from '../db/open.ts';
import type { Database } from '../db/client.ts';
import { autovacuumOn, tablesDueForVacuum, vacuum } from './vacuum-repository.ts';

/** PostgreSQL with autovacuum off: checked this often, autovacuum's own default naptime. */
export const VACUUM_CHECK_EVERY_MS = 60_000;
/** PGlite: the whole database vacuumed this often (it keeps no count of dead rows to choose tables by). */
export const PGLITE_VACUUM_EVERY_MS = 15 * 60_000;

/**
 * Who vacuums when autovacuum does not (decision 102). Every bid rewrites its lot's row, every outbid notice and
 * e-mail claim an outbox row, and the listing job the rug's price: dead row versions that PostgreSQL's autovacuum
 * clears. PGlite has no background workers, so nothing ever did; a PostgreSQL may run with `autovacuum = off` (this
 * project's CI machine does), and then a day of bidding leaves the lots' indexes full of dead entries and every bid
 * slower than the last. So, where autovacuum runs, this does nothing; where it does not, the jobs do its work:
 *   - PostgreSQL: every minute, VACUUM (ANALYZE) the tables autovacuum would take by its own rule and settings;
 *   - PGlite: every 15 minutes, VACUUM (ANALYZE) the whole database (it counts no dead rows; a vacuum that finds
 *     nothing to do reads only the pages changed since the last).
 * The first sweep comes one interval after the process starts, not at once (tests and a restart pay nothing).
 * Runs without the statement timeout (a large table may take longer than a request may). Returns the tables
 * vacuumed (PGlite: 1 for the database).
 */
export function vacuumSweeper(
  database: Database,
  log: FastifyBaseLogger,
  options: { everyMs?: number; firstAfterMs?: number } = {},
): () => Promise<number> {
  const everyMs =
    options.everyMs ?? (database.kind === 'pglite' ? PGLITE_VACUUM_EVERY_MS : VACUUM_CHECK_EVERY_MS);
  const unbounded = withoutStatementTimeout(database);
  let last = performance.now() - everyMs + (options.firstAfterMs ?? everyMs);
  let needed: Promise<boolean> | undefined;
  return async () => {
    const now = performance.now();
    if (now - last < everyMs) return 0;
    last = now;
    try {
      needed ??= (
        database.kind === 'pglite' ? Promise.resolve(true) : autovacuumOn(database).then((on) => !on)
      ).then((ours) => {
        if (ours && database.kind === 'postgres')
          log.warn(
            'PostgreSQL autovacuum is off: the jobs vacuum the tables that need it every minute; turn it on (autovacuum = on) to leave it to PostgreSQL',
          );
        return ours;
      });
      if (!(await needed)) return 0;
      if (database.kind === 'pglite') {
        await vacuum(database, 'all');
        return 1;
      }
      const tables = await tablesDueForVacuum(database);
      if (tables.length === 0) return 0;
      await unbounded.withConnection((conn) => vacuum(conn, tables));
      log.debug({ tables }, 'tables vacuumed (autovacuum is off)');
      return tables.length;
    } catch (err) {
      needed = undefined;
      log.warn({ err }, 'vacuum sweep failed; trying again on the next turn');
      return 0;
    }
  };
}
