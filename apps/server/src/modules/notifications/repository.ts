import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationType } from '@knotwork/shared/schemas/notifications';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { rows } from '../../db/raw.ts';
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

/** The names a lot notification needs (lot number, rug title, sale title); null for an unknown lot. */
export async function loadLotSubject(db: Db, lotId: string): Promise<LotSubject | null> {
  const [row] = await rows<{
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
        where l.id = ${lotId}`,
  );
  if (!row) return null;
  return {
    lotId: row.lot_id,
    lotNumber: Number(row.lot_number),
    rugId: row.rug_id,
    rugTitle: row.rug_title,
    auctionId: row.auction_id,
    auctionTitle: row.auction_title,
    auctionType: row.auction_type === 'live' ? 'live' : 'timed',
  };
}
