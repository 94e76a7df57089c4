import type { ServerEventMap } from '@knotwork/shared/realtime/events';

/** Lot events a replay may send before the fresh snapshot, in seq order. */
export type ReplayedLotEvent =
  | { event: 'lot.bid'; data: ServerEventMap['lot.bid'] }
  | { event: 'lot.history_reset'; data: ServerEventMap['lot.history_reset'] }
  | { event: 'lot.closed'; data: ServerEventMap['lot.closed'] };

export interface LiveReplayResult {
  /** What the lot published after `sinceSeq`, oldest first, exactly as it was published live. */
  events: ReplayedLotEvent[];
  /** The lot's current public payload with the seq it reflects (the highest seq the lot has). */
  updated: ServerEventMap['lot.updated'];
}

/**
 * Provided by the lot core (lot-replay.ts, or a test's BuildOptions.liveReplay): what a client that last saw `sinceSeq` of a lot missed,
 * read from lot_events, plus a fresh lot.updated. Null when the lot does not exist. At most `limit` events: a
 * client further behind gets the newest `limit` (its bid list is then incomplete and it should refetch it over
 * REST; the snapshot is always current).
 */
export type LiveReplay = (lotId: string, sinceSeq: number, limit: number) => Promise<LiveReplayResult | null>;

/** The most events one replay sends for one lot. */
export const REPLAY_LIMIT = 500;

/** The highest seq a replay covered: live events at or below it are duplicates (or older) and are dropped. */
export function lastReplayedSeq(result: LiveReplayResult): number {
  let seq = result.updated.seq;
  for (const e of result.events) if (e.data.seq > seq) seq = e.data.seq;
  return seq;
}
