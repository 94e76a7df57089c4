import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../src/db/client.ts';
import { autovacuumOn, tablesDueForVacuum } from '../../src/jobs/vacuum-repository.ts';
import { vacuumSweeper } from '../../src/jobs/vacuum-sweep.ts';
import { createTestDatabase } from '../helpers/database.ts';

/** A logger that keeps what was said at warn (the message, whichever argument holds it). */
function listeningLog(): { log: FastifyBaseLogger; warnings: string[] } {
  const warnings: string[] = [];
  const quiet = () => undefined;
  const log = {
    warn: (...args: unknown[]) => void warnings.push(String(args.find((a) => typeof a === 'string'))),
    info: quiet,
    debug: quiet,
    error: quiet,
    trace: quiet,
    fatal: quiet,
  };
  return { log: log as unknown as FastifyBaseLogger, warnings };
}

const deadRows = async (database: Database, table: string) =>
  Number(
    (
      await database.query<{ n: string | number }>(
        'select coalesce(sum(n_dead_tup), 0) as n from pg_stat_user_tables where relname = $1',
        [table],
      )
    )[0]!.n,
  );

describe('the jobs vacuum where autovacuum does not (decision 102)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await database.exec(
      // n indexed: its updates are not HOT, so page pruning cannot clear them before the sweep does.
      'create table vacuum_probe (id int primary key, n int not null); create index on vacuum_probe (n); insert into vacuum_probe select g, 0 from generate_series(1, 200) g',
    );
    // 1,000 dead row versions for 200 live ones: past autovacuum's own rule (50 + 20% of the live rows).
    await database.withConnection(async (conn) => {
      for (let i = 0; i < 5; i++) await conn.exec('update vacuum_probe set n = n + 1');
      if (database.kind === 'postgres') await conn.query('select pg_stat_force_next_flush()');
    });
  });
  afterAll(() => drop());

  it('waits one interval after the start before its first sweep', async () => {
    const sweep = vacuumSweeper(database, listeningLog().log, { everyMs: 60_000 });
    expect(await sweep()).toBe(0);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL: vacuums the tables autovacuum would take, only when autovacuum is off, and says so once',
    async () => {
      // PostgreSQL publishes a backend's table counts when it goes idle, not at once.
      await expect
        .poll(() => tablesDueForVacuum(database), { timeout: 10_000 })
        .toContain('public.vacuum_probe');
      const { log, warnings } = listeningLog();
      const sweep = vacuumSweeper(database, log, { everyMs: 0, firstAfterMs: 0 });
      const vacuumed = await sweep();
      if (await autovacuumOn(database)) {
        // PostgreSQL's own autovacuum does this job: the sweep leaves it alone.
        expect(vacuumed).toBe(0);
        expect(warnings).toEqual([]);
        return;
      }
      expect(vacuumed).toBeGreaterThanOrEqual(1);
      await expect.poll(() => deadRows(database, 'vacuum_probe'), { timeout: 10_000 }).toBe(0);
      expect(await tablesDueForVacuum(database)).not.toContain('public.vacuum_probe');
      await sweep();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/autovacuum is off/);
    },
  );

  it.skipIf(process.env.TEST_DATABASE_URL)(
    'PGlite: vacuums the whole database (it has no autovacuum and counts no dead rows)',
    async () => {
      const { log, warnings } = listeningLog();
      const sweep = vacuumSweeper(database, log, { everyMs: 0, firstAfterMs: 0 });
      expect(await sweep()).toBe(1);
      const [stats] = await database.query<{ last_vacuum: Date | null; n_live_tup: number }>(
        `select last_vacuum, n_live_tup from pg_stat_user_tables where relname = 'vacuum_probe'`,
      );
      expect(stats!.last_vacuum).not.toBeNull();
      expect(Number(stats!.n_live_tup)).toBe(200);
      expect(warnings).toEqual([]);
    },
  );
});
