import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotChannel } from '@knotwork/shared/realtime/events';
import { LIVE_CLOSE_RESYNC } from '@knotwork/shared/realtime/protocol';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { createRedisLink, type RedisLink } from '../../src/lib/redis-client.ts';
import type { MailMessage } from '../../src/modules/mail/mailer.ts';
import { post, signUp } from '../auth/helpers.ts';
import type { TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { freePort, redisServerInstalled, TestRedisServer } from '../helpers/redis-server.ts';
import { createOpenLot, LiveTestClient, placeBid } from './helpers.ts';

if (!redisServerInstalled) console.warn('Redis outage tests skipped: no redis-server binary on the PATH.');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const until = async (check: () => Promise<boolean> | boolean, ms = 15_000, what = 'condition') => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** A watcher of one lot, with its close recorded from the start (it may close before anyone awaits it). */
async function watch(origin: string, lotId: string) {
  const client = await LiveTestClient.connect(origin);
  const closed = new Promise<number>((resolve) => client.ws.once('close', (code) => resolve(code)));
  client.send({ type: 'subscribe', channels: [lotChannel(lotId)] });
  await client.nextOfType('subscribed');
  return { client, closed };
}

const health = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/api/health' });
  return { status: res.statusCode, body: res.json<Record<string, string>>() };
};

describe.skipIf(!redisServerInstalled)('Redis going away under two app instances sharing it', () => {
  let redis: TestRedisServer;
  let drop: () => Promise<void>;
  let database: Database;
  let second: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let originA: string;
  let originB: string;
  let lotId: string;
  const mails: MailMessage[] = [];
  // A third process's connections, watched for what it logs over the outage.
  const logged: { level: string; msg: string }[] = [];
  let link: RedisLink;

  beforeAll(async () => {
    redis = await TestRedisServer.start();
    const db = await createTestDatabase();
    drop = db.drop;
    database = db.database;
    second = db.url ? await createDatabase({ url: db.url, poolSize: 5 }) : database;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATA_DIR: '/tmp/knotwork-test-data',
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      REDIS_URL: redis.url,
    });
    const mailer = { send: (m: MailMessage) => Promise.resolve(void mails.push(m)) };
    a = await buildApp({ config, database, mailer, serveWeb: false });
    b = await buildApp({ config, database: second, mailer, serveWeb: false });
    originA = await a.listen({ port: 0, host: '127.0.0.1' });
    originB = await b.listen({ port: 0, host: '127.0.0.1' });
    lotId = await createOpenLot(database);
    link = createRedisLink(redis.url, {
      warn: (_o, msg) => logged.push({ level: 'warn', msg }),
      info: (_o, msg) => logged.push({ level: 'info', msg }),
    });
    link.client('one');
    link.client('two');
    link.client('three', { subscriber: true });
    await until(() => link.up, 5_000, 'the link to connect');
    // Each app connects to Redis in the background after it starts: on a slow or busy machine the first health
    // check can come before that, so the outage story starts only once both say Redis is up.
    for (const app of [a, b])
      await until(async () => (await health(app)).body.redis === 'up', 15_000, 'Redis up');
  }, 60_000);

  afterAll(async () => {
    await link?.close();
    await b?.close();
    await a?.close();
    if (second && second !== database) await second.close();
    await drop?.();
    await redis?.kill();
  }, 30_000);

  const testApp = (): TestApp => ({ app: a, database, config: a.ctx.config, mails, close: async () => {} });

  it('with Redis up, health says so and a bid on A reaches a watcher on B', async () => {
    expect(await health(a)).toEqual({
      status: 200,
      body: { status: 'ok', database: 'up', redis: 'up', media: 'up', reasons: [] },
    });
    const bidder = await signUp(testApp());
    const onB = await watch(originB, lotId);
    expect(await placeBid(originA, lotId, 20_000, bidder.token)).toMatchObject({ status: 201 });
    await onB.client.next((m) => m.type === 'event' && m.event === 'lot.updated');
    await onB.client.close();
  });

  it("with Redis killed: sign-in answers at once, A's own watchers still get A's bids, health is degraded; when it is back, sockets resync and events cross again", async () => {
    const account = await signUp(testApp());
    const onA = await watch(originA, lotId);
    const onB = await watch(originB, lotId);

    await redis.kill();

    // The rate limiter gives up on Redis within its ~100 ms budget and spends an in-process budget instead.
    const started = performance.now();
    await a.ctx.rateLimits.consume('outageProbe', 'someone', { points: 5, duration: 60 });
    expect(performance.now() - started).toBeLessThan(250);
    const login = await post(testApp(), '/auth/login', { email: account.email, password: account.password });
    expect(login.statusCode).toBe(200);

    // Local first: the bid placed on A reaches the socket on A although Redis is gone.
    const bid = await placeBid(originA, lotId, 40_000, account.token);
    expect(bid.status).toBe(201);
    await onA.client.next((m) => m.type === 'event' && m.event === 'lot.updated', 3_000);

    await until(async () => (await health(a)).body.redis === 'down', 5_000, 'health to notice');
    expect(await health(a)).toEqual({
      status: 200,
      body: {
        status: 'degraded',
        database: 'up',
        redis: 'down',
        media: 'up',
        reasons: ['Redis does not answer: rate limits and live events are per process'],
      },
    });

    await redis.restart();
    // Both processes were cut off: their sockets may have missed events and are told to reconnect and replay.
    expect(await Promise.race([onA.closed, new Promise((r) => setTimeout(() => r('none'), 15_000))])).toBe(
      LIVE_CLOSE_RESYNC,
    );
    expect(await Promise.race([onB.closed, new Promise((r) => setTimeout(() => r('none'), 15_000))])).toBe(
      LIVE_CLOSE_RESYNC,
    );
    await until(async () => (await health(a)).body.redis === 'up', 15_000, 'A to see Redis back');
    expect(await health(a)).toEqual({
      status: 200,
      body: { status: 'ok', database: 'up', redis: 'up', media: 'up', reasons: [] },
    });

    // The replay a reconnecting client asks for brings the bid B's watcher missed, and live events cross again.
    const again = await LiveTestClient.connect(originB);
    again.send({ type: 'subscribe', channels: [lotChannel(lotId)], since: { [lotId]: 0 } });
    await again.next((m) => m.type === 'event' && m.event === 'lot.updated');
    // Both earlier bids come back as history lines.
    expect(
      again.eventsOn(lotChannel(lotId)).filter((m) => m.event === 'lot.bid').length,
    ).toBeGreaterThanOrEqual(2);
    const other = await signUp(testApp());
    expect(await placeBid(originA, lotId, 90_000, other.token)).toMatchObject({ status: 201 });
    await again.next(
      (m) =>
        m.type === 'event' &&
        m.event === 'lot.updated' &&
        (m.data as unknown as { lot: { bidCount: number } }).lot.bidCount === 3,
    );
    await again.close();

    // However many connections and reconnect attempts: one line when Redis went away, one when it came back.
    await until(() => link.up, 5_000, 'the link to reconnect');
    expect(logged.map((l) => l.level)).toEqual(['warn', 'info']);
    expect(logged[0]!.msg).toContain('REDIS_URL');
  }, 60_000);
});

