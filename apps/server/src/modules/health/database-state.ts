import type { Database } from '../../db/client.ts';
import { pendingMigrations } from '../../db/pending-migrations.ts';
import { databaseBusyKind } from '../../lib/db-error.ts';
import { pingDatabase, tableLocks } from './database-state-repository.ts';
import { withDeadline } from './deadline.ts';

export interface DatabaseState {
  /** busy: it answers, but slowly, locked, or with its pool full; requests may get 503 with Retry-After. */
  database: 'up' | 'busy' | 'down';
  migrations: 'current' | 'pending' | 'unknown';
  pending: string[];
  /** Why it is busy or down, one line each, for a person reading the probe. */
  reasons: string[];
}

/** How far back readiness counts requests the bounded waits refused. */
const RECENT_MS = 30_000;

/**
 * The database as a probe sees it, within `deadlineMs` whatever the database does: on its own connection
 * (PostgreSQL), never queued behind requests. Down only when it answers with an error; slow, locked or with
 * its pool full is `busy`, with the reasons.
 */
export async function databaseState(
  database: Database,
  deadlineMs: number,
  checkMigrations = true,
): Promise<DatabaseState> {
  const reasons: string[] = [];
  const probe = database.probe;
  const work = (async () => {
    const locks = database.kind === 'postgres' ? await tableLocks(probe) : (await pingDatabase(probe), []);
    const pending = checkMigrations ? await pendingMigrations(probe) : [];
    return { locks, pending };
  })();
  const outcome = await withDeadline(work, deadlineMs);

  const pool = database.poolState();
  if (pool && pool.waiting > 0)
    reasons.push(
      `all ${pool.size} pooled database connections are busy; ${pool.waiting} ${pool.waiting === 1 ? 'query waits' : 'queries wait'} for one`,
    );
  const recent = database.busy.recent(RECENT_MS);
  const refused = Object.values(recent).reduce((a, b) => a + b, 0);
  if (refused > 0) {
    const kinds = Object.entries(recent)
      .map(([kind, n]) => `${kind}: ${n}`)
      .join(', ');
    reasons.push(
      `${refused} ${refused === 1 ? 'request' : 'requests'} answered 503 in the last ${RECENT_MS / 1000} s because the database was busy (${kinds})`,
    );
  }

  if (outcome.kind === 'late') {
    reasons.unshift(`the database did not answer within ${deadlineMs} ms`);
    return { database: 'busy', migrations: 'unknown', pending: [], reasons };
  }
  if (outcome.kind === 'error') {
    const busy = databaseBusyKind(outcome.error);
    if (busy) {
      reasons.unshift(`the database did not answer within ${deadlineMs} ms (${busy})`);
      return { database: 'busy', migrations: 'unknown', pending: [], reasons };
    }
    reasons.unshift('the database does not answer');
    return { database: 'down', migrations: 'unknown', pending: [], reasons };
  }
  const { locks, pending } = outcome.value;
  for (const l of locks) {
    if (l.granted) reasons.push(`table ${l.table} is locked (${l.mode}) by another session`);
    else
      reasons.push(
        `${l.n} ${l.n === 1 ? 'query waits' : 'queries wait'} for a lock on table ${l.table} (${l.mode})`,
      );
  }
  return {
    database: reasons.length > 0 ? 'busy' : 'up',
    migrations: !checkMigrations ? 'unknown' : pending.length > 0 ? 'pending' : 'current',
    pending,
    reasons,
  };
}
