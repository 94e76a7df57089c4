import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';

/** An outbid notice still to send (migration 0430): written by the bid's statement, claimed by a worker. */
export interface OutboxRow {
  id: string;
  lot_id: string;
  user_id: string;
  amount: string | number;
  attempts: number;
}

/**
 * Claims up to `limit` rows nobody is handling (never claimed, or whose claim ran out: its process died), oldest
 * first, for `leaseMs`. `skip locked`: several processes claiming at once never take the same row, nor wait for
 * each other.
 */
export async function claimOutbox(db: Db, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  return rows<OutboxRow>(
    db,
    sql`update bid_outbox o set claimed_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond',
          attempts = o.attempts + 1
        where o.id in (
          select id from bid_outbox
          where processed_at is null and (claimed_until is null or claimed_until < clock_timestamp())
          order by created_at limit ${limit} for update skip locked)
        returning o.id, o.lot_id, o.user_id, o.amount, o.attempts`,
  );
}

/** A notification an earlier claim of the same outbox row already wrote (its id is the row's), to announce again. */
export interface WrittenBeforeRow {
  id: string;
  user_id: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown> | string;
  created_ms: string | number;
  in_app: boolean;
  push: boolean;
}

/** The notifications already written for these outbox rows (a replay after a crash): announced again, not rewritten. */
export async function writtenBefore(db: Db, ids: readonly string[]): Promise<WrittenBeforeRow[]> {
  if (ids.length === 0) return [];
  return rows<WrittenBeforeRow>(
    db,
    sql`select n.id, n.user_id, n.type, n.title, n.body, n.link, n.data,
          extract(epoch from n.created_at) * 1000 as created_ms,
          -- Read meanwhile (or in-app off, decision 075): the bell has nothing new to show.
          n.read_at is null as in_app,
          coalesce((s.settings -> 'outbid' ->> 'push')::boolean, true) as push
        from notifications n left join notification_settings s on s.user_id = n.user_id
        where n.id = any(${sql.param(ids)}::uuid[])`,
  );
}

/** The rows' notices are written and announced: no worker takes them again. */
export async function markOutboxDone(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update bid_outbox set processed_at = clock_timestamp(), claimed_until = null
        where id = any(${sql.param(ids)}::uuid[])`,
  );
}

/** A claim that failed (the database refused a write): another try after `retryMs`, not after the whole lease. */
export async function releaseOutbox(db: Db, ids: readonly string[], retryMs: number): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(
    sql`update bid_outbox set claimed_until = clock_timestamp() + ${retryMs} * interval '1 millisecond'
        where id = any(${sql.param(ids)}::uuid[]) and processed_at is null`,
  );
}

/** Deletes done rows older than `keepMs` (their notifications stay); returns how many went. */
export async function pruneOutbox(db: Db, keepMs: number): Promise<number> {
  const gone = await rows<{ id: string }>(
    db,
    sql`delete from bid_outbox
        where processed_at < clock_timestamp() - ${keepMs} * interval '1 millisecond' returning id`,
  );
  return gone.length;
}

/** Rows not yet done (tests, the bench: zero once every accepted outbid has been announced). */
export async function outboxBacklog(db: Db): Promise<number> {
  const [row] = await rows<{ n: string | number }>(
    db,
    sql`select count(*) as n from bid_outbox where processed_at is null`,
  );
  return Number(row?.n ?? 0);
}
