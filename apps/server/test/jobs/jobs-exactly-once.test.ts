import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { TestApp } from '../helpers/app.ts';
import { post, signUp } from '../auth/helpers.ts';
import { createAuction, createLot, createRug, endLotNow, like, setLotEnd } from './fixtures.ts';
import { createTwoApps } from './two-apps.ts';

/** Two "processes" run every job concurrently, several times: each lot still opens, closes and is reminded once. */
// Two app instances and several concurrent job rounds per test: 7 s on a quiet machine, 20 s under load.
describe('jobs run exactly once across two app instances on one database', { timeout: 120_000 }, () => {
  let a: TestApp;
  let b: FastifyInstance;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, close } = await createTwoApps());
  });
  afterAll(() => close());

  const runBoth = async (rounds = 3) => {
    for (let i = 0; i < rounds; i += 1) {
      await Promise.all([a.app.jobs.runDueJobsOnce(), b.jobs.runDueJobsOnce(), a.app.jobs.runDueJobsOnce()]);
    }
  };
  const count = async (sql: string, params: unknown[]) =>
    Number((await a.database.query<{ n: string | number }>(sql, params))[0]!.n);

  it('closes each due lot once: one lot_closed event, one order, one won notice', async () => {
    const alice = await signUp(a);
    const bob = await signUp(a);
    const auctionId = await createAuction(a.database);
    const lots: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const rugId = await createRug(a.database, `Kazak rug ${i}`);
      const lotId = await createLot(a.database, { auctionId, rugId, lotNumber: i + 1 });
      expect((await post(a, `/rug/add-offer/${lotId}`, { amount: 50_000 }, alice.token)).statusCode).toBe(
        201,
      );
      expect((await post(a, `/rug/add-offer/${lotId}`, { amount: 60_000 }, bob.token)).statusCode).toBe(201);
      await endLotNow(a.database, lotId);
      lots.push(lotId);
    }
    await runBoth();
    for (const lotId of lots) {
      expect(
        await count(`select count(*) as n from lot_events where lot_id = $1 and type = 'lot_closed'`, [
          lotId,
        ]),
      ).toBe(1);
      expect(await count(`select count(*) as n from orders where lot_id = $1`, [lotId])).toBe(1);
      const [lot] = await a.database.query<{ status: string; outcome: string; winner_id: string }>(
        'select status, outcome, winner_id from lots where id = $1',
        [lotId],
      );
      expect(lot).toEqual({ status: 'closed', outcome: 'sold', winner_id: bob.user.id });
    }
    expect(
      await count(`select count(*) as n from notifications where user_id = $1 and type = 'won'`, [
        bob.user.id,
      ]),
    ).toBe(12);
    expect(
      await count(`select count(*) as n from notifications where user_id = $1 and type = 'order_created'`, [
        bob.user.id,
      ]),
    ).toBe(12);
    expect(
      await count(`select count(*) as n from notifications where user_id = $1 and type = 'lost'`, [
        alice.user.id,
      ]),
    ).toBe(12);
  });

  it('opens each due lot once and tells its watchers once', async () => {
    const watcher = await signUp(a);
    const auctionId = await createAuction(a.database, { startsIn: -5, endsIn: 3600 });
    const lots: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const rugId = await createRug(a.database, `Tabriz carpet ${i}`);
      await like(a.database, watcher.user.id, rugId);
      lots.push(
        await createLot(a.database, {
          auctionId,
          rugId,
          lotNumber: i + 1,
          status: 'scheduled',
          startsIn: -5,
        }),
      );
    }
    await runBoth();
    for (const lotId of lots) {
      expect(
        await count(`select count(*) as n from lot_events where lot_id = $1 and type = 'lot_opened'`, [
          lotId,
        ]),
      ).toBe(1);
      expect(
        (await a.database.query<{ status: string }>('select status from lots where id = $1', [lotId]))[0]!
          .status,
      ).toBe('open');
    }
    expect(
      await count(
        `select count(*) as n from notifications where user_id = $1 and type = 'watched_lot_open'`,
        [watcher.user.id],
      ),
    ).toBe(8);
    const [sale] = await a.database.query<{ status: string }>('select status from auctions where id = $1', [
      auctionId,
    ]);
    expect(sale!.status).toBe('open');
  });

  it('sends the 15-minute reminder once per lot to watchers and bidders, and not for lots ending later', async () => {
    const watcher = await signUp(a);
    const bidder = await signUp(a);
    const auctionId = await createAuction(a.database);
    const soon: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const rugId = await createRug(a.database, `Oushak carpet ${i}`);
      await like(a.database, watcher.user.id, rugId);
      const lotId = await createLot(a.database, { auctionId, rugId, lotNumber: i + 1, endsIn: 3600 });
      expect((await post(a, `/rug/add-offer/${lotId}`, { amount: 20_000 }, bidder.token)).statusCode).toBe(
        201,
      );
      await setLotEnd(a.database, lotId, 10 * 60);
      soon.push(lotId);
    }
    const laterRug = await createRug(a.database, 'Ziegler Mahal carpet');
    await like(a.database, watcher.user.id, laterRug);
    const later = await createLot(a.database, { auctionId, rugId: laterRug, lotNumber: 50, endsIn: 30 * 60 });

    await runBoth();
    // A soft-close style extension afterwards does not remind again.
    for (const lotId of soon) await setLotEnd(a.database, lotId, 12 * 60);
    await runBoth(1);

    for (const userId of [watcher.user.id, bidder.user.id]) {
      expect(
        await count(`select count(*) as n from notifications where user_id = $1 and type = 'ending_soon'`, [
          userId,
        ]),
      ).toBe(6);
    }
    expect(
      await count(
        `select count(*) as n from lots where id = any($1::uuid[]) and reminder_sent_at is not null`,
        [soon],
      ),
    ).toBe(6);
    expect(
      await count(`select count(*) as n from lots where id = $1 and reminder_sent_at is not null`, [later]),
    ).toBe(0);
  });
});
