import type { Refusal, RefusalCode } from '@knotwork/shared/bidding/refusals';
import { biddingMessages } from '@knotwork/shared/schemas/bidding';
import { apiMessages } from '@knotwork/shared/messages/api';
import type { Lot } from '@knotwork/shared/schemas/catalogue';
import { keyReused, type Answer } from './idempotency.ts';

/**
 * The bidding module's one adapter from domain outcomes to HTTP answers (status and body), used by the routes and
 * for the answers stored with an Idempotency-Key.
 */

/** The amount itself is unacceptable (422); everything else is the lot's state (409). */
const AMOUNT_CODES: ReadonlySet<RefusalCode> = new Set([
  'BID_TOO_LOW',
  'BID_NOT_WHOLE_UNIT',
  'BID_TOO_HIGH',
  'NOT_ABOVE_YOUR_MAX',
]);

export function refusalAnswer(refusal: Refusal): Answer {
  return {
    statusCode: AMOUNT_CODES.has(refusal.code) ? 422 : 409,
    body: {
      message: refusal.message,
      code: refusal.code,
      ...(refusal.nextMinimum !== undefined ? { nextMinimum: refusal.nextMinimum } : {}),
    },
  };
}

export const blockedAnswer = (): Answer => ({
  statusCode: 403,
  body: { message: biddingMessages.biddingBlocked, code: 'BIDDING_BLOCKED' },
});

export const staffAnswer = (): Answer => ({
  statusCode: 403,
  body: { message: biddingMessages.staffCannotBid, code: 'STAFF_CANNOT_BID' },
});

export const busyAnswer = (): Answer => ({
  statusCode: 409,
  body: { message: biddingMessages.busy, code: 'TRY_AGAIN' },
});

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

/** The one mapping of a bid outcome to its HTTP answer: what the route sends and what an Idempotency-Key stores. */
export function bidAnswer(outcome: BidOutcome): Answer {
  switch (outcome.kind) {
    case 'accepted':
      return {
        statusCode: 201,
        body: { message: ACCEPTED_MESSAGES[outcome.standing], data: { lot: outcome.lot } },
      };
    case 'refused':
      return refusalAnswer(outcome.refusal);
    case 'staff':
      return staffAnswer();
    case 'blocked':
      return blockedAnswer();
    case 'not_found':
      return { statusCode: 404, body: { message: apiMessages.notFound } };
    case 'busy':
      return busyAnswer();
    case 'key_reused':
      return keyReused();
    case 'replayed':
      return outcome.answer;
  }
}
