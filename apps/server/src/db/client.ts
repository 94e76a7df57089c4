import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { createBusyLog, DatabasePoolFull, type BusyLog } from '../lib/db-error.ts';

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
  /** PostgreSQL's connection string, for the few sessions of their own (the live bus's LISTEN, the jobs' lease). */
  url?: string;
  db: Db;
  /** Runs `fn` on one pinned connection (session-level locks, multi-statement work). */
  withConnection<T>(fn: (conn: Connection) => Promise<T>): Promise<T>;
  /**
   * Health probes' own connection (PostgreSQL: a one-connection pool with the probe's short timeouts), so a
   * probe never queues behind requests for a pooled connection. PGlite: its one connection.
   */
  probe: Connection;
  /** The pool's counts now (PostgreSQL); undefined on PGlite, which has one in-process connection. */
  poolState(): PoolState | undefined;
  /** Requests the bounded waits refused lately (errors plugin notes them, readiness reads them). */
  busy: BusyLog;
  close(): Promise<void>;
}

export interface PoolState {
  size: number;
  total: number;
  idle: number;
  waiting: number;
}

/**
 * Every wait on the database is bounded (decision 080); past each, the request is answered 503 with Retry-After
 * (bids: 409 TRY_AGAIN). PostgreSQL only: PGlite is one in-process connection without a pool, and its server
 * has no timer to cancel a statement.
 */
export interface DatabaseWaits {
  poolSize: number;
  /** For a free pooled connection (pg's connectionTimeoutMillis: also the time to open a new one). */
  poolWaitMs: number;
  /** Requests already waiting for a connection beyond which the next is refused at once. */
  poolMaxWaiting: number;
  /** For a row or table lock (a bid waiting for its lot's row lock, a table locked by a migration). */
  lockTimeoutMs: number;
  /** 0: none. */
  statementTimeoutMs: number;
  /** A transaction left open by a crashed request must not hold locks for long; 0: none. */
  idleInTransactionTimeoutMs: number;
  /** Health probes' connection: to open it, and for each of its statements. */
  probeTimeoutMs: number;
}

export const DEFAULT_WAITS: DatabaseWaits = {
  poolSize: 20,
  poolWaitMs: 5_000,
  poolMaxWaiting: 100,
  lockTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
  probeTimeoutMs: 2_000,
};

export interface DatabaseOptions {
  /** postgres://... to use PostgreSQL through `pg`; otherwise PGlite. */
  url?: string | undefined;
  /** Folder for PGlite's files; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  waits?: Partial<DatabaseWaits>;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const waits = {
      ...DEFAULT_WAITS,
      ...(options.poolSize ? { poolSize: options.poolSize } : {}),
      ...options.waits,
    };
    const pool = new pg.Pool({
      connectionString: options.url,
      max: waits.poolSize,
      connectionTimeoutMillis: waits.poolWaitMs,
      // A bid waits for its lot's row lock; past this it is answered 409 TRY_AGAIN instead of hanging.
      lock_timeout: waits.lockTimeoutMs,
      ...(waits.statementTimeoutMs > 0 ? { statement_timeout: waits.statementTimeoutMs } : {}),
      ...(waits.idleInTransactionTimeoutMs > 0
        ? { idle_in_transaction_session_timeout: waits.idleInTransactionTimeoutMs }
        : {}),
    });
    boundQueue(pool, waits.poolSize, waits.poolMaxWaiting);
    const probePool = new pg.Pool({
      connectionString: options.url,
      max: 1,
      connectionTimeoutMillis: waits.probeTimeoutMs,
      lock_timeout: waits.probeTimeoutMs,
      statement_timeout: waits.probeTimeoutMs,
      idleTimeoutMillis: 60_000,
    });
    // An idle client can be terminated by the server (restart, `drop database ... with (force)` in tests);
    // pg emits that on the pool, and an unhandled 'error' event would crash the process.
    pool.on('error', () => undefined);
    probePool.on('error', () => undefined);
    // Fail fast with a clear error if the server is unreachable.
    const client = await pool.connect();
    client.release();
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      kind: 'postgres',
      url: options.url,
      db,
      exec: async (sql) => {
        await pool.query(sql);
      },
      query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
      withConnection: async (fn) => {
        const conn = await pool.connect();
        try {
          return await fn({
            exec: async (sql) => {
              await conn.query(sql);
            },
            query: async <T>(sql: string, params: unknown[] = []) =>
              (await conn.query(sql, params)).rows as T[],
          });
        } finally {
          conn.release();
        }
      },
      probe: {
        exec: async (sql) => {
          await probePool.query(sql);
        },
        query: async <T>(sql: string, params: unknown[] = []) =>
          (await probePool.query(sql, params)).rows as T[],
      },
      poolState: () => ({
        size: waits.poolSize,
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
      busy: createBusyLog(),
      close: async () => {
        await Promise.all([pool.end(), probePool.end()]);
      },
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
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows,
  };
  return {
    kind: 'pglite',
    db,
    ...conn,
    // PGlite is a single connection, so every call is already pinned.
    withConnection: (fn) => fn(conn),
    // One connection: a probe waits behind whatever holds it; the health routes' deadline bounds that wait.
    probe: conn,
    poolState: () => undefined,
    busy: createBusyLog(),
    close: () => client.close(),
  };
}

/**
 * Refuses a connection at once when `maxWaiting` requests already wait for one: under a slow database the queue
 * would otherwise grow without bound, each request holding its socket and memory until its wait runs out.
 * drizzle asks through `pool.connect()` (transactions) and `pool.query()`, which calls `connect(callback)`.
 */
function boundQueue(pool: pg.Pool, size: number, maxWaiting: number) {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  const bounded = (callback?: unknown): unknown => {
    if (pool.waitingCount >= maxWaiting && pool.idleCount === 0 && pool.totalCount >= size) {
      const err = new DatabasePoolFull(pool.waitingCount);
      if (typeof callback === 'function') {
        process.nextTick(() => (callback as (e: Error) => void)(err));
        return undefined;
      }
      return Promise.reject(err);
    }
    return connect(callback);
  };
  pool.connect = bounded as typeof pool.connect;
}
