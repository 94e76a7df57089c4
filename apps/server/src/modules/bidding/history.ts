import { historyLine } from '@knotwork/shared/bidding/history-line';
import { bidderNumbers } from '@knotwork/shared/bidding/pseudonyms';
import type { BidHistoryEntry } from '@knotwork/shared/schemas/bidding';
import type { Db } from '../../db/client.ts';
import { isUuid, num } from '../../db/raw.ts';
import { bidHistoryRows } from './history-repository.ts';

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
  const found = await bidHistoryRows(db, target);
  if (found.length === 0 || found[0]!.lot_id === null) return null;
  const lines = found.filter((r) => r.payload !== null);
  const numbers = bidderNumbers(lines.map((r) => r.payload!));
  return lines.map((r) => ({
    ...historyLine(num(r.seq), r.payload!, numbers, viewerId),
    mine: viewerId !== undefined && r.payload!.bidderId === viewerId,
  }));
}
