import crypto from 'node:crypto';
import { applyAction } from '@knotwork/shared/bidding/engine';
import { lotPhase } from '@knotwork/shared/bidding/lot-phase';
import { checkBiddingLimit, type LimitExceeded } from '@knotwork/shared/bidding/exposure';
import { registrationGate, type BidOutcome } from '@knotwork/shared/bidding/outcomes';
import type { LotEvent, LotRules, LotState } from '@knotwork/shared/bidding/types';
import { num } from '../../db/raw.ts';
import { callerFieldsFromState, lotPayload } from '../lots/lot-payload.ts';
import type { NewBidRow, NewKeyRow } from '../lots/lot-change-repository.ts';
import { rowWithState, rulesFromRow, stateFromRow, type LockedLotRow } from '../lots/lot-state-codec.ts';
import { replayOf, type KeyedRequest } from './idempotency.ts';
import type { BidderLimitFacts } from '../lots/bidder-limit-repository.ts';

/**
 * Whether a limited bidder's maximum on this lot would take them past their limit (decision 090). Their lines on
 * other lots are fixed for the batch (their rows are locked); a line on this lot is their own leading maximum,
 * which a new maximum replaces, so earlier bids of theirs in the same batch need no bookkeeping.
 */
function overLimit(facts: BatchFacts, lotId: string, item: BidRequest): LimitExceeded | null {
  const limit = facts.limits?.get(item.userId);
  if (!limit) return null;
  return checkBiddingLimit({ ...limit, lotId, amountCents: item.amount });
}

export interface BidRequest {
  userId: string;
  /** The rug id or the lot id from the URL. */
  target: string;
  /** The bidder's maximum, cents. */
  amount: number;
  /** With an Idempotency-Key: the route's adapter makes the answer stored with it. */
  idempotency?: KeyedRequest<BidOutcome>;
}

/** Per-caller facts read with the lot (the slow path) or guarded in the write (the fast path: all empty). */
export interface BatchFacts {
  staff: readonly string[];
  blocked: readonly string[];
  /** Bidders who consigned the lot's rug (lots/own-lot-sql.ts): refused OWN_LOT. */
  consignors: readonly string[];
  /** Callers without an approved registration in a sale that requires one (decision 090); none on the fast path. */
  unregistered?: readonly { user_id: string; status: 'pending' | 'rejected' | null }[];
  /** Callers without the deposit the sale or the lot asks (decision 091); none on the fast path. */
  undeposited?: readonly string[];
  /** Bidders with a bidding limit, locked with their exposure (bidder-limit-repository.ts); none on the fast path. */
  limits?: ReadonlyMap<string, BidderLimitFacts>;
  liked: readonly string[];
  keys: readonly {
    user_id: string;
    key: string;
    request_hash: string;
    status_code: number;
    response: unknown;
  }[];
}

export interface AppliedBatch {
  rules: LotRules;
  initial: LotState;
  state: LotState;
  engineEvents: LotEvent[];
  outcomes: BidOutcome[];
  bids: NewBidRow[];
  keys: NewKeyRow[];
}

/**
 * The pure part of a bid batch, shared by the locked transaction (bid-transaction.ts) and the one-statement fast
 * path (bid-fast-path.ts): opens a due lot, applies each bid in order with the engine, and builds each request's
 * outcome, the bid rows and the idempotency records to write (each answer made by the route's adapter). No I/O.
 */
export function applyBidBatch(
  row: LockedLotRow,
  items: readonly BidRequest[],
  nowMs: number,
  facts: BatchFacts,
): AppliedBatch {
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
  const stored = new Map(facts.keys.map((k) => [`${k.user_id}\u0000${k.key}`, k]));

  items.forEach((item, index) => {
    const idem = item.idempotency;
    const keyId = idem ? `${item.userId}\u0000${idem.key}` : '';
    if (idem) {
      const previous = stored.get(keyId);
      if (previous) return void outcomes.push(replayOf(previous, idem.hash));
      const earlier = keyIndex.get(keyId);
      if (earlier)
        return void outcomes.push(
          earlier.hash === idem.hash ? outcomes[earlier.index]! : { kind: 'key_reused' },
        );
    }
    let outcome: BidOutcome;
    const over = overLimit(facts, row.id, item);
    const unregistered = facts.unregistered?.find((u) => u.user_id === item.userId);
    if (facts.staff.includes(item.userId)) outcome = { kind: 'staff' };
    else if (facts.blocked.includes(item.userId)) outcome = { kind: 'blocked' };
    else if (facts.consignors.includes(item.userId)) outcome = { kind: 'own_lot' };
    else if (unregistered) outcome = { kind: registrationGate(unregistered.status) };
    else if (facts.undeposited?.includes(item.userId)) outcome = { kind: 'deposit_required' };
    else if (over) outcome = { kind: 'over_limit', limit: over };
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
        const caller = callerFieldsFromState(state, item.userId, facts.liked.includes(item.userId));
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
      const answer = idem.answer(outcome);
      keys.push({
        user_id: item.userId,
        key: idem.key,
        request_hash: idem.hash,
        status_code: answer.statusCode,
        response: answer.body,
      });
    }
  });
  return { rules, initial, state, engineEvents, outcomes, bids, keys };
}