describe.skipIf(!redisServerInstalled)('a server process starting while Redis is down', () => {
  it('starts degraded within a few seconds and says which Redis it could not reach', async () => {
    const port = await freePort();
    const deadRedis = `redis://127.0.0.1:${await freePort()}`;
    const output: string[] = [];
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        DATA_DIR: `/tmp/knotwork-outage-${crypto.randomBytes(4).toString('hex')}`,
        JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
        REDIS_URL: deadRedis,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
    child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
    try {
      let body: unknown = null;
      await until(
        async () => {
          if (child.exitCode !== null) throw new Error(`server exited: ${output.join('')}`);
          const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
          if (res) body = await res.json();
          return res !== null;
        },
        // Starting the server from source (tsx) takes seconds on a quiet machine, far longer on a loaded one.
        90_000,
        'the server to answer',
      );
      expect(body).toEqual({
        status: 'degraded',
        database: 'up',
        redis: 'down',
        media: 'up',
        reasons: ['Redis does not answer: rate limits and live events are per process'],
      });
      const text = output.join('');
      expect(text).not.toContain('FST_ERR_HOOK_TIMEOUT');
      expect(text).not.toContain('Unhandled error event');
      expect(text).toMatch(/Redis/);
      expect(text).toContain('REDIS_URL');
      expect(text).toContain(deadRedis);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  }, 120_000);
});
