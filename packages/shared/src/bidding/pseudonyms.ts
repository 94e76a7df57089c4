import type { BidderId, HistoryEntry } from './types.ts';

/**
 * Per-lot pseudonym numbers ("Bidder 3"): bidders numbered from 1 in the order of their first line in the
 * history, which is the order of their first accepted bid (every first bid shows a line of its own). Stable
 * as bids are added; a void renumbers only when it removes a bidder's every bid.
 */
export function bidderNumbers(history: readonly HistoryEntry[]): Map<BidderId, number> {
  const numbers = new Map<BidderId, number>();
  for (const entry of history) {
    if (!numbers.has(entry.bidderId)) numbers.set(entry.bidderId, numbers.size + 1);
  }
  return numbers;
}
