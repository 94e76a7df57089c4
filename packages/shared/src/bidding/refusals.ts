/**
 * Why the engine refused an action. Codes are stable strings the API can return (`{ message, code }`) and
 * the client can branch on; messages are what the user reads.
 */
export const REFUSAL_CODES = [
  'BID_TOO_LOW',
  'BID_NOT_WHOLE_UNIT',
  'BID_TOO_HIGH',
  'NOT_ABOVE_YOUR_MAX',
  'LOT_NOT_OPEN',
  'LOT_CLOSED',
  'LOT_WITHDRAWN',
  'LOT_ALREADY_OPEN',
  'LOT_NOT_STARTED',
  'LOT_NOT_ENDED',
  'BUY_NOW_UNAVAILABLE',
  'BID_NOT_FOUND',
  'BID_SUPERSEDED',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

export const refusalMessages: Readonly<Record<RefusalCode, string>> = {
  BID_TOO_LOW: 'Your bid is below the next minimum bid.',
  BID_NOT_WHOLE_UNIT: 'Bids must be a whole amount, without cents.',
  BID_TOO_HIGH: 'Your bid is above the highest bid we can accept.',
  NOT_ABOVE_YOUR_MAX: 'You are already the highest bidder. To raise your maximum, bid more than it.',
  LOT_NOT_OPEN: 'This lot is not open for bidding.',
  LOT_CLOSED: 'This lot has closed.',
  LOT_WITHDRAWN: 'This lot has been withdrawn.',
  LOT_ALREADY_OPEN: 'This lot is already open.',
  LOT_NOT_STARTED: 'This lot is not due to open yet.',
  LOT_NOT_ENDED: 'This lot has not reached its end time yet.',
  BUY_NOW_UNAVAILABLE: 'Buy now is not available for this lot.',
  BID_NOT_FOUND: 'That bid is not among the accepted bids of this lot.',
  BID_SUPERSEDED: 'After a voided bid was removed, this bid is below the current price and no longer counts.',
};

export interface Refusal {
  code: RefusalCode;
  message: string;
  /** For BID_TOO_LOW: the lowest bid that would have been accepted, in cents. */
  nextMinimum?: number;
}

export const refuse = (code: RefusalCode, extra?: Pick<Refusal, 'nextMinimum'>): Refusal => ({
  code,
  message: refusalMessages[code],
  ...extra,
});
