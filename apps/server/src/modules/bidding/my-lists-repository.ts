import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import { countOf, pageOffset, windowTotal } from '../../lib/paging.ts';

export interface MyBidRow {
  lot_id: string;
  my_max: string | number;
  last_ms: string | number;
  won: boolean;
}

/** The caller's lots and lists, newest activity first; each query pages and counts in one statement. */
export function createMyListsRepository(db: Db) {
  return {
    /** One row per lot the user bid on: their maximum and when they last bid. */
    async bidLots(
      userId: string,
      page: number,
      pageSize: number,
    ): Promise<{ rows: MyBidRow[]; total: number }> {
      const found = await rows<MyBidRow & { total: string | number }>(
        db,
        sql`select b.lot_id, max(b.max_amount) as my_max, extract(epoch from max(b.created_at)) * 1000 as last_ms,
              coalesce(l.winner_id = ${userId}::uuid, false) as won, count(*) over () as total
            from bids b join lots l on l.id = b.lot_id
            where b.bidder_id = ${userId}::uuid and b.status = 'accepted'
            group by b.lot_id, l.winner_id order by max(b.created_at) desc, b.lot_id
            limit ${pageSize} offset ${pageOffset({ page, pageSize })}`,
      );
      const total = await windowTotal(found, () =>
        countOf(
          db,
          sql`select count(distinct lot_id) as n from bids where bidder_id = ${userId}::uuid and status = 'accepted'`,
        ),
      );
      return { rows: found, total };
    },

    /** Lots the user won (closed, sold to them), latest first. */
    async wonLots(userId: string, page: number, pageSize: number): Promise<{ ids: string[]; total: number }> {
      const found = await rows<{ id: string; total: string | number }>(
        db,
        sql`select id, count(*) over () as total from lots
            where winner_id = ${userId}::uuid and status = 'closed' and outcome = 'sold'
            order by closed_at desc nulls last, id limit ${pageSize} offset ${pageOffset({ page, pageSize })}`,
      );
      const total = await windowTotal(found, () =>
        countOf(
          db,
          sql`select count(*) as n from lots where winner_id = ${userId}::uuid and status = 'closed' and outcome = 'sold'`,
        ),
      );
      return { ids: found.map((r) => r.id), total };
    },

    /** Rugs the user liked, latest first (only published ones). */
    async likedRugs(
      userId: string,
      page: number,
      pageSize: number,
    ): Promise<{ ids: string[]; total: number }> {
      const where = sql`k.user_id = ${userId}::uuid and r.status in ('available', 'reserved', 'sold')`;
      const found = await rows<{ id: string; total: string | number }>(
        db,
        sql`select r.id, count(*) over () as total from likes k join rugs r on r.id = k.rug_id where ${where}
            order by k.created_at desc, r.id limit ${pageSize} offset ${pageOffset({ page, pageSize })}`,
      );
      const total = await windowTotal(found, () =>
        countOf(db, sql`select count(*) as n from likes k join rugs r on r.id = k.rug_id where ${where}`),
      );
      return { ids: found.map((r) => r.id), total };
    },
  };
}
export type MyListsRepository = ReturnType<typeof createMyListsRepository>;
