import type { BidOutcome } from '@knotwork/shared/bidding/outcomes';
import type { LotState } from '@knotwork/shared/bidding/types';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/raw.ts';
import { notifyLotChange } from '../notifications/lot-notifications.ts';
import type { PendingNotification } from '../notifications/notifier.ts';
import { eventRows, sequence, type SequencedEvent } from '../lots/lot-events.ts';
import { lockLot } from '../lots/lot-repository.ts';
import { writeLotChange } from '../lots/lot-change-repository.ts';
import { rowWithState, type LockedLotRow } from '../lots/lot-state-codec.ts';
import { applyBidBatch, type BidRequest } from './bid-batch.ts';
import { lockBidderLimits } from '../lots/bidder-limit-repository.ts';
import { outboxRowsOf, ownedOutbox } from './outbid-outbox.ts';
import type { OutboxRow } from '../notifications/outbid-outbox-repository.ts';

export type { BidRequest } from './bid-batch.ts';

/** A batch's committed lot change, for the after-commit announcer. */
export interface CommittedBids {
  row: LockedLotRow;
  state: LotState;
  seq: number;
  nowMs: number;
  events: SequencedEvent[];
  previousLeader: string | null;
  /** Notifications the batch wrote (watched lot opened), announced after commit. */
  pending: PendingNotification[];
  /**
   * Outbid notices written to the outbox with the bids (decision 098), and whether the statement claimed them for
   * this process's worker: the announcer hands claimed rows to it, or wakes it to claim them (decision 101).
   */
  outbox: { rows: OutboxRow[]; claimed: boolean };
}

/** What a batch leaves behind: each request's outcome, the change to announce and the lot as it now stands. */
export interface BatchResult {
  outcomes: BidOutcome[];
  committed: CommittedBids | null;
  /** The lot row after the batch, with its new version (for the fast path's cache); null when no lot matched. */
  latest: LockedLotRow | null;
}

/**
 * The locked path: one transaction for a batch of bids on one target: lock (reading the caller facts and the
 * database clock), apply each bid (bid-batch.ts), one write (bids, events, keys, outbid notices' outbox rows and the
 * new state), other notices, commit. Used when the fast path (bid-fast-path.ts) cannot be: first bid on a lot in this process, a lot changed
 * elsewhere, near its end, or any bid that is not a plain bid on an open lot.
 */
export async function runBidTransaction(
  db: Db,
  currency: string,
  target: string,
  items: readonly BidRequest[],
  /** This process's worker sends the batch's outbid notices: the rows are written claimed for it this long. */
  outboxClaimMs: number | null = null,
): Promise<BatchResult> {
  return db.transaction(async (tx) => {
    const row = await lockLot(tx, target, {
      userIds: [...new Set(items.map((i) => i.userId))],
      keys: items.flatMap((i) => (i.idempotency ? [{ userId: i.userId, key: i.idempotency.key }] : [])),
    });
    // A draft sale never opens by itself (decision 074): its lots are not there for bidders.
    if (!row || row.auction_status === 'draft')
      return {
        outcomes: items.map((): BidOutcome => ({ kind: 'not_found' })),
        committed: null,
        latest: null,
      };

    const nowMs = Math.floor(num(row.now_ms));
    // Limited bidders only: their rows locked after the lot's, their exposure read after the lock (decision 090).
    const limits = row.limited.length ? await lockBidderLimits(tx, row.limited) : undefined;
    const { state, initial, engineEvents, outcomes, bids, keys } = applyBidBatch(row, items, nowMs, {
      ...row,
      limits,
    });
    const lastSeq = num(row.seq);
    const events = sequence(engineEvents, lastSeq);
    const seq = lastSeq + events.length;
    const changed = events.length > 0;
    // Once for the whole batch, with its final state: a previous leader who leads again by its end is not told.
    const outbox = changed ? outboxRowsOf(events, state) : [];
    const version = await writeLotChange(tx, {
      lotId: row.id,
      at: nowMs,
      state: changed ? state : null,
      seq,
      bids,
      events: eventRows(events),
      keys,
      outbox,
      outboxClaimMs,
    });
    // In the same transaction: the other notices (a watched lot opened); outbid ones went to the outbox above.
    const pending = changed
      ? await notifyLotChange(tx, { row, state, events, order: null }, { currency, outbid: 'outbox' })
      : [];
    const after = changed ? rowWithState(row, state, seq) : row;
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
            pending,
            outbox: ownedOutbox(row.id, outbox, outboxClaimMs),
          }
        : null,
      latest: { ...after, lot_version: version ?? row.lot_version },
    };
  });
}
