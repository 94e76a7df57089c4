import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotChannel } from '@knotwork/shared/realtime/events';
import { createTokenService } from '../../src/modules/auth/tokens.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { startServer, stopServer, type ServerProcess } from '../helpers/server-process.ts';
import { createOpenLot, LiveTestClient, placeBid } from '../realtime/helpers.ts';

/**
 * The real server with WORKERS=2 (decision 099): a cluster primary and two workers on one port, PostgreSQL, no
 * Redis (the live bus is LISTEN/NOTIFY), on a database of its own created for this file.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'WORKERS=2: two processes on one port (PostgreSQL, no Redis)',
  () => {
    const secret = crypto.randomBytes(32).toString('hex');
    let drop: () => Promise<void>;
    let server: ServerProcess | undefined;
    let lotId: string;
    let bidders: string[] = [];

    beforeAll(async () => {
      const db = await createTestDatabase();
      drop = db.drop;
      lotId = await createOpenLot(db.database);
      const tokens = createTokenService(db.database.db, secret, 1);
      bidders = [];
      for (const name of ['Ada', 'Bea', 'Cem']) {
        const [row] = await db.database.query<{ id: string }>(
          `insert into users (first_name, last_name, email, email_verified_at) values ($1, 'Worker', $2, now()) returning id`,
          [name, `${name.toLowerCase()}-${crypto.randomUUID()}@example.com`],
        );
        bidders.push((await tokens.issue(row!.id)).token);
      }
      server = await startServer({
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        WORKERS: '2',
        SEED_DEMO: 'false',
        DATABASE_URL: db.url!,
        JWT_SECRET: secret,
        DATA_DIR: `/tmp/knotwork-workers-${crypto.randomBytes(4).toString('hex')}`,
        RATE_LIMIT_SCALE: '100',
      });
    }, 120_000);

    afterAll(async () => {
      if (server) expect(await stopServer(server.child)).toBe(0);
      await drop?.();
    }, 60_000);

    it('both workers answer on the one port, each with its own health', { timeout: 90_000 }, async () => {
      // The server answers as soon as one worker listens; the other may still be starting (it waits for the first's
      // start work, under the start lock). The primary hands new connections to the workers that listen, in turn.
      const seen = new Set<string>();
      const deadline = Date.now() + 60_000;
      while (seen.size < 2 && Date.now() < deadline) {
        const res = await fetch(`${server!.origin}/api/health`, { headers: { connection: 'close' } });
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ status: 'ok', database: 'up', redis: 'off' });
        seen.add(res.headers.get('x-knotwork-worker') ?? 'none');
        if (seen.size < 2) await new Promise((r) => setTimeout(r, 100));
      }
      expect([...seen].sort()).toEqual(['1', '2']);
    });

    it('a bid answered by one worker reaches watchers on both', async () => {
      // Four sockets, four connections: the primary spreads them over both workers.
      const watchers = await Promise.all([1, 2, 3, 4].map(() => LiveTestClient.connect(server!.origin)));
      try {
        for (const w of watchers) {
          w.send({ type: 'subscribe', channels: [lotChannel(lotId)] });
          await w.nextOfType('subscribed');
        }
        // Bids on fresh connections until both workers have placed some (the primary alternates; a few suffice).
        const workersOfBids = new Set<string>();
        let bids = 0;
        while (bids < 2 || (workersOfBids.size < 2 && bids < 9)) {
          const res = await fetch(`${server!.origin}/api/v1/rug/add-offer/${lotId}`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${bidders[bids % bidders.length]!}`,
              'content-type': 'application/json',
              connection: 'close',
            },
            body: JSON.stringify({ amount: 20_000 * (bids + 1) }),
          });
          expect(res.status).toBe(201);
          workersOfBids.add(res.headers.get('x-knotwork-worker') ?? 'none');
          bids++;
        }
        expect([...workersOfBids].sort()).toEqual(['1', '2']);
        // Every watcher, whichever worker holds its socket, hears every bid, whichever worker took it.
        for (const w of watchers) {
          const updated = await w.next(
            (m) =>
              m.type === 'event' &&
              m.event === 'lot.updated' &&
              (m.data as { lot: { bidCount: number } }).lot.bidCount >= bids,
          );
          expect(updated).toMatchObject({ channel: lotChannel(lotId), data: { lotId } });
        }
        expect(
          await placeBid(server!.origin, lotId, 20_000 * (bids + 1), bidders[bids % bidders.length]!),
        ).toMatchObject({
          status: 201,
        });
      } finally {
        for (const w of watchers) w.ws.close();
      }
    });
  },
);
