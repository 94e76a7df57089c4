import crypto from 'node:crypto';
import { applyAction } from '@knotwork/shared/bidding/engine';
import { lotPhase } from '@knotwork/shared/bidding/lot-phase';
import type { LotEvent, LotState } from '@knotwork/shared/bidding/types';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/raw.ts';
import { notifyLotChange } from '../notifications/lot-notifications.ts';
import type { PendingNotification } from '../notifications/notifier.ts';
import { eventRows, sequence, type SequencedEvent } from '../lots/lot-events.ts';
import { callerFieldsFromState, lotPayload } from '../lots/lot-payload.ts';
import { lockLot, writeLotChange, type NewBidRow, type NewKeyRow } from '../lots/lot-repository.ts';
import { rowWithState, rulesFromRow, stateFromRow, type LockedLotRow } from '../lots/lot-state-codec.ts';
import { bidAnswer, type BidOutcome } from './http-answers.ts';
import { replayStored, type IdempotencyRequest } from './idempotency.ts';

export interface BidRequest {
  userId: string;
  /** The rug id or the lot id from the URL. */
  target: string;
  /** The bidder's maximum, cents. */
  amount: number;
  idempotency?: IdempotencyRequest;
}

/** A batch's committed lot change, for the after-commit announcer. */
export interface CommittedBids {
  row: LockedLotRow;
  state: LotState;
  seq: number;
  nowMs: number;
  events: SequencedEvent[];
  previousLeader: string | null;
  /** Notifications the batch wrote (outbid, watched lot opened), announced after commit. */
  pending: PendingNotification[];
}

/**
 * One transaction for a batch of bids on one target: lock, apply each in order, one write (bids, events, keys
 * and the new state), notices, commit. Returns each request's outcome, in order, and the change to announce.
 */
export async function runBidTransaction(
  db: Db,
  currency: string,
  target: string,
  items: readonly BidRequest[],
): Promise<{ outcomes: BidOutcome[]; committed: CommittedBids | null }> {
  return db.transaction(async (tx) => {
    const row = await lockLot(tx, target, {
      userIds: [...new Set(items.map((i) => i.userId))],
      keys: items.flatMap((i) => (i.idempotency ? [{ userId: i.userId, key: i.idempotency.key }] : [])),
    });
    if (!row) return { outcomes: items.map((): BidOutcome => ({ kind: 'not_found' })), committed: null };

    const nowMs = Math.floor(num(row.now_ms));
    const rules = rulesFromRow(row);
    const initial = stateFromRow(row, rules);
    let state = initial;
    const engineEvents: LotEvent[] = [];
    // A lot due to open opens with the first bid that reaches it (the jobs open it too; whoever locks first).
    if (state.status === 'scheduled' && lotPhase(state, nowMs) === 'open') {
      const opened = applyAction(rules, state, { type: 'open', at: nowMs });
      if (opened.ok) {
        state = opened.state;
        engineEvents.push(...opened.events);
      }
    }

    const lastSeq = num(row.seq);
    const outcomes: BidOutcome[] = [];
    const bids: NewBidRow[] = [];
    const keys: NewKeyRow[] = [];
    const keyIndex = new Map<string, { hash: string; index: number }>();
    const stored = new Map(row.keys.map((k) => [`${k.user_id}\u0000${k.key}`, k]));

    items.forEach((item, index) => {
      const idem = item.idempotency;
      const keyId = idem ? `${item.userId}\u0000${idem.key}` : '';
      if (idem) {
        const previous = stored.get(keyId);
        if (previous)
          return void outcomes.push({ kind: 'replayed', answer: replayStored(previous, idem.hash) });
        const earlier = keyIndex.get(keyId);
        if (earlier)
          return void outcomes.push(
            earlier.hash === idem.hash ? outcomes[earlier.index]! : { kind: 'key_reused' },
          );
      }
      let outcome: BidOutcome;
      if (row.staff.includes(item.userId)) outcome = { kind: 'staff' };
      else if (row.blocked.includes(item.userId)) outcome = { kind: 'blocked' };
      else {
        const bidId = crypto.randomUUID();
        const result = applyAction(rules, state, {
          type: 'bid',
          bidId,
          bidderId: item.userId,
          amount: item.amount,
          at: nowMs,
        });
        if (!result.ok) outcome = { kind: 'refused', refusal: result.refusal };
        else {
          const before = state;
          state = result.state;
          bids.push({
            id: bidId,
            bidder_id: item.userId,
            max_amount: item.amount,
            event_seq: lastSeq + engineEvents.length + 1,
            idempotency_key: idem?.key ?? null,
          });
          engineEvents.push(...result.events);
          const caller = callerFieldsFromState(state, item.userId, row.liked.includes(item.userId));
          outcome = {
            kind: 'accepted',
            lot: lotPayload(rowWithState(row, state, lastSeq + engineEvents.length), nowMs, caller),
            standing: before.leader === item.userId ? 'raised' : caller.leading ? 'leading' : 'outbid',
          };
        }
      }
      outcomes.push(outcome);
      if (idem) {
        keyIndex.set(keyId, { hash: idem.hash, index });
        const answer = bidAnswer(outcome);
        keys.push({
          user_id: item.userId,
          key: idem.key,
          request_hash: idem.hash,
          status_code: answer.statusCode,
          response: answer.body,
        });
      }
    });

    const events = sequence(engineEvents, lastSeq);
    const seq = lastSeq + events.length;
    const changed = events.length > 0;
    await writeLotChange(tx, {
      lotId: row.id,
      at: nowMs,
      state: changed ? state : null,
      seq,
      bids,
      events: eventRows(events),
      keys,
    });
    // In the same transaction, once for the whole batch: notifyLotChange sees every event and the final
    // state, so a previous leader who leads again by the end of the batch is not told they were outbid.
    const pending = changed
      ? await notifyLotChange(tx, { row, state, events, order: null }, { currency })
      : [];
    return {
      outcomes,
      committed: changed
        ? {
            row: rowWithState(row, state, seq),
            state,
            seq,
            nowMs,
            events,
            previousLeader: initial.leader,
            pending,
          }
        : null,
    };
  });
}
