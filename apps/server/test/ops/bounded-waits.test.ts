import net from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bid, makeLot, makeUser, units } from '../bidding/helpers.ts';

/**
 * Issue 25 §2, decision 080: every wait on the database and the media store is bounded. A request that cannot
 * get a lock or a connection in time is answered 503 with Retry-After at once; the health routes answer within
 * HEALTH_TIMEOUT_MS and say `degraded` with the reason; the process sheds load instead of queueing.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `done` every 20 ms, failing after 3 s. */
async function waitFor(done: () => boolean): Promise<void> {
  for (const started = Date.now(); !done(); await sleep(20)) {
    if (Date.now() - started > 3_000) throw new Error('timed out waiting');
  }
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** A second session on the test app's own database, as a migration or `VACUUM FULL` would be. */
async function otherSession(t: TestApp): Promise<pg.Client> {
  const [{ name } = { name: '' }] = await t.database.query<{ name: string }>(
    'select current_database() as name',
  );
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

describe.skipIf(!onPostgres)('a slow PostgreSQL: bounded waits', () => {
  let t: TestApp;
  let locker: pg.Client | undefined;
  beforeAll(async () => {
    t = await createTestApp({
      DATABASE_LOCK_TIMEOUT_MS: '300',
      DATABASE_POOL_SIZE: '2',
      DATABASE_POOL_WAIT_MS: '300',
      DATABASE_POOL_MAX_WAITING: '1',
      HEALTH_TIMEOUT_MS: '500',
    });
  });
  afterEach(async () => {
    await locker?.query('rollback').catch(() => undefined);
    await locker?.end();
    locker = undefined;
  });
  afterAll(() => t.close());

  const lockTable = async (table: string) => {
    locker = await otherSession(t);
    await locker.query('begin');
    await locker.query(`lock table ${table} in access exclusive mode`);
  };

  it('answers a request that waits for a locked table 503 with Retry-After within the lock timeout, not 500', async () => {
    await lockTable('rugs');
    const { value: res, ms } = await timed(() => t.app.inject({ method: 'GET', url: '/api/v1/rug' }));
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ message: apiMessages.databaseBusy, code: 'DATABASE_BUSY' });
    expect(ms).toBeLessThan(3_000);
  });

  it('keeps a bid that waits for its locked lot a 409 TRY_AGAIN, answered within the lock timeout', async () => {
    const { lotId } = await makeLot(t);
    const bidder = await makeUser(t);
    locker = await otherSession(t);
    await locker.query('begin');
    await locker.query('select id from lots where id = $1 for update', [lotId]);
    const { value: res, ms } = await timed(() => bid(t, lotId, units(100), bidder.token));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TRY_AGAIN' });
    expect(ms).toBeLessThan(3_000);
  });

  it('answers readiness within its deadline: degraded, naming the locked table; /api/health too', async () => {
    await lockTable('rugs');
    const { value: ready, ms } = await timed(() => t.app.inject({ method: 'GET', url: '/api/health/ready' }));
    expect(ms).toBeLessThan(1_500);
    expect(ready.statusCode).toBe(200);
    const body = ready.json<{ status: string; database: string; migrations: string; reasons: string[] }>();
    expect(body).toMatchObject({ status: 'degraded', database: 'busy', migrations: 'current' });
    expect(body.reasons).toContain('table rugs is locked (AccessExclusiveLock) by another session');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'degraded', database: 'busy' });
  });

  it('answers readiness within its deadline when the probe itself would wait for a lock', async () => {
    await lockTable('schema_migrations');
    const { value: ready, ms } = await timed(() => t.app.inject({ method: 'GET', url: '/api/health/ready' }));
    expect(ms).toBeLessThan(1_500);
    expect(ready.statusCode).toBe(200);
    const body = ready.json<{ status: string; database: string; migrations: string; reasons: string[] }>();
    expect(body).toMatchObject({ status: 'degraded', database: 'busy', migrations: 'unknown' });
    expect(body.reasons[0]).toMatch(/^the database did not answer within 500 ms/);
  });

  it('answers 503 promptly when every pooled connection is taken, and refuses at once past the queue bound', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // Both pooled connections taken, as by two slow requests.
    const holders = [t.database.withConnection(() => held), t.database.withConnection(() => held)];
    await sleep(50);
    try {
      const { value: answers, ms } = await timed(() =>
        Promise.all([
          t.app.inject({ method: 'GET', url: '/api/v1/rug' }),
          t.app.inject({ method: 'GET', url: '/api/v1/rug?page=2' }),
        ]),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json()).toEqual({ message: apiMessages.databaseBusy, code: 'DATABASE_BUSY' });
      }
      expect(ms).toBeLessThan(2_000);
      // Which refusal a listing meets first depends on timing (its page and count ask at once, and its context may
      // come from cache), so the connection wait is produced on its own: once the queue is empty again, a rug
      // page's first query (the rug by slug, asked alone) waits out DATABASE_POOL_WAIT_MS.
      await waitFor(() => t.database.poolState()?.waiting === 0);
      const alone = await t.app.inject({ method: 'GET', url: '/api/v1/rug/no-such-rug' });
      expect(alone.statusCode).toBe(503);
      const ready = await timed(() => t.app.inject({ method: 'GET', url: '/api/health/ready' }));
      expect(ready.ms).toBeLessThan(1_500);
      const body = ready.value.json<{ status: string; reasons: string[] }>();
      expect(body.status).toBe('degraded');
      const reasons = body.reasons.join('\n');
      expect(reasons).toMatch(
        /requests? answered 503 in the last 30 s because the database was busy \(.*connection: \d/,
      );
      expect(reasons).toMatch(/queue: \d/);
    } finally {
      release();
      await Promise.all(holders);
    }
    // Once the connections are back, requests are served again.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/rug' })).statusCode).toBe(200);
  });
});

