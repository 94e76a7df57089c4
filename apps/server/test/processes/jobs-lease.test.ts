import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScheduler, type JobRunReport } from '../../src/jobs/scheduler.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTwoApps } from '../jobs/two-apps.ts';
import { createAuction, createLot, createRug, endLotNow } from '../jobs/fixtures.ts';

/**
 * Decision 099: the scheduled jobs run in one process at a time, the holder of a PostgreSQL advisory lock; the
 * others stand by and take over when it goes. Two app instances on one database stand for two processes.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the jobs run once per tick across processes (PostgreSQL)',
  () => {
    let a: TestApp;
    let b: FastifyInstance;
    let close: () => Promise<void>;

    beforeAll(async () => {
      ({ a, b, close } = await createTwoApps());
    }, 60_000);
    afterAll(async () => {
      await close?.();
    });

    const both = () => Promise.all([a.app.jobs.tick(), b.jobs.tick()]);
    const ran = (reports: (JobRunReport | null)[]) => reports.map((r) => r !== null);

    it('two schedulers ticking together: one runs the jobs, the other stands by, tick after tick', async () => {
      const first = await both();
      expect(ran(first).filter(Boolean)).toHaveLength(1);
      const holder = ran(first).indexOf(true);
      for (let i = 0; i < 3; i++) expect(ran(await both())).toEqual(ran(first));
      // A due lot closes in the holder's run, once.
      const db = a.database;
      const auctionId = await createAuction(db, { status: 'open' });
      const lotId = await createLot(db, { auctionId, rugId: await createRug(db) });
      await endLotNow(db, lotId);
      const reports = await both();
      expect(reports[holder]?.closed).toBe(1);
      expect(reports[1 - holder]).toBeNull();
      const [lot] = await db.query<{ status: string }>('select status from lots where id = $1', [lotId]);
      expect(lot?.status).toBe('closed');
    });

    it('when the holder stops, the other takes over on its next tick', async () => {
      const before = ran(await both());
      const [holder, other] = before[0] ? [a.app, b] : [b, a.app];
      // Stopping releases the lease (its session ends), as a process that exits or dies does.
      await holder.jobs.stop();
      expect(await other.jobs.tick()).not.toBeNull();
      expect(await holder.jobs.tick()).toBeNull();
      await other.jobs.stop();
      expect(await holder.jobs.tick()).not.toBeNull();
      await holder.jobs.stop();
    });

    it('fresh schedulers, ten ticks each at the same moments: ten runs, all in one process', async () => {
      const runs = [0, 0];
      const schedulers = [a.app, b].map((app, i) => {
        const s = createScheduler(app, { intervalMs: 50 });
        // What start() calls each interval.
        return { s, tick: () => s.tick().then((r) => (r ? runs[i]!++ : undefined)) };
      });
      for (let round = 0; round < 10; round++) await Promise.all(schedulers.map((x) => x.tick()));
      expect(runs[0]! + runs[1]!).toBe(10);
      expect(runs.filter((n) => n > 0)).toHaveLength(1);
      await Promise.all(schedulers.map((x) => x.s.stop()));
    });
  },
);
