import pg from 'pg';
import type { Database } from '../db/client.ts';
import { JOBS_LEASE_KEY, SESSION_ALIVE_SQL, TAKE_JOBS_LEASE_SQL } from '../db/processes.ts';
/** A lease check that takes longer than this counts as lost: the scheduler's tick must never hang on it. */
const LEASE_QUERY_TIMEOUT_MS = 5_000;

/**
 * Which process runs the scheduled jobs (decision 099): the one holding a session-level PostgreSQL advisory lock
 * on a connection of its own. Every process asks on each tick (`hold`): the holder keeps it (and checks its session
 * is still there), the others are told no at once by `pg_try_advisory_lock`. When the holder stops or dies, its
 * session ends, PostgreSQL releases the lock, and the next process to tick takes over, within about one interval.
 *
 * This is an economy, not the guarantee: every job stays correct with several runners at once (row locks with
 * skip locked, marks in the same transaction; decision 016), which covers the moments of a takeover when a holder
 * that lost its connection has not noticed yet. PGlite is one process: it always holds the lease.
 */
export interface JobLease {
  /** Whether this process runs the jobs now; takes the lease when it is free. Never throws. */
  hold(): Promise<boolean>;
  readonly held: boolean;
  /** Gives the lease up (ends its session); a later `hold` asks again. */
  release(): Promise<void>;
}

export function createJobLease(
  database: Pick<Database, 'kind' | 'url'>,
  log: { info(msg: string): void; warn(obj: unknown, msg: string): void },
): JobLease {
  const url = database.url;
  if (database.kind !== 'postgres' || !url)
    return { hold: () => Promise.resolve(true), held: true, release: () => Promise.resolve() };

  let client: pg.Client | undefined;
  let held = false;
  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = undefined;
    if (held)
      log.warn(
        {},
        `scheduled jobs: the lease session of pid ${process.pid} was lost; another process takes over`,
      );
    held = false;
    c.end().catch(() => undefined);
  };

  return {
    async hold() {
      let c = client;
      try {
        if (!c) {
          const fresh = new pg.Client({
            connectionString: url,
            keepAlive: true,
            connectionTimeoutMillis: LEASE_QUERY_TIMEOUT_MS,
            query_timeout: LEASE_QUERY_TIMEOUT_MS,
          });
          fresh.on('error', () => drop(fresh));
          fresh.on('end', () => drop(fresh));
          client = c = fresh;
          await fresh.connect();
        }
        if (held) {
          // The lock lives as long as the session: a session that answers still holds it.
          await c.query(SESSION_ALIVE_SQL);
          return true;
        }
        const { rows } = await c.query<{ ok: boolean }>(TAKE_JOBS_LEASE_SQL, [JOBS_LEASE_KEY]);
        held = rows[0]?.ok === true;
        if (held) log.info(`scheduled jobs: this process (pid ${process.pid}) runs them now`);
        return held;
      } catch {
        if (c) drop(c);
        return false;
      }
    },
    get held() {
      return held;
    },
    async release() {
      const c = client;
      client = undefined;
      held = false;
      // Ending the session releases its advisory locks.
      await c?.end().catch(() => undefined);
    },
  };
}
