import { sql } from 'drizzle-orm';
import type { HistoryEntry } from '@knotwork/shared/bidding/types';
import type { Db } from '../db/client.ts';
import { num, rows } from '../db/raw.ts';

/**
 * The replay's reads of the bidding core's tables. Both run inside the replay's repeatable-read transaction, so the
 * lot's seq and its event lines come from one snapshot and agree even while bids land.
 */

/** One line of a lot's event log, as the bidding core stored it. */
export interface LotEventLine {
  seq: string | number;
  type: string;
  payload: HistoryEntry;
}

/** The lot's current seq; the caller has read the lot itself in the same snapshot, so the row is there. */
export async function lotSeq(tx: Db, lotId: string): Promise<number> {
  const [head] = await rows<{ seq: string | number }>(
    tx,
    sql`select seq from lots where id = ${lotId}::uuid`,
  );
  return num(head!.seq);
}

/**
 * Every public bid line of the lot (not superseded by a void), and the close, withdrawal and void lines after
 * `sinceSeq`, in seq order. Every bid line, not only the new ones: pseudonyms number bidders by their first line
 * over the whole history (a lot has hundreds of lines at most).
 */
export async function replayLines(tx: Db, lotId: string, sinceSeq: number): Promise<LotEventLine[]> {
  return rows<LotEventLine>(
    tx,
    sql`select seq, type, payload from lot_events
              where lot_id = ${lotId}::uuid and not superseded
                and (type = 'bid_placed' or (type in ('lot_closed', 'lot_withdrawn', 'bid_voided') and seq > ${sinceSeq}))
              order by seq`,
  );
}
