import { sql } from 'drizzle-orm';
import { historyLine } from '@knotwork/shared/bidding/history-line';
import { bidderNumbers } from '@knotwork/shared/bidding/pseudonyms';
import type { HistoryEntry } from '@knotwork/shared/bidding/types';
import type { BidHistoryEntry } from '@knotwork/shared/schemas/bidding';
import type { Db } from '../../db/client.ts';
import { lotIdOf } from '../lots/lot-sql.ts';
import { isUuid, num, rows } from '../../db/raw.ts';

/**
 * A lot's public bid history (lot id, or a rug id for its current/latest lot): its live `bid_placed` lines in
 * seq order. Bidders are per-lot pseudonyms; the viewer's own lines read 'You'. Never a maximum, never a name.
 * Returns null when no lot matches.
 */
export async function bidHistory(
  db: Db,
  target: string,
  viewerId: string | undefined,
): Promise<BidHistoryEntry[] | null> {
  if (!isUuid(target)) return null;
  const found = await rows<{
    lot_id: string | null;
    seq: string | number | null;
    payload: HistoryEntry | null;
  }>(
    db,
    sql`with lot as (select ${lotIdOf(target)} as id)
        select lot.id as lot_id, e.seq, e.payload from lot
        left join lot_events e on e.lot_id = lot.id and e.type = 'bid_placed' and not e.superseded
        order by e.seq`,
  );
  if (found.length === 0 || found[0]!.lot_id === null) return null;
  const lines = found.filter((r) => r.payload !== null);
  const numbers = bidderNumbers(lines.map((r) => r.payload!));
  return lines.map((r) => ({
    ...historyLine(num(r.seq), r.payload!, numbers, viewerId),
    mine: viewerId !== undefined && r.payload!.bidderId === viewerId,
  }));
}
