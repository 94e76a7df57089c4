import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, shapedStatement } from '../../src/db/raw.ts';
import { createTestDatabase } from '../helpers/database.ts';

/**
 * `shapedStatement` (db/raw.ts, decision 101's third addendum): the bid statement's text is built once per shape,
 * its values filled in per call. On PGlite, and on PostgreSQL (named prepared statements) when TEST_DATABASE_URL is
 * set.
 */
describe('a statement built once per shape', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>['database'];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  }, 60_000);
  afterAll(() => drop?.());

  interface Shape {
    doubled: boolean;
  }
  let builds = 0;
  const statement = shapedStatement(
    (s: Shape) => (s.doubled ? 'd' : 'p'),
    (s: Shape) => {
      builds += 1;
      const n = sql`${sql.placeholder('n')}::int`;
      return sql`select ${s.doubled ? sql`${n} * 2` : n} as n, ${sql.placeholder('label')}::text as label`;
    },
  );

  it('builds each shape once and fills in each call’s values, as parameters, never as text', async () => {
    builds = 0;
    const label = "x'); drop table users; --";
    for (let i = 0; i < 3; i += 1) {
      expect(await statement(database.db, { doubled: false }, { n: i, label })).toEqual([{ n: i, label }]);
      expect(await statement(database.db, { doubled: true }, { n: i, label: 'two' })).toEqual([
        { n: i * 2, label: 'two' },
      ]);
    }
    expect(builds).toBe(2);
    const [users] = await rows<{ t: string | null }>(
      database.db,
      sql`select to_regclass('users')::text as t`,
    );
    expect(users!.t).toBe('users');
  });

  it('runs inside a transaction, on its connection', async () => {
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table shaped_probe (n int) on commit drop`);
      await tx.execute(sql`insert into shaped_probe values (41)`);
      const shaped = shapedStatement(
        () => 'one',
        () => sql`select n + ${sql.placeholder('plus')}::int as n from shaped_probe`,
      );
      return shaped<{ n: number }>(tx, undefined, { plus: 1 });
    });
    expect(seen).toEqual([{ n: 42 }]);
  });

  it('refuses a call without one of its values instead of running it with null', async () => {
    await expect(statement(database.db, { doubled: false }, { n: 1 })).rejects.toThrow(/label/);
  });

  it('fails as `rows` fails: the same error type, the driver’s SQLSTATE as its cause', async () => {
    const divide = shapedStatement(
      () => 'one',
      () => sql`select 1 / ${sql.placeholder('d')}::int as q`,
    );
    const shaped = await divide(database.db, undefined, { d: 0 }).catch((e: unknown) => e);
    const plain = await rows(database.db, sql`select 1 / ${0}::int as q`).catch((e: unknown) => e);
    expect(shaped).toBeInstanceOf(Error);
    expect((shaped as Error).constructor).toBe((plain as Error).constructor);
    expect(((shaped as Error).cause as { code?: string }).code).toBe('22012');
    expect(((plain as Error).cause as { code?: string }).code).toBe('22012');
  });
});
