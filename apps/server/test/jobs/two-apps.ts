import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { createDatabase, type Database } from '../../src/db/client.ts';
import type { MailMessage } from '../../src/modules/mail/mailer.ts';
import { testConfig, type TestApp } from '../helpers/app.ts';
import { createTestDatabase } from '../helpers/database.ts';

/**
 * Two app instances on one database, as two server processes would run: on PostgreSQL each has its own
 * connection pool (real concurrency, real row locks); on PGlite they share the one connection PGlite has.
 * `a` is a full TestApp (for signUp and the HTTP helpers); `b` is the second process.
 */
export async function createTwoApps(): Promise<{ a: TestApp; b: FastifyInstance; close(): Promise<void> }> {
  const { database, url, drop } = await createTestDatabase();
  const second: Database = url ? await createDatabase({ url, poolSize: 10 }) : database;
  const config = testConfig({ RATE_LIMIT_SCALE: '100' });
  const mails: MailMessage[] = [];
  const mailer = { send: (m: MailMessage) => Promise.resolve(void mails.push(m)) };
  const appA = await buildApp({ config, database, mailer, serveWeb: false });
  const appB = await buildApp({ config, database: second, mailer, serveWeb: false });
  await Promise.all([appA.ready(), appB.ready()]);
  const a: TestApp = {
    app: appA,
    database,
    config,
    mails,
    async close() {
      await appA.close();
    },
  };
  return {
    a,
    b: appB,
    async close() {
      await appB.close();
      await appA.close();
      if (second !== database) await second.close();
      await drop();
    },
  };
}
