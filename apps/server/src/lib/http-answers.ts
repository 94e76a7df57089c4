import type { Refusal } from '@knotwork/shared/bidding/refusals';
import {
  refusal,
  type BidOutcome,
  type BuyNowOutcome,
  REGISTRATION_GATE_CODES,
  type DomainRefusal,
  type DomainRefusalCode,
  type GateCode,
  type LiveBidOutcome,
  type Outcome,
  type StoredAnswer,
} from '@knotwork/shared/bidding/outcomes';
import { biddingMessages, type OverLimit } from '@knotwork/shared/schemas/bidding';
import { liveMessages } from '@knotwork/shared/schemas/live-sales';
import { HttpError } from './http-error.ts';

/**
 * The one adapter from the lot services' domain outcomes (packages/shared/src/bidding/outcomes.ts) to HTTP: every
 * service that changes a lot (bids, buy now, staff withdrawals and voids, the live clerk and the room's bids)
 * returns an outcome, and only this file decides the status and body it answers. The route makes the answer, once
 * per request; a request with an Idempotency-Key hands the route's adapter to the service, which stores the same
 * answer in the request's transaction. It lives in lib/ so bidding, admin and live-sales all use it without
 * importing each other.
 */

/** An HTTP answer as sent, and as stored for an Idempotency-Key and replayed verbatim on a retry. */
export type Answer = StoredAnswer;

/**
 * Send an answer from a route. The route's response schema serialises the body at run time (a replayed answer is
 * only `unknown` to the compiler), so the reply is taken by what it can do rather than by its typed bodies.
 */
export function sendAnswer<R extends { code(statusCode: number): { send(payload: unknown): unknown } }>(
  reply: R,
  answer: Answer,
): R {
  reply.code(answer.statusCode).send(answer.body);
  return reply;
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
  OPERATORS_NOT_READY: 409,
  // Gates.
  NOT_FOUND: 404,
  SIGNED_OUT: 401,
  STAFF_CANNOT_BID: 403,
  BIDDING_BLOCKED: 403,
  OWN_LOT: 403,
  OVER_LIMIT: 403,
  NOT_REGISTERED: 403,
  REGISTRATION_PENDING: 403,
  REGISTRATION_REJECTED: 403,
  DEPOSIT_REQUIRED: 403,
  TRY_AGAIN: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  NOT_FOR_SALE: 409,
  RUG_RESERVED: 409,
  BID_ALREADY_VOIDED: 409,
};

/** The one mapping of a refusal to HTTP: its status and `{ message, code, nextMinimum?, limit? }`. */
export function refusalAnswer(refused: DomainRefusal | Refusal): Answer {
  return {
    statusCode: REFUSAL_STATUS[refused.code],
    body: {
      message: refused.message,
      code: refused.code,
      ...(refused.nextMinimum !== undefined ? { nextMinimum: refused.nextMinimum } : {}),
      ...('limit' in refused && refused.limit ? { limit: refused.limit } : {}),
    },
  };
}

/**
 * For routes that send their typed result and need no stored answer (staff actions, the live clerk): the value, or
 * the refusal thrown as the same answer `refusalAnswer` gives, which the error handler sends.
 */
export function valueOrThrow<T>(outcome: Outcome<T>): T {
  if (outcome.ok) return outcome.value;
  const { statusCode } = refusalAnswer(outcome.refusal);
  throw new HttpError(statusCode, outcome.refusal.message, { code: outcome.refusal.code });
}

const ACCEPTED_MESSAGES = {
  raised: biddingMessages.maxRaised,
  leading: biddingMessages.bidPlaced,
  outbid: biddingMessages.bidPlacedOutbid,
} as const;

/** The gates a bid or a buy now can stop at, as refusals. */
const GATES = {
  staff: 'STAFF_CANNOT_BID',
  blocked: 'BIDDING_BLOCKED',
  own_lot: 'OWN_LOT',
  ...REGISTRATION_GATE_CODES,
  deposit_required: 'DEPOSIT_REQUIRED',
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
  | { kind: 'over_limit'; limit: OverLimit }
  | { kind: keyof typeof GATES };

function notDoneAnswer(outcome: NotDone): Answer {
  if (outcome.kind === 'refused') return refusalAnswer(outcome.refusal);
  if (outcome.kind === 'replayed') return outcome.answer;
  if (outcome.kind === 'over_limit') return refusalAnswer({ ...refusal('OVER_LIMIT'), limit: outcome.limit });
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
