import Fastify, { type FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { apiMessages } from '@knotwork/shared/messages/api';
import { sql } from 'drizzle-orm';
import { registerErrorHandling } from '../../src/plugins/errors.ts';
import { isDataException, summariseDbError } from '../../src/lib/db-error.ts';
import { createTestDatabase } from '../helpers/database.ts';

/** What drizzle throws: the SQL and its parameters in the message, the driver's error (SQLSTATE) as cause. */
class FakeQueryError extends Error {
  constructor(
    public query: string,
    public params: unknown[],
    public override cause: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`);
  }
}
const driverError = (code: string, extra: Record<string, string> = {}) =>
  Object.assign(new Error(`driver says ${code} near 'secret-param-value'`), { code, ...extra });

describe('database errors: 4xx for bad data, and never the SQL parameters in the log', () => {
  let lines: string[] = [];
  let app: FastifyInstance | undefined;
  afterEach(() => app?.close());

  async function appThrowing(error: Error) {
    lines = [];
    const stream = new Writable({
      write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()),
    });
    app = Fastify({ logger: { level: 'info', stream } });
    registerErrorHandling(app);
    app.get('/boom', () => Promise.reject(error));
    await app.ready();
    return app.inject({ method: 'GET', url: '/boom' });
  }

  it('answers 400 to a data exception (class 22, e.g. NUL in text) and logs only its code', async () => {
    const res = await appThrowing(
      new FakeQueryError(
        'insert into users (first_name) values ($1)',
        ['secret-param-value'],
        driverError('22P05'),
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: apiMessages.badInput });
    const log = lines.join('\n');
    expect(log).toContain('22P05');
    expect(log).not.toContain('secret-param-value');
    expect(log).not.toContain('insert into users');
  });

  it('answers 500 to other database errors and logs the code and constraint, not the query or parameters', async () => {
    const res = await appThrowing(
      new FakeQueryError(
        'insert into auctions (slug) values ($1)',
        ['secret-param-value'],
        driverError('23505', { constraint: 'auctions_slug_unique', table: 'auctions' }),
      ),
    );
    expect(res.statusCode).toBe(500);
    const log = lines.join('\n');
    expect(log).toContain('23505');
    expect(log).toContain('auctions_slug_unique');
    expect(log).not.toContain('secret-param-value');
    expect(log).not.toContain('insert into auctions');
  });

  it("reads the SQLSTATE of the real driver's error: NUL in text is a data exception (PGlite and PostgreSQL)", async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const error = await database.db.execute(sql`select ${'a\u0000b'}::text as t`).then(
        () => undefined,
        (e: unknown) => e,
      );
      const summary = summariseDbError(error);
      expect(summary?.code).toMatch(/^22/);
      expect(isDataException(summary!)).toBe(true);
      expect(JSON.stringify(summary)).not.toContain('a\u0000b');
    } finally {
      await drop();
    }
  });
});
