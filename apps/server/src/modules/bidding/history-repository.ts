import { sql } from 'drizzle-orm';
import type { HistoryEntry } from '@knotwork/shared/bidding/types';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import { lotIdOf } from '../lots/lot-sql.ts';

/** One live history line of a lot, or the lot alone (seq and payload null) when it has none. */
export interface HistoryLineRow {
  lot_id: string | null;
  seq: string | number | null;
  payload: HistoryEntry | null;
}

/**
 * A lot's live `bid_placed` lines in seq order (a lot id, or a rug id for its current/latest lot), in one query. The
 * left join keeps a row for a lot without bids, so no rows or a null `lot_id` means no lot matches.
 */
export async function bidHistoryRows(db: Db, target: string): Promise<HistoryLineRow[]> {
  return rows<HistoryLineRow>(
    db,
    sql`with lot as (select ${lotIdOf(target)} as id)
        select lot.id as lot_id, e.seq, e.payload from lot
        left join lot_events e on e.lot_id = lot.id and e.type = 'bid_placed' and not e.superseded
        order by e.seq`,
  );
}
