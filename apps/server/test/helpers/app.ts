import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config/env.ts';
import type { Database } from '../../src/db/client.ts';
import { databaseWaits } from '../../src/db/open.ts';
import type { Mailer, MailMessage } from '../../src/modules/mail/mailer.ts';
import type { LiveReplay } from '../../src/realtime/replay.ts';
import { createTestDatabase } from './database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Every mail the app sent, newest last (when no `mailer` override was given). */
  mails: MailMessage[];
  close(): Promise<void>;
}

/** The configuration every test app starts from, with `env` over it (strings, as the environment gives them). */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: '/tmp/knotwork-test-data',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    ...env,
  });
}

/** Another app on a database a test already has, as a second server process would run; its mails go nowhere. */
export async function startAppOn(
  database: Database,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig(env),
    database,
    serveWeb: false,
    mailer: { send: () => Promise.resolve() },
  });
  await app.ready();
  return app;
}

/** Builds the real app on a fresh database. Pass env overrides as strings, exactly as the environment would. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    mailer?: Mailer;
    pushTls?: { ca?: string };
    liveReplay?: LiveReplay;
    pressure?: { sampleIntervalMs?: number };
  } = {},
): Promise<TestApp> {
  const config = testConfig(env);
  // The pool is 10 per test file (many files share one PostgreSQL) unless the test sets DATABASE_POOL_SIZE.
  const { database, drop } = await createTestDatabase({
    ...databaseWaits(config),
    ...(env.DATABASE_POOL_SIZE ? {} : { poolSize: 10 }),
  });
  const mails: MailMessage[] = [];
  const mailer: Mailer = options.mailer ?? { send: (m) => Promise.resolve(void mails.push(m)) };
  const app = await buildApp({
    config,
    database,
    mailer,
    serveWeb: false,
    pushTls: options.pushTls,
    liveReplay: options.liveReplay,
    pressure: options.pressure,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    mails,
    async close() {
      await app.close();
      await drop();
    },
  };
}
