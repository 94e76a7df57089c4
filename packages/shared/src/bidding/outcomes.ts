import { apiMessages } from '../messages/api.ts';
import { adminMessages } from '../schemas/sales-staff.ts';
import { biddingMessages, type Order, type OverLimit } from '../schemas/bidding.ts';
import type { Lot } from '../schemas/catalogue.ts';
import {
  LIVE_REFUSAL_CODES,
  liveMessages,
  type LiveRefusalCode,
  type LiveSaleView,
} from '../schemas/live-sales.ts';
import { REFUSAL_CODES, type Refusal, type RefusalCode } from './refusals.ts';

/**
 * What the lot services answer, as the domain says it: a result or why not, with no HTTP in it. The server's
 * routes turn these into HTTP answers (apps/server/src/lib/http-answers.ts), once per request.
 */

/** Refusals decided before the engine is asked: who asks, whether the thing is there, a retry's key, the rug's hold. */
export const GATE_CODES = [
  'NOT_FOUND',
  'SIGNED_OUT',
  'STAFF_CANNOT_BID',
  'BIDDING_BLOCKED',
  /** The bidder consigned the rug (its open consignment item's consignor is linked to their account). */
  'OWN_LOT',
  /** The bid or buy would take the bidder's exposure past their bidding limit (exposure.ts, decision 090). */
  'OVER_LIMIT',
  /** The sale requires registration (decision 090) and the bidder has none, one waiting, or one rejected. */
  'NOT_REGISTERED',
  'REGISTRATION_PENDING',
  'REGISTRATION_REJECTED',
  /** The sale, or the lot by its estimate, asks a deposit the bidder has not placed (decision 091). */
  'DEPOSIT_REQUIRED',
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
  /** For OVER_LIMIT: the limit, what is committed elsewhere and what is left for this lot, in cents. */
  limit?: OverLimit;
}

const GATE_MESSAGES: Readonly<Record<GateCode, string>> = {
  NOT_FOUND: apiMessages.notFound,
  SIGNED_OUT: 'Please sign in again.',
  STAFF_CANNOT_BID: biddingMessages.staffCannotBid,
  BIDDING_BLOCKED: biddingMessages.biddingBlocked,
  OWN_LOT: biddingMessages.ownLot,
  OVER_LIMIT: biddingMessages.overLimit,
  NOT_REGISTERED: biddingMessages.notRegistered,
  REGISTRATION_PENDING: biddingMessages.registrationPending,
  REGISTRATION_REJECTED: biddingMessages.registrationRejected,
  DEPOSIT_REQUIRED: biddingMessages.depositRequired,
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

/** What a lot service answers: its result, or why not. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: DomainRefusal };

/**
 * The reply stored with an Idempotency-Key, replayed verbatim on a retry. The domain keeps it opaque: it was made
 * by the route's adapter from the first request's outcome and is handed back unread.
 */
export interface StoredAnswer {
  statusCode: number;
  body: unknown;
}

/** Why a bidder may not bid in a sale that requires registration (decision 090). */
export type RegistrationGate = 'not_registered' | 'registration_pending' | 'registration_rejected';

/** The gate of a caller's registration status (null: none) in a sale that requires one. */
export const registrationGate = (status: 'pending' | 'rejected' | null): RegistrationGate =>
  status === 'pending'
    ? 'registration_pending'
    : status === 'rejected'
      ? 'registration_rejected'
      : 'not_registered';

/** Each registration gate's refusal code. */
export const REGISTRATION_GATE_CODES = {
  not_registered: 'NOT_REGISTERED',
  registration_pending: 'REGISTRATION_PENDING',
  registration_rejected: 'REGISTRATION_REJECTED',
} as const satisfies Record<RegistrationGate, GateCode>;

/** What became of one bid request. */
export type BidOutcome =
  | { kind: 'accepted'; lot: Lot; standing: 'raised' | 'leading' | 'outbid' }
  | { kind: 'refused'; refusal: Refusal }
  | { kind: 'staff' }
  | { kind: 'blocked' }
  /** The bidder consigned the rug: a consignor does not bid on their own lot. */
  | { kind: 'own_lot' }
  /** The sale requires registration and the bidder's is missing, pending or rejected. */
  | { kind: RegistrationGate }
  /** The sale or the lot asks a deposit the bidder has not placed. */
  | { kind: 'deposit_required' }
  /** The maximum would take the bidder past their bidding limit. */
  | { kind: 'over_limit'; limit: OverLimit }
  | { kind: 'not_found' }
  | { kind: 'busy' }
  /** The request's Idempotency-Key was used before for another request. */
  | { kind: 'key_reused' }
  /** An answer stored for the request's Idempotency-Key, replayed verbatim. */
  | { kind: 'replayed'; answer: StoredAnswer };

/** What became of one buy-now request. */
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
  /** The buyer consigned the rug. */
  | { kind: 'own_lot' }
  | { kind: RegistrationGate }
  | { kind: 'deposit_required' }
  /** The price would take the buyer past their bidding limit. */
  | { kind: 'over_limit'; limit: OverLimit }
  | { kind: 'not_found' }
  | { kind: 'busy' }
  | { kind: 'key_reused' }
  | { kind: 'replayed'; answer: StoredAnswer };

/** An online bid in a live sale: placed (the room's view and the bidder's label), refused, or a stored answer. */
export type LiveBidOutcome =
  | { kind: 'accepted'; view: LiveSaleView; label: string }
  | { kind: 'refused'; refusal: DomainRefusal }
  | { kind: 'replayed'; answer: StoredAnswer }
  | { kind: 'key_reused' };
