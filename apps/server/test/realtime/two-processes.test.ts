import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotChannel, userChannel } from '@knotwork/shared/realtime/events';
import { createTokenService } from '../../src/modules/auth/tokens.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startTwoServers, stopServer as stop, type ServerProcess } from '../helpers/server-process.ts';
import { createOpenLot, LiveTestClient, placeBid } from './helpers.ts';
import { REDIS_TEST_URL, redisReachable } from './redis-available.ts';

const reason = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set (two server processes need one shared PostgreSQL database)'
  : !(await redisReachable())
    ? `nothing answers at ${REDIS_TEST_URL}`
    : null;
if (reason) console.warn(`Two-process live test skipped: ${reason}.`);

describe.skipIf(reason !== null)('live events across two server processes (PostgreSQL + Redis)', () => {
  const secret = crypto.randomBytes(32).toString('hex');
  let drop: () => Promise<void>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>['database'];
  let servers: ServerProcess[] = [];
  let lotId: string;
  let alice: { userId: string; token: string };
  let bob: { userId: string; token: string };

  beforeAll(async () => {
    const db = await createTestDatabase();
    drop = db.drop;
    database = db.database;
    lotId = await createOpenLot(db.database);
    const tokens = createTokenService(db.database.db, secret, 1);
    const user = async (name: string) => {
      const [row] = await db.database.query<{ id: string }>(
        `insert into users (first_name, last_name, email, email_verified_at) values ($1, 'Twoproc', $2, now()) returning id`,
        [name, `${name.toLowerCase()}-${crypto.randomUUID()}@example.com`],
      );
      return { userId: row!.id, token: (await tokens.issue(row!.id)).token };
    };
    alice = await user('Alice');
    bob = await user('Bob');
    servers = (
      await startTwoServers({
        databaseUrl: db.url!,
        redisUrl: REDIS_TEST_URL,
        jwtSecret: secret,
        tag: 'live',
      })
    ).servers;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => stop(s.child)));
    servers = [];
    await drop?.();
  }, 60_000);

  it('a bid placed through process A reaches watchers (and the outbid bidder) connected to process B', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const watcher = await LiveTestClient.connect(b.origin);
    const aliceSocket = await LiveTestClient.connect(b.origin);
    try {
      watcher.send({ type: 'subscribe', channels: [lotChannel(lotId)] });
      await watcher.nextOfType('subscribed');
      aliceSocket.send({ type: 'auth', token: alice.token });
      expect(await aliceSocket.nextOfType('subscribed')).toEqual({
        type: 'subscribed',
        channels: [userChannel(alice.userId)],
      });

      expect(await placeBid(a.origin, lotId, 20_000, alice.token)).toMatchObject({ status: 201 });
      const first = await watcher.next((m) => m.type === 'event' && m.event === 'lot.updated');
      expect(first).toMatchObject({
        channel: lotChannel(lotId),
        data: { lotId, lot: { id: lotId, currentBid: 10_000, bidCount: 1 } },
      });

      expect(await placeBid(a.origin, lotId, 50_000, bob.token)).toMatchObject({ status: 201 });
      const updated = await watcher.next((m) => m.type === 'event' && m.event === 'lot.updated');
      expect(updated).toMatchObject({ data: { lot: { currentBid: 22_000, bidCount: 2 } } });
      expect(
        watcher.eventsOn(lotChannel(lotId)).filter((m) => m.event === 'lot.bid').length,
      ).toBeGreaterThanOrEqual(2);
      // Alice, connected to B, hears privately that she lost the lead.
      await aliceSocket.next(
        (m) =>
          m.type === 'event' &&
          m.event === 'lot.position' &&
          (m.data as { leading: boolean }).leading === false,
      );
    } finally {
      await Promise.all([watcher.close(), aliceSocket.close()]);
    }
  });

  // Since decision 099 the jobs run in whichever process holds the jobs' advisory lock; the lots' row locks would
  // still close each lot once if both ran them (the takeover case, test/processes/jobs-lease.test.ts).
  it('with two processes up, each due lot closes exactly once', async () => {
    const [a] = servers as [ServerProcess];
    const lots: string[] = [];
    for (let i = 0; i < 8; i++) lots.push(await createOpenLot(database));
    // Soft close off, so the bid below does not push the end out by two minutes.
    await database.query(
      `update auctions set soft_close_enabled = false where id in (select auction_id from lots where id = any($1))`,
      [lots],
    );
    for (const lot of lots)
      expect(await placeBid(a.origin, lot, 20_000, alice.token)).toMatchObject({ status: 201 });
    await database.query(`update lots set ends_at = now() + interval '2 seconds' where id = any($1)`, [lots]);

    const deadline = Date.now() + 45_000;
    let open = lots.length;
    while (open > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      const [row] = await database.query<{ n: number }>(
        `select count(*)::int as n from lots where id = any($1) and status <> 'closed'`,
        [lots],
      );
      open = row!.n;
    }
    expect(open).toBe(0);
    const perLot = await database.query<{ id: string; closed: number; orders: number; outcome: string }>(
      `select l.id, l.outcome,
              (select count(*)::int from lot_events e where e.lot_id = l.id and e.type = 'lot_closed') as closed,
              (select count(*)::int from orders o where o.lot_id = l.id) as orders
         from lots l where l.id = any($1)`,
      [lots],
    );
    expect(perLot).toHaveLength(lots.length);
    for (const lot of perLot) expect(lot).toMatchObject({ closed: 1, orders: 1, outcome: 'sold' });
  }, 90_000);
});
