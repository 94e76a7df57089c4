import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import { lotOpenAt } from '../lots/lot-sql.ts';

export interface FiguresRow {
  open_lots: string | number;
  bids_last_hour: string | number;
  unanswered: string | number;
  awaiting: string | number;
  overdue: string | number;
  awaiting_amount: string | number;
  overdue_amount: string | number;
  now_ms: string | number;
}

export interface ClosingRow {
  lot_id: string;
  auction_id: string;
  auction_title: string;
  lot_number: number;
  rug_title: string;
  ends_ms: string | number;
  current_bid: string | number | null;
  bid_count: number;
}

/**
 * The dashboard's figures in two round trips. Each count is an index range: lots by (status, ends_at), bids by
 * created_at (0070), conversations by (status, last_message_at), orders by status.
 */
export function createDashboardRepository(db: Db) {
  const now = sql`clock_timestamp()`;
  return {
    async figures(): Promise<FiguresRow> {
      const [row] = await rows<FiguresRow>(
        db,
        sql`select
            (select count(*) from lots l join auctions a on a.id = l.auction_id
              where ${lotOpenAt('l', now)} and a.status <> 'draft') as open_lots,
            (select count(*) from bids b where b.created_at > ${now} - interval '1 hour'
              and b.status = 'accepted') as bids_last_hour,
            (select count(*) from chat_conversations c where c.status <> 'resolved'
              and c.waiting_since is not null) as unanswered,
            w.awaiting, w.overdue, w.awaiting_amount, w.overdue_amount,
            extract(epoch from ${now}) * 1000 as now_ms
          from (select count(*) as awaiting, count(*) filter (where o.due_at < ${now}) as overdue,
              coalesce(sum(coalesce(o.total, o.item_price)), 0) as awaiting_amount,
              coalesce(sum(coalesce(o.total, o.item_price)) filter (where o.due_at < ${now}), 0) as overdue_amount
            from orders o where o.status = 'awaiting_payment') w`,
      );
      return row!;
    },

    closingNext: () =>
      rows<ClosingRow>(
        db,
        sql`select l.id as lot_id, l.auction_id, a.title as auction_title, l.lot_number, r.title as rug_title,
              extract(epoch from l.ends_at) * 1000 as ends_ms, l.current_bid, l.bid_count
            from lots l join auctions a on a.id = l.auction_id join rugs r on r.id = l.rug_id
            where ${lotOpenAt('l', now)} and a.status <> 'draft'
            order by l.ends_at, l.id limit 8`,
      ),
  };
}
