import type { FastifyBaseLogger } from 'fastify';
import type { BidOutcome } from '@knotwork/shared/bidding/outcomes';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/raw.ts';
import type { EventBus } from '../../realtime/bus.ts';
import type { DeliverNotifications } from '../notifications/notifier.ts';
import type { OutbidNotices } from '../notifications/outbid-notices.ts';
import { createBidAnnouncer } from './bid-announcer.ts';
import { createFastBidPath } from './bid-fast-path.ts';
import { runBidTransaction, type BidRequest } from './bid-transaction.ts';
import { isKeyConflict, isTransient, replayOf } from './idempotency.ts';
import { findStoredKey } from './idempotency-repository.ts';
import { bidHistory } from './history.ts';
import { createKeyedBatcher } from './lot-queue.ts';
import { recordBids } from '../../plugins/metrics-registry.ts';
import { bidAnswer, type Answer } from '../../lib/http-answers.ts';

export type { BidRequest } from './bid-transaction.ts';

/** Bids that queued up while a transaction ran share the next one; this caps one transaction's size. */
export const MAX_BATCH = 64;

/** What the bids metric needs of an accepted bid's answer: its status (recordBids counts it by that alone). */
const ACCEPTED: Answer = { statusCode: 201, body: null };
const NOT_FOUND: BidOutcome = { kind: 'not_found' };

/**
 * The bids metric, once per batch rather than once per request (issue 30 section 2, decision 100): the same
 * counts the route used to record from each answer it sent, with only the refusals mapped to their answers' codes
 * (the accepted bids, nearly all of them, need no answer here: the route makes it).
 */
function countOutcomes(outcomes: readonly BidOutcome[], transactionSeconds?: number): void {
  recordBids(
    outcomes.map((o) => (o.kind === 'accepted' ? ACCEPTED : bidAnswer(o))),
    transactionSeconds,
  );
}

export interface BidServiceDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Site currency (config CURRENCY), for the amounts in notifications. */
  currency: string;
  /** After-commit delivery of notifications (live `notification.created` and Web Push). */
  deliver: DeliverNotifications;
  /** The outbid notices' worker (decision 098): woken when a batch wrote outbox rows, drained with the announcer. */
  outbidNotices: Pick<OutbidNotices, 'take' | 'nudge' | 'drain' | 'ownClaimMs'>;
  /** The fast path's guarded statements in flight at once (config BID_WRITE_STATEMENTS). */
  writeStatements: number;
}

/**
 * The batch runner: bids on one lot queue up while its transaction runs and share the next one
 * (bid-transaction.ts); each committed batch is handed to the announcer (bid-announcer.ts).
 */
export function createBidService({
  db,
  bus,
  log,
  currency,
  deliver,
  outbidNotices,
  writeStatements,
}: BidServiceDeps) {
  const announcer = createBidAnnouncer({ bus, log, deliver, outbidNotices });
  const outboxClaimMs = outbidNotices.ownClaimMs;
  const fast = createFastBidPath(db, { outboxClaimMs, writeStatements });
  /** Batches each path took (the bench prints them; tests check the fast path served). */
  const paths = { fast: 0, locked: 0 };
  let fastPathOn = true;

  /** A single bid whose transaction failed: a key stored meanwhile by another process, or a lock that gave up. */
  async function recover(item: BidRequest, err: unknown): Promise<BidOutcome> {
    if (item.idempotency && isKeyConflict(err)) {
      const stored = await findStoredKey(db, item.userId, item.idempotency.key);
      if (stored) return replayOf(stored, item.idempotency.hash);
    }
    if (isTransient(err)) return { kind: 'busy' };
    throw err;
  }

  async function runBatch(target: string, items: BidRequest[]): Promise<BidOutcome[]> {
    try {
      const started = performance.now();
      // One round trip when this process's copy of the lot is current (bid-fast-path.ts), else the locked path.
      let result = fastPathOn ? await fast.tryRun(target, items) : null;
      if (result) paths.fast++;
      else {
        paths.locked++;
        result = await runBidTransaction(db, currency, target, items, outboxClaimMs);
        fast.remember(target, result.latest);
      }
      const { outcomes, committed } = result;
      // The batch's outcomes and its time, in one call.
      countOutcomes(outcomes, (performance.now() - started) / 1000);
      if (committed) announcer.announce(committed);
      return outcomes;
    } catch (err) {
      if (items.length === 1) {
        const outcome = await recover(items[0]!, err);
        countOutcomes([outcome]);
        return [outcome];
      }
      // One bad item (e.g. a key another process stored meanwhile) must not sink the others: go one by one.
      const outcomes: BidOutcome[] = [];
      for (const item of items) outcomes.push(...(await runBatch(target, [item])));
      return outcomes;
    }
  }

  // Keyed by the id in the URL: clients use one form per lot (rug id or lot id), so one queue per lot.
  const batcher = createKeyedBatcher<BidRequest, BidOutcome>(
    async (target, items) => runBatch(target, items),
    {
      maxBatch: MAX_BATCH,
    },
  );

  return {
    /** Place a bid (the caller's maximum); the route maps the outcome to HTTP with lib/http-answers.ts's bidAnswer. */
    async place(request: BidRequest): Promise<BidOutcome> {
      if (!isUuid(request.target)) {
        countOutcomes([NOT_FOUND]);
        return NOT_FOUND;
      }
      return batcher.submit(request.target.toLowerCase(), request);
    },

    /** A lot's public bid history (by the lot's or its rug's id), pseudonymous; `viewerId`'s own lines read "You". */
    history: (target: string, viewerId?: string) => bidHistory(db, target, viewerId),

    /** Resolves when every after-commit announcement started so far has finished (server shutdown). */
    drain: () => announcer.drain(),

    /**
     * Batches taken by the one-statement fast path and by the locked path, and the fast path's guarded statements
     * with the lots they wrote (several lots' batches share one: bid-write-combiner.ts), since start.
     */
    paths: () => ({ ...paths, ...fast.writes() }),

    /** The bench compares both paths in one run (before/after); nothing else turns the fast path off. */
    useFastPath(on: boolean): void {
      fastPathOn = on;
    },
  };
}
export type BidService = ReturnType<typeof createBidService>;
