import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { applyAction } from '@knotwork/shared/bidding/engine';
import { lotPhase } from '@knotwork/shared/bidding/lot-phase';
import type { LotEvent, LotState } from '@knotwork/shared/bidding/types';
import { apiMessages } from '@knotwork/shared/messages/api';
import { biddingMessages } from '@knotwork/shared/schemas/bidding';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/bus.ts';
import { isUuid, num } from '../../db/raw.ts';
import { notifyLotChange } from '../notifications/lot-notifications.ts';
import type { DeliverNotifications, PendingNotification } from '../notifications/notifier.ts';
import {
  findStoredKey,
  isKeyConflict,
  isTransient,
  keyReused,
  replayStored,
  type Answer,
  type IdempotencyRequest,
} from './idempotency.ts';
import { eventRows, publishLotChange, sequence, type SequencedEvent } from '../lots/lot-events.ts';
import { callerFieldsFromState, lotPayload } from '../lots/lot-payload.ts';
import { createKeyedBatcher } from './lot-queue.ts';
import { lockLot, writeLotChange, type NewBidRow, type NewKeyRow } from '../lots/lot-repository.ts';
import { rowWithState, rulesFromRow, stateFromRow, type LockedLotRow } from '../lots/lot-state-codec.ts';
import { blockedAnswer, busyAnswer, refusalAnswer, staffAnswer } from './refusal-answers.ts';

export interface BidRequest {
  userId: string;
  /** The rug id or the lot id from the URL. */
  target: string;
  /** The bidder's maximum, cents. */
  amount: number;
  idempotency?: IdempotencyRequest;
}

/** Bids that queued up while a transaction ran share the next one; this caps one transaction's size. */
const MAX_BATCH = 64;

const notFoundAnswer = (): Answer => ({ statusCode: 404, body: { message: apiMessages.notFound } });

interface Committed {
  row: LockedLotRow;
  state: LotState;
  seq: number;
  nowMs: number;
  events: SequencedEvent[];
  previousLeader: string | null;
  /** Notifications the batch wrote (outbid, watched lot opened), announced after commit. */
  pending: PendingNotification[];
}

export interface BidServiceDeps {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  /** Site currency (config CURRENCY), for the amounts in notifications. */
  currency: string;
  /** After-commit delivery of notifications (live `notification.created` and Web Push). */
  deliver: DeliverNotifications;
}

export function createBidService({ db, bus, log, currency, deliver }: BidServiceDeps) {
  /** One transaction for a batch of bids on one target: lock, apply each in order, one write, notices, commit. */
  async function transact(
    target: string,
    items: BidRequest[],
  ): Promise<{ answers: Answer[]; committed: Committed | null }> {
    return db.transaction(async (tx) => {
      const row = await lockLot(tx, target, {
        userIds: [...new Set(items.map((i) => i.userId))],
        keys: items.flatMap((i) => (i.idempotency ? [{ userId: i.userId, key: i.idempotency.key }] : [])),
      });
      if (!row) return { answers: items.map(notFoundAnswer), committed: null };

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
      const answers: Answer[] = [];
      const bids: NewBidRow[] = [];
      const keys: NewKeyRow[] = [];
      const keyIndex = new Map<string, { hash: string; index: number }>();
      const stored = new Map(row.keys.map((k) => [`${k.user_id}\u0000${k.key}`, k]));

      items.forEach((item, index) => {
        const idem = item.idempotency;
        const keyId = idem ? `${item.userId}\u0000${idem.key}` : '';
        if (idem) {
          const previous = stored.get(keyId);
          if (previous) return void answers.push(replayStored(previous, idem.hash));
          const earlier = keyIndex.get(keyId);
          if (earlier)
            return void answers.push(earlier.hash === idem.hash ? answers[earlier.index]! : keyReused());
        }
        let answer: Answer;
        if (row.staff.includes(item.userId)) answer = staffAnswer();
        else if (row.blocked.includes(item.userId)) answer = blockedAnswer();
        else {
          const bidId = crypto.randomUUID();
          const result = applyAction(rules, state, {
            type: 'bid',
            bidId,
            bidderId: item.userId,
            amount: item.amount,
            at: nowMs,
          });
          if (!result.ok) answer = refusalAnswer(result.refusal);
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
            const seqNow = lastSeq + engineEvents.length;
            const caller = callerFieldsFromState(state, item.userId, row.liked.includes(item.userId));
            const message =
              before.leader === item.userId
                ? biddingMessages.maxRaised
                : caller.leading
                  ? biddingMessages.bidPlaced
                  : biddingMessages.bidPlacedOutbid;
            answer = {
              statusCode: 201,
              body: { message, data: { lot: lotPayload(rowWithState(row, state, seqNow), nowMs, caller) } },
            };
          }
        }
        answers.push(answer);
        if (idem) {
          keyIndex.set(keyId, { hash: idem.hash, index });
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
        answers,
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

  /** After commit: live events and notifications; neither can fail the bid. */
  async function announce(committed: Committed) {
    const logError = (err: unknown) => log.error({ err }, 'publishing a lot change failed');
    await publishLotChange(bus, committed, logError);
    // deliver never throws; the catch guards the bid queue against a future change that would.
    await deliver(committed.pending).catch(logError);
  }

  /** A single bid whose transaction failed: a key stored meanwhile by another process, or a lock that gave up. */
  async function recover(item: BidRequest, err: unknown): Promise<Answer> {
    if (item.idempotency && isKeyConflict(err)) {
      const stored = await findStoredKey(db, item.userId, item.idempotency.key);
      if (stored) return replayStored(stored, item.idempotency.hash);
    }
    if (isTransient(err)) return busyAnswer();
    throw err;
  }

  /** Announcements still running, so a shutdown can let them finish before the database closes. */
  const announcing = new Set<Promise<void>>();

  async function runBatch(target: string, items: BidRequest[]): Promise<Answer[]> {
    try {
      const { answers, committed } = await transact(target, items);
      // Not awaited: the lot's next batch must not wait for Web Push round trips to other bidders (up to 10 s).
      if (committed) {
        const running: Promise<void> = announce(committed)
          .catch((err: unknown) => log.error({ err }, 'announcing a lot change failed'))
          .finally(() => announcing.delete(running));
        announcing.add(running);
      }
      return answers;
    } catch (err) {
      if (items.length === 1) return [await recover(items[0]!, err)];
      // One bad item (e.g. a key another process stored meanwhile) must not sink the others: go one by one.
      const answers: Answer[] = [];
      for (const item of items) answers.push(...(await runBatch(target, [item])));
      return answers;
    }
  }

  // Keyed by the id in the URL: clients use one form per lot (rug id or lot id), so one queue per lot.
  const batcher = createKeyedBatcher<BidRequest, Answer>(async (target, items) => runBatch(target, items), {
    maxBatch: MAX_BATCH,
  });

  return {
    /** Place a bid (the caller's maximum); answers the HTTP status and body (stored for the Idempotency-Key). */
    async place(request: BidRequest): Promise<Answer> {
      if (!isUuid(request.target)) return notFoundAnswer();
      return batcher.submit(request.target.toLowerCase(), request);
    },

    /** Resolves when every after-commit announcement started so far has finished (server shutdown). */
    async drain(): Promise<void> {
      while (announcing.size > 0) await Promise.allSettled([...announcing]);
    },
  };
}
export type BidService = ReturnType<typeof createBidService>;
