import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotChannel, userChannel } from '@knotwork/shared/realtime/events';
import { createTokenService } from '../../src/modules/auth/tokens.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { createOpenLot, LiveTestClient, placeBid } from './helpers.ts';
import { REDIS_TEST_URL, redisReachable } from './redis-available.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const reason = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set (two server processes need one shared PostgreSQL database)'
  : !(await redisReachable())
    ? `nothing answers at ${REDIS_TEST_URL}`
    : null;
if (reason) console.warn(`Two-process live test skipped: ${reason}.`);

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });

/** A real server process (`node --import tsx apps/server/src/server.ts`), resolved once /api/health answers. */
async function startServer(
  env: Record<string, string>,
): Promise<{ origin: string; child: ChildProcess; output: string[] }> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${output.join('')}`);
    const ok = await fetch(`${origin}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { origin, child, output };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output.join('')}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

describe.skipIf(reason !== null)('live events across two server processes (PostgreSQL + Redis)', () => {
  const secret = crypto.randomBytes(32).toString('hex');
  let drop: () => Promise<void>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>['database'];
  let servers: Awaited<ReturnType<typeof startServer>>[] = [];
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
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      DATABASE_URL: db.url!,
      REDIS_URL: REDIS_TEST_URL,
      JWT_SECRET: secret,
      DATA_DIR: `/tmp/knotwork-live-${crypto.randomBytes(4).toString('hex')}`,
      // Two processes in one test run share one IP: keep the bid budget out of the way.
      RATE_LIMIT_SCALE: '100',
    };
    // One after the other: both would migrate the same fresh database otherwise.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => stop(s.child)));
    servers = [];
    await drop?.();
  }, 60_000);

  it('a bid placed through process A reaches watchers (and the outbid bidder) connected to process B', async () => {
    const [a, b] = servers as [
      Awaited<ReturnType<typeof startServer>>,
      Awaited<ReturnType<typeof startServer>>,
    ];
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

      expect((await placeBid(a.origin, lotId, 20_000, alice.token)).status).toBe(201);
      const first = await watcher.next((m) => m.type === 'event' && m.event === 'lot.updated');
      expect(first).toMatchObject({
        channel: lotChannel(lotId),
        data: { lotId, lot: { id: lotId, currentBid: 10_000, bidCount: 1 } },
      });

      expect((await placeBid(a.origin, lotId, 50_000, bob.token)).status).toBe(201);
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

  it('both processes run the closing job, and each due lot still closes exactly once', async () => {
    const [a] = servers as [Awaited<ReturnType<typeof startServer>>];
    const lots: string[] = [];
    for (let i = 0; i < 8; i++) lots.push(await createOpenLot(database));
    // Soft close off, so the bid below does not push the end out by two minutes.
    await database.query(
      `update auctions set soft_close_enabled = false where id in (select auction_id from lots where id = any($1))`,
      [lots],
    );
    for (const lot of lots) expect((await placeBid(a.origin, lot, 20_000, alice.token)).status).toBe(201);
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
