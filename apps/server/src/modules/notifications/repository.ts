import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationKind } from '@knotwork/shared/schemas/notification-settings';
import type { NotificationType } from '@knotwork/shared/schemas/notifications';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { num, rows } from '../../db/raw.ts';
import type { LotSubject } from './messages.ts';
import { pageOffset } from '../../lib/paging.ts';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown>;
}

/**
 * Notification rows. Every function takes the `Db` (or open transaction) to run on, so a notification is
 * written in the same transaction as the change it reports and disappears with it on rollback.
 */
export function createNotificationRepository(db: Db) {
  return {
    unreadCount: (userId: string) => unreadCount(db, userId),

    async page(
      userId: string,
      page: number,
      pageSize: number,
    ): Promise<{ rows: NotificationRow[]; total: number }> {
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(pageSize)
          .offset(pageOffset({ page, pageSize })),
        db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
      ]);
      return { rows, total: totalRow?.n ?? 0 };
    },

    /** Marks the given notifications read, ignoring ids that are not this user's. Returns how many changed. */
    async markRead(userId: string, ids: string[] | 'all'): Promise<number> {
      const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
      const changed = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(ids === 'all' ? mine : and(mine, inArray(notifications.id, ids)))
        .returning({ id: notifications.id });
      return changed.length;
    },
  };
}

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Lots' subjects (lot number, rug and sale titles) in one query, by lot id; a lot that is gone is absent. */
export async function loadLotSubjects(db: Db, lotIds: readonly string[]): Promise<Map<string, LotSubject>> {
  if (lotIds.length === 0) return new Map();
  const found = await rows<{
    lot_id: string;
    lot_number: number;
    rug_id: string;
    rug_title: string;
    auction_id: string;
    auction_title: string;
    auction_type: string;
  }>(
    db,
    sql`select l.id as lot_id, l.lot_number, r.id as rug_id, r.title as rug_title, a.id as auction_id, a.title as auction_title,
               a.type as auction_type
        from lots l join rugs r on r.id = l.rug_id join auctions a on a.id = l.auction_id
        where l.id = any(${sql.param([...lotIds])}::uuid[])`,
  );
  return new Map(
    found.map((row) => [
      row.lot_id,
      {
        lotId: row.lot_id,
        lotNumber: Number(row.lot_number),
        rugId: row.rug_id,
        rugTitle: row.rug_title,
        auctionId: row.auction_id,
        auctionTitle: row.auction_title,
        auctionType: row.auction_type === 'live' ? 'live' : 'timed',
      },
    ]),
  );
}

/** Everyone who likes the rug: the watchers told when its lot opens. */
export async function rugWatcherIds(db: Db, rugId: string): Promise<string[]> {
  const watchers = await rows<{ user_id: string }>(
    db,
    sql`select user_id from likes where rug_id = ${rugId}::uuid`,
  );
  return watchers.map((w) => w.user_id);
}

/** A bid's maximum, named in the notice that voids it; undefined for an unknown bid. */
export async function bidMaxAmount(db: Db, bidId: string): Promise<number | undefined> {
  const [bid] = await rows<{ max_amount: string | number }>(
    db,
    sql`select max_amount from bids where id = ${bidId}::uuid`,
  );
  return bid ? num(bid.max_amount) : undefined;
}

/** One notification to write: its id chosen by the caller, its words in every supported language. */
export interface NotificationBatchItem {
  /** Its place in the batch: the rows are written in this order. */
  ord: number;
  id: string;
  user_id: string;
  type: NotificationType;
  kind: NotificationKind;
  link: string | null;
  data: Record<string, unknown>;
  words: Record<string, { title: string; body: string }>;
}

/** A notification as written by `insertNotificationBatch`, with what its delivery needs. */
export interface WrittenNotificationRow {
  id: string;
  user_id: string;
  type: string;
  title: string;
  body: string;
  link: string | null;
  data: Record<string, unknown> | string;
  created_ms: string | number;
  /** The recipient's unread count after the insert. */
  unread: string | number;
  /** False when the recipient turned in-app off for this kind (written as read). */
  in_app: boolean;
  /** The recipient's push setting for this kind. */
  push: boolean;
}

/**
 * Writes a batch of notifications in one statement (in the caller's transaction, or atomic on its own), each in
 * its recipient's language (English when theirs is missing) and marked read when they turned in-app off; a
 * recipient deleted meanwhile gets no row, and neither does an id already written (an outbox replay, decision 098).
 * One round trip whatever the number of recipients (issue 10).
 */
export async function insertNotificationBatch(
  tx: Db,
  batch: readonly NotificationBatchItem[],
): Promise<WrittenNotificationRow[]> {
  return rows<WrittenNotificationRow>(
    tx,
    sql`with w as (
          select * from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
            as w(ord int, id uuid, user_id uuid, type text, kind text, link text, data jsonb, words jsonb)
        ), ins as (
          insert into notifications (id, user_id, type, title, body, link, data, read_at)
          select w.id, w.user_id, w.type,
                 coalesce(w.words -> u.language, w.words -> 'en') ->> 'title',
                 coalesce(w.words -> u.language, w.words -> 'en') ->> 'body',
                 w.link, w.data,
                 -- In-app turned off (decision 075): kept in the list as read, so the bell neither counts nor shows it.
                 case when coalesce((s.settings -> w.kind ->> 'inApp')::boolean, true) then null else clock_timestamp() end
          from w join users u on u.id = w.user_id
            left join notification_settings s on s.user_id = w.user_id
          order by w.ord
          -- A notice written from an outbox row takes the row's id (decision 098): a replay writes nothing twice.
          on conflict (id) do nothing
          returning id, user_id, type, title, body, link, data, created_at, read_at
        ), unread as materialized (
          -- Counted once per recipient, not once per notice (decision 101): the rows before this statement (its own
          -- inserts are not visible to it) plus its own unread ones. Materialized: inlined, PostgreSQL ran the count
          -- once per notice of the batch instead (100 counts for 32 readers, measured).
          select r.user_id,
                 (select count(*) from notifications n where n.user_id = r.user_id and n.read_at is null)
                   + (select count(*) from ins mine where mine.user_id = r.user_id and mine.read_at is null) as n
          from (select distinct user_id from ins) r
        )
        select ins.id, ins.user_id, ins.type, ins.title, ins.body, ins.link, ins.data,
               extract(epoch from ins.created_at) * 1000 as created_ms,
               unread.n as unread,
               ins.read_at is null as in_app,
               coalesce((s.settings -> w.kind ->> 'push')::boolean, true) as push
        from ins join w on w.id = ins.id
          join unread on unread.user_id = ins.user_id
          left join notification_settings s on s.user_id = ins.user_id`,
  );
}