describe.skipIf(onPostgres)('a slow PGlite: the health deadline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ HEALTH_TIMEOUT_MS: '300' });
  });
  afterAll(() => t.close());

  it('answers readiness within its deadline while a transaction holds the one connection', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const tx = t.database.db.transaction(async () => {
      await held;
    });
    await sleep(20);
    try {
      const { value: ready, ms } = await timed(() =>
        t.app.inject({ method: 'GET', url: '/api/health/ready' }),
      );
      expect(ms).toBeLessThan(1_200);
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'degraded',
        database: 'busy',
        migrations: 'unknown',
        reasons: ['the database did not answer within 300 ms'],
      });
    } finally {
      release();
      await tx;
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).json()).toMatchObject({
      status: 'ok',
    });
  });
});

describe('load shedding', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A heap limit of one byte: every sample is over it, so every request but the probes is shed.
    t = await createTestApp({ SHED_HEAP_USED_BYTES: '1' }, { pressure: { sampleIntervalMs: 20 } });
    await sleep(100);
  });
  afterAll(() => t.close());

  it('sheds a request with 503, Retry-After and the product shape; the probes still answer and say why', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/rug' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({ message: apiMessages.overloaded, code: 'OVERLOADED' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    const body = ready.json<{ status: string; reasons: string[] }>();
    expect(body.status).toBe('degraded');
    expect(body.reasons.join('\n')).toMatch(/this process sheds load: heap \d+ bytes \(limit 1\)/);
  });
});

describe('the media store down', () => {
  const s3 = (endpoint: string) => ({
    S3_BUCKET: 'knotwork-media',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    HEALTH_TIMEOUT_MS: '400',
  });

  it('with nothing listening: health and readiness say degraded, media down, and why', async () => {
    // A port that was free a moment ago: connections are refused.
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((r) => probe.close(() => r()));
    const t = await createTestApp(s3(`http://127.0.0.1:${port}`));
    try {
      const { value: health, ms } = await timed(() => t.app.inject({ method: 'GET', url: '/api/health' }));
      expect(ms).toBeLessThan(1_500);
      expect(health.statusCode).toBe(200);
      const body = health.json<{ status: string; media: string; reasons: string[] }>();
      expect(body).toMatchObject({ status: 'degraded', database: 'up', media: 'down' });
      expect(body.reasons.join('\n')).toMatch(
        /the media store s3:\/\/knotwork-media (does not answer|did not answer within 400 ms)/,
      );
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'degraded',
        database: 'up',
        migrations: 'current',
        media: 'down',
      });
    } finally {
      await t.close();
    }
  });

  it('with a store that accepts connections and never answers: within the deadline, and asked once while cached', async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as net.AddressInfo;
    const t = await createTestApp(s3(`http://127.0.0.1:${port}`));
    try {
      for (let i = 0; i < 3; i++) {
        const { value: ready, ms } = await timed(() =>
          t.app.inject({ method: 'GET', url: '/api/health/ready' }),
        );
        expect(ms).toBeLessThan(1_500);
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toMatchObject({
          status: 'degraded',
          media: 'down',
          reasons: [
            'the media store s3://knotwork-media did not answer within 400 ms: uploads may answer 503',
          ],
        });
      }
      // The three probes shared one check still under way: one connection to the store, not three.
      expect(sockets.length).toBe(1);
    } finally {
      await t.close();
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });
});
