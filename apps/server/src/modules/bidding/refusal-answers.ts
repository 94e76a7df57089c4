import type { Refusal, RefusalCode } from '@knotwork/shared/bidding/refusals';
import { biddingMessages } from '@knotwork/shared/schemas/bidding';
import type { Answer } from './idempotency.ts';

/** The amount itself is unacceptable (422); everything else is the lot's state (409). */
const AMOUNT_CODES: ReadonlySet<RefusalCode> = new Set(['BID_TOO_LOW', 'BID_NOT_WHOLE_UNIT', 'BID_TOO_HIGH', 'NOT_ABOVE_YOUR_MAX']);

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

export const busyAnswer = (): Answer => ({ statusCode: 409, body: { message: biddingMessages.busy, code: 'TRY_AGAIN' } });
