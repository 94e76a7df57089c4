import type { BidHistoryEntry } from '../schemas/bidding.ts';
import { pseudonymOf } from './pseudonyms.ts';
import type { BidderId, HistoryEntry } from './types.ts';

/** A public bid history line as everyone sees it (live `lot.bid` events carry it); REST adds the caller's `mine`. */
export type HistoryLine = Omit<BidHistoryEntry, 'mine'>;

/**
 * The one builder of a public history line from a stored `bid_placed` entry: the live publish, the reconnect
 * replay and the REST history all call it, so a line reads the same whichever way it reached the browser.
 * `numbers` are the lot's pseudonym numbers (pseudonyms.ts); `viewerId` makes the viewer's own lines read 'You'.
 */
export function historyLine(
  /** The line's event seq on its lot (lot_events.seq), which clients order and de-duplicate by. */
  seq: number,
  entry: Pick<HistoryEntry, 'bidderId' | 'amount' | 'automatic' | 'at'>,
  numbers: ReadonlyMap<BidderId, number>,
  viewerId?: string,
): HistoryLine {
  return {
    seq,
    bidder:
      viewerId !== undefined && entry.bidderId === viewerId ? 'You' : pseudonymOf(numbers, entry.bidderId),
    bidderNumber: numbers.get(entry.bidderId) ?? numbers.size + 1,
    amount: entry.amount,
    automatic: entry.automatic,
    at: new Date(entry.at).toISOString(),
  };
}
