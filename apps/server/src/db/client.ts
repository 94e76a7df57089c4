import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type services and repositories see, whether PGlite or PostgreSQL is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Connection {
  /** Runs one or more raw SQL statements (migrations). */
  exec(sql: string): Promise<void>;
  /** A parameterised raw query, for the few places drizzle cannot express. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Connection {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs `fn` on one pinned connection (session-level locks, multi-statement work). */
  withConnection<T>(fn: (conn: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... to use PostgreSQL through `pg`; otherwise PGlite. */
  url?: string | undefined;
  /** Folder for PGlite's files; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      // A bid waits for its lot's row lock; past this it is answered 409 TRY_AGAIN instead of hanging.
      lock_timeout: 5_000,
      // A transaction left open by a crashed request must not hold locks for long.
      idle_in_transaction_session_timeout: 60_000,
    });
    // An idle client can be terminated by the server (restart, `drop database ... with (force)` in tests);
    // pg emits that on the pool, and an unhandled 'error' event would crash the process.
    pool.on('error', () => undefined);
    // Fail fast with a clear error if the server is unreachable.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      exec: async (sql) => {
        await pool.query(sql);
      },
      query: async <T,>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
      withConnection: async (fn) => {
        const conn = await pool.connect();
        try {
          return await fn({
            exec: async (sql) => {
              await conn.query(sql);
            },
            query: async <T,>(sql: string, params: unknown[] = []) => (await conn.query(sql, params)).rows as T[],
          });
        } finally {
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  const conn: Connection = {
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T,>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows,
  };
  return {
    kind: 'pglite',
    db,
    ...conn,
    // PGlite is a single connection, so every call is already pinned.
    withConnection: (fn) => fn(conn),
    close: () => client.close(),
  };
}
