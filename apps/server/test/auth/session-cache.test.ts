import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSessionCache } from '../../src/modules/auth/session-cache.ts';
import { startAppOn } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { REDIS_TEST_URL, redisReachable } from '../realtime/redis-available.ts';

/**
 * Sessions are checked from each process's cache, kept current by the revocations every process publishes on the
 * bus (decision 030): a token revoked on one app instance is refused by another at once, without either reading
 * the session from the database on each request; with Redis unreachable, every check reads the database.
 */

describe('session cache (unit)', () => {
  const session = { userId: 'u1', role: 'user' as const, expiresAtMs: Date.now() + 3_600_000 };

  it('serves a session until its TTL, and forgets a revoked one', () => {
    let now = 1_000;
    const cache = createSessionCache({ ttlMs: 100, now: () => now });
    cache.set('s1', { ...session, expiresAtMs: 10_000 }, cache.generation());
    expect(cache.get('s1')?.userId).toBe('u1');
    now += 100;
    expect(cache.get('s1')).toBeUndefined();
    cache.set('s1', { ...session, expiresAtMs: 10_000 }, cache.generation());
    cache.revoke(['s1']);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('does not keep a read that began before a revocation (it may predate it)', () => {
    const cache = createSessionCache();
    const before = cache.generation();
    cache.revoke(['s2']);
    cache.set('s2', session, before);
    expect(cache.get('s2')).toBeUndefined();
  });

  it('keeps nothing while revocations may be missed, and starts empty when trusted again', () => {
    const cache = createSessionCache();
    cache.set('s3', session, cache.generation());
    cache.setTrusted(false);
    expect(cache.get('s3')).toBeUndefined();
    cache.set('s3', session, cache.generation());
    expect(cache.get('s3')).toBeUndefined();
    cache.setTrusted(true);
    expect(cache.get('s3')).toBeUndefined();
    cache.set('s3', session, cache.generation());
    expect(cache.get('s3')?.userId).toBe('u1');
  });
});

async function signedInUser(
  app: FastifyInstance,
  database: Awaited<ReturnType<typeof createTestDatabase>>['database'],
) {
  const [row] = await database.query<{ id: string }>(
    `insert into users (first_name, last_name, email, email_verified_at) values ('Sam', 'Session', $1, now()) returning id`,
    [`session.${crypto.randomBytes(5).toString('hex')}@example.com`],
  );
  return (await app.ctx.tokens.issue(row!.id)).token;
}

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
const logout = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${token}` } });

/** Polls `check` until it holds or `ms` pass (a revocation crosses Redis asynchronously). */
async function eventually(check: () => Promise<boolean>, ms = 3_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe('one app instance', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase();
    app = await startAppOn(db.database, {});
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('a cached session is refused at once after logout', async () => {
    const token = await signedInUser(app, db.database);
    expect((await me(app, token)).statusCode).toBe(200);
    expect((await me(app, token)).statusCode).toBe(200);
    expect((await logout(app, token)).statusCode).toBeLessThan(300);
    expect((await me(app, token)).statusCode).toBe(401);
  });

  it('checks a known session without reading the database', async () => {
    const token = await signedInUser(app, db.database);
    expect((await me(app, token)).statusCode).toBe(200);
    // Revoked behind the app's back (no announcement): the cache still answers, which shows it did not read.
    await db.database.query(`update sessions set revoked_at = now() where revoked_at is null`);
    expect((await me(app, token)).statusCode).toBe(200);
  });
});

const redisMissing = !(await redisReachable()) ? `nothing answers at ${REDIS_TEST_URL}` : null;
if (redisMissing) console.warn(`Session revocation across instances skipped: ${redisMissing}.`);

describe.skipIf(redisMissing !== null)('two app instances sharing Redis and the database', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startAppOn(db.database, { REDIS_URL: REDIS_TEST_URL });
    b = await startAppOn(db.database, { REDIS_URL: REDIS_TEST_URL });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.drop();
  });

  it('a logout on one instance is refused by the other, whose cache held the session', async () => {
    const token = await signedInUser(a, db.database);
    expect((await me(b, token)).statusCode).toBe(200);
    expect((await me(a, token)).statusCode).toBe(200);
    expect((await logout(a, token)).statusCode).toBeLessThan(300);
    expect((await me(a, token)).statusCode).toBe(401);
    expect(await eventually(async () => (await me(b, token)).statusCode === 401)).toBe(true);
  });

  it('a password-reset style revocation of every session reaches the other instance', async () => {
    const token = await signedInUser(a, db.database);
    expect((await me(b, token)).statusCode).toBe(200);
    const auth = await a.ctx.tokens.verify(token);
    await a.ctx.tokens.revokeAll(auth!.userId);
    expect(await eventually(async () => (await me(b, token)).statusCode === 401)).toBe(true);
  });
});

describe('Redis unreachable', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await createTestDatabase();
    // Nothing listens on port 9 (discard): the app starts degraded after its Redis wait.
    app = await startAppOn(db.database, { REDIS_URL: 'redis://127.0.0.1:9' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('checks every session in the database: correct answers, quickly, never a 500', async () => {
    const token = await signedInUser(app, db.database);
    const started = performance.now();
    expect((await me(app, token)).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(2_000);
    // Revoked where no announcement can reach this process: with the cache bypassed, it is refused at once.
    await db.database.query(`update sessions set revoked_at = now() where revoked_at is null`);
    expect((await me(app, token)).statusCode).toBe(401);
  });
});
