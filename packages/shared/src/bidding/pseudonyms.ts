import type { BidderId, HistoryEntry, LotState } from './types.ts';

/**
 * Per-lot pseudonym numbers ("Bidder 3"): bidders numbered from 1 in the order of their first line in the
 * history, which is the order of their first accepted bid (every first bid shows a line of its own). Stable
 * as bids are added; a void renumbers only when it removes a bidder's every bid.
 */
export function bidderNumbers(history: readonly Pick<HistoryEntry, 'bidderId'>[]): Map<BidderId, number> {
  const numbers = new Map<BidderId, number>();
  for (const entry of history) {
    if (!numbers.has(entry.bidderId)) numbers.set(entry.bidderId, numbers.size + 1);
  }
  return numbers;
}

/**
 * The same numbers from the engine state, for callers that hold the state but not the history: the engine keeps
 * `maxima` in order of first accepted bid (tests check both agree after every bid and void).
 */
export function bidderNumbersInState(state: Pick<LotState, 'maxima'>): Map<BidderId, number> {
  return new Map(state.maxima.map((m, i) => [m.bidderId, i + 1]));
}

/** What the public reads for bidder `number` of a lot; never a name. */
export const bidderPseudonym = (number: number): string => `Bidder ${number}`;

/**
 * The number in a generated label ("Bidder 3", "Paddle 12"), for clients that word it in their language when an
 * answer carries only the English label (a live room's `myLabel`); null for any other text.
 */
export function labelNumber(label: string): { kind: 'bidder' | 'paddle'; number: number } | null {
  const match = /^(Bidder|Paddle) (\d+)$/.exec(label);
  return match ? { kind: match[1] === 'Paddle' ? 'paddle' : 'bidder', number: Number(match[2]) } : null;
}

/** The public name of `bidderId` under `numbers` (from either function above). */
export function pseudonymOf(numbers: ReadonlyMap<BidderId, number>, bidderId: BidderId): string {
  const number = numbers.get(bidderId);
  // Every bidder with a line has a number; a miss is a caller's bug, shown without leaking the id.
  return bidderPseudonym(number ?? numbers.size + 1);
}
