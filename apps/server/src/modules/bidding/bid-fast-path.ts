import { lotPhase } from '@knotwork/shared/bidding/lot-phase';
import type { BidOutcome } from '@knotwork/shared/bidding/outcomes';
import type { LotEvent } from '@knotwork/shared/bidding/types';
import type { Db } from '../../db/client.ts';
import { num, onPostgres } from '../../db/raw.ts';
import { eventRows, sequence } from '../lots/lot-events.ts';
import { lockLot } from '../lots/lot-repository.ts';
import { rowWithState, type LockedLotRow } from '../lots/lot-state-codec.ts';
import { applyBidBatch, type BidRequest } from './bid-batch.ts';
import type { BatchResult } from './bid-transaction.ts';
import { outboxRowsOf, ownedOutbox } from './outbid-outbox.ts';
import { createBidWriteCombiner } from './bid-write-combiner.ts';

/**
 * The fast path stays this far from the lot's end (beyond its soft-close window): there, what the engine decides
 * does not depend on which millisecond the bid is stamped with, so this process's clock (corrected by the offset
 * measured against the database's) may stamp it. Closer to the end, the locked path stamps bids with the
 * database clock read under the lock, as before.
 */
const END_MARGIN_MS = 2_000;
/** Lots cached per process (a few hundred bytes each); beyond it the oldest entry goes. */
const MAX_CACHED_LOTS = 10_000;
/** Lots one guarded statement writes at most. */
const MAX_LOTS_PER_STATEMENT = 32;
/** Events a plain bid on an open lot emits; any other (opening, closing, soft close) takes the locked path. */
const PLAIN_BID_EVENTS: ReadonlySet<LotEvent['type']> = new Set([
  'bid_placed',
  'max_raised',
  'outbid',
  'reserve_met',
]);

/** Each bidder's highest maximum in a batch, for the statement's limit check (migration 0380). */
function highestMaxima(items: readonly BidRequest[]): { u: string; m: number }[] {
  const highest = new Map<string, number>();
  for (const i of items) highest.set(i.userId, Math.max(highest.get(i.userId) ?? 0, i.amount));
  return [...highest].map(([u, m]) => ({ u, m }));
}

interface CachedLot {
  row: LockedLotRow;
  /** The database clock minus this process's, ms, measured when the row was read under the lock. */
  clockOffsetMs: number;
}

/**
 * One round trip per bid batch in the common case (two for the first batch on a lot in this process). The process keeps the last lot row its own transactions left
 * (keyed by the URL's id) with the row versions (xmin) of the lot and its auction. A batch runs the engine on that
 * copy, then one statement (lot-change-repository.ts `writeLotChangesIfCurrent`, shared with other lots' batches by
 * bid-write-combiner.ts) locks the lot and writes the bids, events,
 * keys and new state only if the copy is still current; otherwise it writes nothing and the batch takes the
 * locked path (bid-transaction.ts), which refreshes the copy. Another process's bid, a job's open or close, a staff
 * edit of the lot or the sale: each changes a version, so a stale copy can never commit.
 *
 * Outbid notices go to the outbox in the same statement (outbid-outbox.ts); a worker sends them (decision 098).
 */
export function createFastBidPath(
  db: Db,
  options: {
    /** This process's worker sends outbid notices: rows are written claimed for it this long (decision 101). */
    outboxClaimMs?: number | null;
    /**
     * Guarded statements in flight at once (config BID_WRITE_STATEMENTS, bid-write-combiner.ts): other lots' writes
     * that arrive meanwhile share the next one. PGlite runs one statement at a time, so there it is always 1.
     */
    writeStatements: number;
  },
) {
  const outboxClaimMs = options.outboxClaimMs ?? null;
  const cache = new Map<string, CachedLot>();
  const writer = createBidWriteCombiner(db, {
    statements: onPostgres(db) ? options.writeStatements : 1,
    maxLots: MAX_LOTS_PER_STATEMENT,
  });

  function remember(target: string, row: LockedLotRow, clockOffsetMs: number) {
    cache.delete(target);
    cache.set(target, { row, clockOffsetMs });
    if (cache.size > MAX_CACHED_LOTS) cache.delete(cache.keys().next().value!);
  }

  return {
    /** Guarded statements sent and the lots they wrote (the bench prints lots per statement). */
    writes: () => writer.stats(),

    /** After a locked batch: the lot as it now stands (or forget it, when none matched). */
    remember(target: string, latest: LockedLotRow | null) {
      if (!latest) return void cache.delete(target);
      remember(target, latest, num(latest.now_ms) - Date.now());
    },

    /** The batch's result if the fast path could take it, or null: run the locked path instead. */
    async tryRun(target: string, items: readonly BidRequest[]): Promise<BatchResult | null> {
      let cached = cache.get(target);
      if (!cached) {
        // First batch on this lot in this process: one plain read (no lock, no transaction) instead of the locked
        // path's four round trips; if the lot changes meanwhile, the guarded write refuses and the locked path runs.
        const read = await lockLot(db, target, undefined, false);
        if (!read || read.auction_status === 'draft') return null;
        cached = { row: read, clockOffsetMs: num(read.now_ms) - Date.now() };
        remember(target, read, cached.clockOffsetMs);
      }
      const { row } = cached;
      const nowMs = Date.now() + cached.clockOffsetMs;
      const facts = { staff: [], blocked: [], consignors: [], liked: [], keys: [] };
      const applied = applyBidBatch(row, items, nowMs, facts);
      const { initial, state, rules, engineEvents, bids, keys } = applied;
      if (initial.status !== 'open' || lotPhase(initial, nowMs) !== 'open') return null;
      const deadlineMs =
        initial.endsAt - (rules.softClose.enabled ? rules.softClose.windowSeconds * 1000 : 0) - END_MARGIN_MS;
      if (nowMs >= deadlineMs) return null;
      if (state.status !== 'open' || engineEvents.some((e) => !PLAIN_BID_EVENTS.has(e.type))) return null;

      const lastSeq = num(row.seq);
      const events = sequence(engineEvents, lastSeq);
      const seq = lastSeq + events.length;
      const changed = events.length > 0;
      // The only notices a plain bid causes: outbid ones, written by the same statement (decision 098).
      const outbox = changed ? outboxRowsOf(events, state) : [];
      const result = await writer.write({
        lotId: row.id,
        rugId: row.rug_id,
        at: nowMs,
        state: changed ? state : null,
        seq,
        bids,
        events: eventRows(events),
        keys,
        outbox,
        outboxClaimMs,
        lotVersion: row.lot_version,
        auctionVersion: row.auction_version,
        deadlineMs,
        userIds: [...new Set(items.map((i) => i.userId))],
        limits: highestMaxima(items),
        registrationRequired: row.registration_required,
      });
      if (!result.applied) {
        cache.delete(target);
        return null;
      }
      const liked = new Set(result.liked);
      const outcomes = applied.outcomes.map((o, i): BidOutcome =>
        o.kind === 'accepted' && liked.has(items[i]!.userId) ? { ...o, lot: { ...o.lot, liked: true } } : o,
      );
      const after = changed ? rowWithState(row, state, seq) : row;
      remember(target, { ...after, lot_version: result.lotVersion ?? row.lot_version }, cached.clockOffsetMs);
      return {
        outcomes,
        committed: changed
          ? {
              row: after,
              state,
              seq,
              nowMs,
              events,
              previousLeader: initial.leader,
              pending: [],
              outbox: ownedOutbox(row.id, outbox, outboxClaimMs),
            }
          : null,
        latest: after,
      };
    },
  };
}
export type FastBidPath = ReturnType<typeof createFastBidPath>;
