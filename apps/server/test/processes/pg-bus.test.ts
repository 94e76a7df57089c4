import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotChannel, userChannel, type Channel, type ServerEvent } from '@knotwork/shared/realtime/events';
import { buildApp } from '../../src/app.ts';
import { createDatabase, type Database } from '../../src/db/client.ts';
import {
  createPgBus,
  createReassembler,
  encodeNotifications,
  MAX_NOTIFY_BYTES,
} from '../../src/realtime/pg-bus.ts';
import { testConfig } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { fakeLine, fakeLot } from '../realtime/payloads.ts';

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

const collect = (app: FastifyInstance) => {
  const got: ServerEvent[] = [];
  app.ctx.bus.onEvent((e) => got.push(e));
  return got;
};

/** A lot.updated whose JSON is well over NOTIFY's 8000 bytes, with characters of every UTF-8 width. */
const bigLot = () =>
  fakeLot({ auctionTitle: `Tabriz ${'é'.repeat(3000)} 地毯 ${'🧶'.repeat(2000)} ${'x'.repeat(4000)}` });

describe('NOTIFY payloads: chunks and their reassembly', () => {
  it('sends a short message whole and a long one in chunks under the limit, put back together in any order', () => {
    expect(encodeNotifications('{"a":1}')).toEqual(['{"a":1}']);
    const message = JSON.stringify({ lot: bigLot() });
    expect(Buffer.byteLength(message)).toBeGreaterThan(8000);
    const chunks = encodeNotifications(message);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(Buffer.byteLength(c)).toBeLessThan(8000);
    const reassembler = createReassembler();
    const shuffled = [...chunks].reverse();
    const outs = shuffled.map((c) => reassembler.accept(c));
    expect(outs.slice(0, -1).every((o) => o === null)).toBe(true);
    expect(outs.at(-1)).toBe(message);
    expect(reassembler.pending).toBe(0);
    expect(MAX_NOTIFY_BYTES).toBeLessThan(8000);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two app instances on PostgreSQL, no Redis: the LISTEN/NOTIFY bus (WORKERS > 1)',
  () => {
    let drop: () => Promise<void>;
    let url: string;
    let second: Database;
    let a: FastifyInstance;
    let b: FastifyInstance;

    beforeAll(async () => {
      const created = await createTestDatabase();
      drop = created.drop;
      url = created.url!;
      second = await createDatabase({ url, poolSize: 5 });
      // As two workers of one server: each its own pool, no REDIS_URL.
      const config = testConfig({ WORKERS: '2', DATABASE_URL: url });
      const mailer = { send: () => Promise.resolve() };
      a = await buildApp({ config, database: created.database, mailer, serveWeb: false, worker: 1 });
      b = await buildApp({ config, database: second, mailer, serveWeb: false, worker: 2 });
      // ready() waits for each bus's LISTEN to be confirmed (app.ts).
      await Promise.all([a.ready(), b.ready()]);
    }, 60_000);

    afterAll(async () => {
      await b?.close();
      await a?.close();
      await second?.close();
      await drop?.();
    });

    it('uses the PostgreSQL bus, and an event published on one instance reaches the other once', async () => {
      expect(a.ctx.redisLink).toBeUndefined();
      expect(a.ctx.bus.link?.up).toBe(true);
      expect(b.ctx.bus.link?.up).toBe(true);
      const onA = collect(a);
      const onB = collect(b);
      const channel = lotChannel(crypto.randomUUID());
      const data = { lotId: channel.slice(4), seq: 1, entry: fakeLine(1) };
      await a.ctx.bus.publish(channel, 'lot.bid', data);
      await until(() => onB.length === 1);
      expect(onB[0]).toEqual({ event: 'lot.bid', channel, data });
      // Local first, and its own notification coming back is not delivered twice.
      await new Promise((r) => setTimeout(r, 200));
      expect(onA).toHaveLength(1);
      expect(onB).toHaveLength(1);
    });

    it('carries a payload above NOTIFY’s 8000-byte limit, in chunks', async () => {
      const onB = collect(b);
      const lot = bigLot();
      const channel = lotChannel(lot.id);
      const data = { lotId: lot.id, seq: 2, lot };
      expect(Buffer.byteLength(JSON.stringify(data))).toBeGreaterThan(16_000);
      await a.ctx.bus.publish(channel, 'lot.updated', data);
      await until(() => onB.length === 1);
      expect(onB[0]).toEqual({ event: 'lot.updated', channel, data });
    });

    it('keeps order between a small and a large event of one publisher, both ways', async () => {
      const onA = collect(a);
      const onB = collect(b);
      const lot = bigLot();
      const channel: Channel = userChannel(crypto.randomUUID());
      await b.ctx.bus.publish(channel, 'lot.updated', { lotId: lot.id, seq: 3, lot });
      await b.ctx.bus.publish(channel, 'lot.bid', { lotId: lot.id, seq: 4, entry: fakeLine(4) });
      await until(() => onA.length === 2);
      expect(onA.map((e) => e.event)).toEqual(['lot.updated', 'lot.bid']);
      expect(onB).toHaveLength(2);
    });

    it('health says so when the LISTEN session is lost, and the bus resyncs its sockets once it is back', async () => {
      const resyncs: (ReadonlySet<Channel> | null)[] = [];
      b.ctx.bus.onResync((c) => resyncs.push(c));
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        // Ends b's LISTEN session (and a's: the same query), as a restarted PostgreSQL or a dropped link would.
        await admin.query(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen %'`,
        );
      } finally {
        await admin.end();
      }
      await until(() => b.ctx.bus.link?.up === false, 5_000).catch(() => undefined);
      const during = await b.inject({ method: 'GET', url: '/api/health' });
      // Either it was caught down (degraded, with the reason) or it was already back (ok): never a 503.
      expect(during.statusCode).toBe(200);
      const body = during.json<{ status: string; reasons: string[] }>();
      if (body.status === 'degraded')
        expect(body.reasons.join('\n')).toMatch(/live bus does not hear PostgreSQL/);
      await until(() => b.ctx.bus.link?.up === true && resyncs.length > 0);
      expect(resyncs).toContain(null);
      const after = await b.inject({ method: 'GET', url: '/api/health' });
      expect(after.json()).toMatchObject({ status: 'ok', redis: 'off' });
      // And events flow again.
      const onB = collect(b);
      const channel = lotChannel(crypto.randomUUID());
      await a.ctx.bus.publish(channel, 'lot.bid', { lotId: channel.slice(4), seq: 5, entry: fakeLine(5) });
      await until(() => onB.length === 1);
    });

    it('a bus on its own channel name hears nothing of these', async () => {
      const other = createPgBus({
        url,
        database: second,
        channel: `knotwork_test_${crypto.randomBytes(4).toString('hex')}`,
        log: { error: () => undefined, warn: () => undefined },
      });
      try {
        await other.ready();
        const got: ServerEvent[] = [];
        other.onEvent((e) => got.push(e));
        await a.ctx.bus.publish(lotChannel(crypto.randomUUID()), 'lot.bid', {
          lotId: 'x',
          seq: 6,
          entry: fakeLine(6),
        });
        await new Promise((r) => setTimeout(r, 300));
        expect(got).toHaveLength(0);
      } finally {
        await other.close();
      }
    });
  },
);
