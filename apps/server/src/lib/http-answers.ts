import { REFUSAL_CODES, type Refusal, type RefusalCode } from '@knotwork/shared/bidding/refusals';
import { apiMessages } from '@knotwork/shared/messages/api';
import { adminMessages } from '@knotwork/shared/schemas/admin';
import { biddingMessages, type Order } from '@knotwork/shared/schemas/bidding';
import type { Lot } from '@knotwork/shared/schemas/catalogue';
import {
  LIVE_REFUSAL_CODES,
  liveMessages,
  type LiveRefusalCode,
  type LiveSaleView,
} from '@knotwork/shared/schemas/live-sales';
import { HttpError } from './http-error.ts';

/**
 * The one adapter from the lot services' domain outcomes to HTTP: every service that changes a lot (bids, buy
 * now, staff withdrawals and voids, the live clerk and the room's bids) returns an outcome, and only this file
 * decides the status and body a refusal answers, for the route and for the answer stored with an Idempotency-Key.
 * It lives in lib/ so bidding, admin and live-sales all import it without importing each other.
 */

/** An HTTP answer as sent, and as stored for an Idempotency-Key and replayed verbatim on a retry. */
export interface Answer {
  statusCode: number;
  body: unknown;
}

/** Refusals decided before the engine is asked: who asks, whether the thing is there, a retry's key, the rug's hold. */
export const GATE_CODES = [
  'NOT_FOUND',
  'SIGNED_OUT',
  'STAFF_CANNOT_BID',
  'BIDDING_BLOCKED',
  'TRY_AGAIN',
  'IDEMPOTENCY_KEY_REUSED',
  'NOT_FOR_SALE',
  'RUG_RESERVED',
  'BID_ALREADY_VOIDED',
] as const;
export type GateCode = (typeof GATE_CODES)[number];

/** Every code a lot service may refuse with: the timed engine's, the live clerk's, and the gates before them. */
export type DomainRefusalCode = RefusalCode | LiveRefusalCode | GateCode;
export const DOMAIN_REFUSAL_CODES: readonly DomainRefusalCode[] = [
  ...REFUSAL_CODES,
  ...LIVE_REFUSAL_CODES,
  ...GATE_CODES,
];

/** Why a lot service said no. The timed engine's `Refusal` is one; `refusal()` builds the others. */
export interface DomainRefusal {
  code: DomainRefusalCode;
  message: string;
  /** For BID_TOO_LOW: the lowest bid that would have been accepted, in cents. */
  nextMinimum?: number;
}

const GATE_MESSAGES: Readonly<Record<GateCode, string>> = {
  NOT_FOUND: apiMessages.notFound,
  SIGNED_OUT: 'Please sign in again.',
  STAFF_CANNOT_BID: biddingMessages.staffCannotBid,
  BIDDING_BLOCKED: biddingMessages.biddingBlocked,
  TRY_AGAIN: biddingMessages.busy,
  IDEMPOTENCY_KEY_REUSED: biddingMessages.idempotencyKeyReused,
  NOT_FOR_SALE: biddingMessages.notForSale,
  RUG_RESERVED: biddingMessages.rugReserved,
  BID_ALREADY_VOIDED: adminMessages.bidAlreadyVoided,
};

/** A gate's or the live clerk's refusal, with its usual message unless the caller names the thing (e.g. "Lot not found"). */
export function refusal(code: GateCode | LiveRefusalCode, message?: string): DomainRefusal {
  const usual = (GATE_MESSAGES as Partial<Record<DomainRefusalCode, string>>)[code] ?? liveMessages[code];
  return { code, message: message ?? usual ?? apiMessages.notFound };
}

/**
 * The status of every refusal, written out so a new code cannot be added without choosing one (the type is
 * exhaustive; test/lib/http-answers.test.ts checks each is a 4xx). The amount itself unacceptable is 422, what
 * is not there 404, who asks 401/403, and the lot's or sale's state 409.
 */
export const REFUSAL_STATUS: Readonly<Record<DomainRefusalCode, 401 | 403 | 404 | 409 | 422>> = {
  // The timed engine.
  BID_TOO_LOW: 422,
  BID_NOT_WHOLE_UNIT: 422,
  BID_TOO_HIGH: 422,
  NOT_ABOVE_YOUR_MAX: 422,
  LOT_NOT_OPEN: 409,
  LOT_CLOSED: 409,
  LOT_WITHDRAWN: 409,
  LOT_ALREADY_OPEN: 409,
  LOT_NOT_STARTED: 409,
  LOT_NOT_ENDED: 409,
  BUY_NOW_UNAVAILABLE: 409,
  BID_NOT_FOUND: 404,
  BID_SUPERSEDED: 409,
  // The live clerk.
  NOT_WAITING: 409,
  NOT_OPEN: 409,
  NOT_PAUSED: 409,
  ASK_CHANGED: 409,
  ASK_TOO_LOW: 409,
  INVALID_AMOUNT: 409,
  INVALID_PADDLE: 409,
  ALREADY_LEADING: 409,
  NO_BID: 409,
  RESERVE_NOT_MET: 409,
  NOTHING_TO_UNDO: 409,
  NO_CURRENT_LOT: 409,
  LOT_NOT_IN_SALE: 404,
  LOT_IN_PROGRESS: 409,
  NEW_BID: 409,
  NOT_LIVE_SALE: 409,
  WRONG_LOT: 409,
  // Gates.
  NOT_FOUND: 404,
  SIGNED_OUT: 401,
  STAFF_CANNOT_BID: 403,
  BIDDING_BLOCKED: 403,
  TRY_AGAIN: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  NOT_FOR_SALE: 409,
  RUG_RESERVED: 409,
  BID_ALREADY_VOIDED: 409,
};

