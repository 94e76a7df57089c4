import type { Db } from '../../db/client.ts';
import {
  writeLotChangesIfCurrent,
  type GuardedLotChange,
  type GuardedResult,
} from '../lots/lot-change-repository.ts';

export interface BidWriteCombinerOptions {
  /** Statements in flight at once; whatever arrives meanwhile waits and shares the next one. */
  statements: number;
  /** Lots one statement writes at most. */
  maxLots: number;
  /** The statement (tests pass one that records what it was given). */
  write?: (db: Db, changes: readonly GuardedLotChange[]) => Promise<GuardedResult[]>;
}

/**
 * Group commit across lots for the bid fast path (decision 103). The per-lot queue (lot-queue.ts)
 * already gives one lot's waiting bids one statement; bids spread over many lots still paid, each, a statement's
 * set-up in PostgreSQL (a fifth of its CPU per bid), a commit and a round trip through the driver. Here the guarded
 * writes of different lots that arrive while `statements` are in flight wait, and the next statement writes them
 * together (`writeLotChangesIfCurrent`): nothing waits while a statement is free, so a quiet site writes each batch
 * at once, as before.
 *
 * A bidder is in one lot of a statement at most, so every check on them (their bidding limit above all) sees their
 * other lots' writes committed, as it would in a statement of its own. A lot is in a statement once: the per-lot
 * queue is keyed by the URL's id, so a lot's rug id and its own id are two queues, and their batches, both computed
 * on the same copy, must go in two statements, where the second finds the copy stale (as before this combiner).
 *
 * A shared statement that fails (a deadlock with a job that locks lots in another order, a key stored meanwhile)
 * wrote nothing: each of its lots is written again alone, and only a lot whose own statement fails sees the error.
 */
export function createBidWriteCombiner(db: Db, options: BidWriteCombinerOptions) {
  interface Waiting {
    change: GuardedLotChange;
    /** Retried by itself: it was in a shared statement that failed. */
    alone: boolean;
    resolve: (result: GuardedResult) => void;
    reject: (err: unknown) => void;
  }
  const write = options.write ?? writeLotChangesIfCurrent;
  const queue: Waiting[] = [];
  let running = 0;
  let statements = 0;
  let lots = 0;

  /** The next statement's lots, oldest first: no lot twice, none sharing a bidder, and a lone write by itself. */
  function take(): Waiting[] {
    const chosen: Waiting[] = [];
    const lotIds = new Set<string>();
    const bidders = new Set<string>();
    for (let i = 0; i < queue.length && chosen.length < options.maxLots;) {
      const w = queue[i]!;
      const clash =
        (w.alone && chosen.length > 0) ||
        lotIds.has(w.change.lotId) ||
        w.change.userIds.some((u) => bidders.has(u));
      if (clash) {
        i++;
        continue;
      }
      queue.splice(i, 1);
      chosen.push(w);
      if (w.alone) break;
      lotIds.add(w.change.lotId);
      for (const u of w.change.userIds) bidders.add(u);
    }
    return chosen;
  }

  async function send(batch: Waiting[]): Promise<void> {
    statements++;
    lots += batch.length;
    let results: GuardedResult[];
    try {
      results = await write(
        db,
        batch.map((w) => w.change),
      );
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const w of batch) w.alone = true;
      queue.unshift(...batch);
      return;
    }
    results.forEach((result, i) => batch[i]!.resolve(result));
  }

  function pump() {
    while (running < options.statements && queue.length > 0) {
      const batch = take();
      running++;
      void send(batch).finally(() => {
        running--;
        pump();
      });
    }
  }

  return {
    /** Writes one lot's guarded change, alone or with others' (see above); resolves with its own result. */
    write(change: GuardedLotChange): Promise<GuardedResult> {
      return new Promise<GuardedResult>((resolve, reject) => {
        queue.push({ change, alone: false, resolve, reject });
        pump();
      });
    },
    /** Statements sent and the lots they wrote, since start (the bench prints lots per statement). */
    stats: () => ({ statements, lots }),
  };
}