/** The one mapping of a refusal to HTTP: its status and `{ message, code, nextMinimum? }`. */
export function refusalAnswer(refused: DomainRefusal | Refusal): Answer {
  return {
    statusCode: REFUSAL_STATUS[refused.code],
    body: {
      message: refused.message,
      code: refused.code,
      ...(refused.nextMinimum !== undefined ? { nextMinimum: refused.nextMinimum } : {}),
    },
  };
}

/** What a lot service answers: its result, or why not. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: DomainRefusal };

/**
 * For routes that send their typed result and need no stored answer (staff actions, the live clerk): the value, or
 * the refusal thrown as the same answer `refusalAnswer` gives, which the error handler sends.
 */
export function valueOrThrow<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  const { statusCode } = refusalAnswer(outcome.refusal);
  throw new HttpError(statusCode, outcome.refusal.message, { code: outcome.refusal.code });
}

export const keyReused = (): Answer => refusalAnswer(refusal('IDEMPOTENCY_KEY_REUSED'));

/** What became of one bid request: the bid service's domain outcome, before it is an HTTP answer. */
export type BidOutcome =
  | { kind: 'accepted'; lot: Lot; standing: 'raised' | 'leading' | 'outbid' }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'staff' }
  | { kind: 'blocked' }
  | { kind: 'not_found' }
  | { kind: 'busy' }
  | { kind: 'key_reused' }
  /** An answer stored for the request's Idempotency-Key, replayed verbatim. */
  | { kind: 'replayed'; answer: Answer };

const ACCEPTED_MESSAGES = {
  raised: biddingMessages.maxRaised,
  leading: biddingMessages.bidPlaced,
  outbid: biddingMessages.bidPlacedOutbid,
} as const;

/** The gates a bid or a buy now can stop at, as refusals. */
const GATES = {
  staff: 'STAFF_CANNOT_BID',
  blocked: 'BIDDING_BLOCKED',
  not_found: 'NOT_FOUND',
  busy: 'TRY_AGAIN',
  key_reused: 'IDEMPOTENCY_KEY_REUSED',
  not_for_sale: 'NOT_FOR_SALE',
  rug_reserved: 'RUG_RESERVED',
} as const satisfies Record<string, GateCode>;

/** Every outcome of a bid, a buy now or a live bid that is not a success: one refusal, one gate, or a stored answer. */
type NotDone =
  | { kind: 'refused'; refusal: DomainRefusal }
  | { kind: 'replayed'; answer: Answer }
  | { kind: keyof typeof GATES };

function notDoneAnswer(outcome: NotDone): Answer {
  if (outcome.kind === 'refused') return refusalAnswer(outcome.refusal);
  if (outcome.kind === 'replayed') return outcome.answer;
  return refusalAnswer(refusal(GATES[outcome.kind]));
}

/** A bid's outcome as its HTTP answer: what the route sends and what an Idempotency-Key stores. */
export function bidAnswer(outcome: BidOutcome): Answer {
  switch (outcome.kind) {
    case 'accepted':
      return {
        statusCode: 201,
        body: { message: ACCEPTED_MESSAGES[outcome.standing], data: { lot: outcome.lot } },
      };
    default:
      return notDoneAnswer(outcome);
  }
}

/** What became of one buy-now request: the buy-now service's domain outcome. */
export type BuyNowOutcome =
  /** Bought from the rug's open lot at its buy-now price: the order and the closed lot. */
  | { kind: 'bought'; order: Order; lot: Lot }
  /** A fixed-price rug held for the caller (a new hold, or theirs still running). */
  | { kind: 'reserved'; order: Order }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'not_for_sale' }
  /** Another buyer holds the fixed-price rug. */
  | { kind: 'rug_reserved' }
  | { kind: 'staff' }
  | { kind: 'blocked' }
  | { kind: 'not_found' }
  | { kind: 'busy' }
  | { kind: 'replayed'; answer: Answer };

/** A buy now's outcome as its HTTP answer: what the route sends and what an Idempotency-Key stores. */
export function buyNowAnswer(outcome: BuyNowOutcome): Answer {
  switch (outcome.kind) {
    case 'bought':
      return {
        statusCode: 201,
        body: { message: biddingMessages.boughtNow, data: { order: outcome.order, lot: outcome.lot } },
      };
    case 'reserved':
      return {
        statusCode: 201,
        body: { message: biddingMessages.reserved, data: { order: outcome.order, lot: null } },
      };
    default:
      return notDoneAnswer(outcome);
  }
}

/** An online bid in a live sale: placed (the room's view and the bidder's label), refused, or a stored answer. */
export type LiveBidOutcome =
  | { kind: 'accepted'; view: LiveSaleView; label: string }
  | { kind: 'refused'; refusal: DomainRefusal }
  | { kind: 'replayed'; answer: Answer };

/** A live bid's outcome as its HTTP answer: what the route sends and what an Idempotency-Key stores. */
export function liveBidAnswer(outcome: LiveBidOutcome): Answer {
  switch (outcome.kind) {
    case 'accepted':
      return {
        statusCode: 201,
        body: { message: liveMessages.accepted, label: outcome.label, data: outcome.view },
      };
    default:
      return notDoneAnswer(outcome);
  }
}
