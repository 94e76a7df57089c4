/**
 * Plain data the bidding engine works on. Everything is JSON-safe so the server can keep a lot's state in a
 * row (or jsonb column), the client can preview a bid, and tests can replay a sale.
 *
 * Units: every amount is an integer number of cents (AUCTION-RULES.md "Money"); every instant is a number of
 * milliseconds since the Unix epoch (`Date.prototype.getTime()`), so the engine never reads a clock and
 * comparing times is plain arithmetic.
 */
import type { Refusal } from './refusals.ts';

export type Cents = number;
export type EpochMs = number;
/** An opaque user id; the engine only compares ids for equality. */
export type BidderId = string;

/** One row of an increment table: from this current price (inclusive) upwards, bids rise by `increment`. */
export interface IncrementStep {
  from: Cents;
  increment: Cents;
}
/** Rows sorted by `from` ascending; the first row starts at 0. */
export type IncrementTable = readonly IncrementStep[];

export interface SoftCloseRules {
  enabled: boolean;
  /** A bid accepted this many seconds (or fewer) before the end extends the lot. */
  windowSeconds: number;
  /** ...to at least `acceptedAt + extensionSeconds`. */
  extensionSeconds: number;
}

/** What a lot is sold under; fixed while the lot is open. */
export interface LotRules {
  openingBid: Cents;
  /** Hidden reserve; null when the lot has none. */
  reserve: Cents | null;
  /** Buy-now price (all-in); null when the lot cannot be bought outright. */
  buyNowPrice: Cents | null;
  increments: IncrementTable;
  softClose: SoftCloseRules;
}

export type LotStatus = 'scheduled' | 'open' | 'closed' | 'withdrawn';
export type LotOutcome = 'sold' | 'unsold';

/** A bidder's current (secret) maximum and the accepted bid that set it. */
export interface BidderMaximum {
  bidderId: BidderId;
  maximum: Cents;
  /** Sequence number of the bid that set this maximum: the earlier bid wins a tie. */
  seq: number;
  at: EpochMs;
  /** Sequence number of this bidder's first accepted bid; orders the per-lot pseudonyms ("Bidder 3"). */
  firstSeq: number;
}

export interface LotState {
  status: LotStatus;
  /** Set when the lot closes (sold/unsold); null while scheduled/open and for a withdrawn lot. */
  outcome: LotOutcome | null;
  startsAt: EpochMs;
  /** The end as stored now: soft close moves it later, never earlier. */
  endsAt: EpochMs;
  /** The current winning amount; null before the first bid. */
  currentPrice: Cents | null;
  leader: BidderId | null;
  leaderMax: Cents | null;
  /** Sequence number of the bid that set the leader's maximum (tie-break: earlier wins). */
  leaderSeq: number | null;
  /** Accepted bids, including a leader raising their own maximum. */
  bidCount: number;
  /** One entry per bidder, in order of first bid. Secret: only the bidder may see their own maximum. */
  maxima: readonly BidderMaximum[];
  /** Null when the lot has no reserve; else whether the leader's price has reached it. */
  reserveMet: boolean | null;
  /** Winner of a sold lot: the leader at the hammer, or the buy-now buyer. */
  winner: BidderId | null;
  /** Hammer price of a lot sold at auction; null when unsold or bought now (buyer's premium applies to it). */
  hammer: Cents | null;
  /** The buyer when the lot was bought now (at `rules.buyNowPrice`, all-in). */
  buyer: BidderId | null;
  /** When the lot closed (sold, unsold, bought now) or was withdrawn. */
  closedAt: EpochMs | null;
  /** Sequence number the next accepted bid gets (starts at 1). */
  nextSeq: number;
}

// ---- Actions ----------------------------------------------------------------------------------------------

export interface OpenAction {
  type: 'open';
  at: EpochMs;
}
export interface BidAction {
  type: 'bid';
  /**
   * Caller-assigned id (e.g. the bid row's uuid), echoed on every event the bid causes and used by `void`.
   * Optional for previews; a bid without an id cannot be voided.
   */
  bidId?: string;
  bidderId: BidderId;
  /** The bidder's maximum, in cents. */
  amount: Cents;
  at: EpochMs;
}
export interface BuyNowAction {
  type: 'buyNow';
  buyerId: BidderId;
  at: EpochMs;
}
export interface CloseAction {
  type: 'close';
  at: EpochMs;
}
export interface WithdrawAction {
  type: 'withdraw';
  at: EpochMs;
}
/** Staff void an accepted bid; needs the bid history, so only `replay`/`voidBid` handle it. */
export interface VoidAction {
  type: 'void';
  bidId: string;
}

/** Actions `applyAction` takes one at a time. */
export type StepAction = OpenAction | BidAction | BuyNowAction | CloseAction | WithdrawAction;
/** Everything a lot's action log may hold. */
export type LotAction = StepAction | VoidAction;

// ---- Events -----------------------------------------------------------------------------------------------

/**
 * One line of the public bid history: an accepted bid at the amount it made visible, or the automatic answer
 * of the leader's proxy. Store these as they come; show `bidderId` as the lot's pseudonym for everyone except
 * that bidder. A maximum never appears here.
 */
export interface HistoryEntry {
  /** Sequence number of the accepted bid that produced this line. */
  seq: number;
  /** `bidId` of that bid (for an automatic answer: the bid being answered), if the caller gave one. */
  bidId: string | null;
  bidderId: BidderId;
  amount: Cents;
  /** True for the leader's proxy answering someone else's bid. */
  automatic: boolean;
  at: EpochMs;
}

export interface BidPlacedEvent extends HistoryEntry {
  type: 'bid_placed';
}
/** The leader raised their own maximum (rule 2). Private: show it only to `bidderId`. */
export interface MaxRaisedEvent {
  type: 'max_raised';
  seq: number;
  bidId: string | null;
  bidderId: BidderId;
  maximum: Cents;
  at: EpochMs;
}
export interface OutbidEvent {
  type: 'outbid';
  previousLeader: BidderId;
  newLeader: BidderId;
  /** The new current price. */
  amount: Cents;
  at: EpochMs;
}
export interface ReserveMetEvent {
  type: 'reserve_met';
  /** The current price at which the reserve was met (the reserve itself is never published). */
  amount: Cents;
  at: EpochMs;
}
export interface SoftCloseExtendedEvent {
  type: 'soft_close_extended';
  previousEndsAt: EpochMs;
  newEndsAt: EpochMs;
  at: EpochMs;
}
export interface LotOpenedEvent {
  type: 'lot_opened';
  at: EpochMs;
}
export interface BoughtNowEvent {
  type: 'bought_now';
  buyerId: BidderId;
  amount: Cents;
  at: EpochMs;
}
export interface LotClosedEvent {
  type: 'lot_closed';
  outcome: LotOutcome;
  winner: BidderId | null;
  /** Hammer price when sold at auction; null when unsold or bought now. */
  hammer: Cents | null;
  boughtNow: boolean;
  at: EpochMs;
}
export interface LotWithdrawnEvent {
  type: 'lot_withdrawn';
  at: EpochMs;
}
/**
 * Staff voided a bid and the lot was recomputed (replay result carries the new `history` to store).
 * No `at`: voiding is not a timed action and moves no clock.
 */
export interface BidVoidedEvent {
  type: 'bid_voided';
  bidId: string;
  bidderId: BidderId;
  previousLeader: BidderId | null;
  newLeader: BidderId | null;
  previousPrice: Cents | null;
  newPrice: Cents | null;
}

export type LotEvent =
  | BidPlacedEvent
  | MaxRaisedEvent
  | OutbidEvent
  | ReserveMetEvent
  | SoftCloseExtendedEvent
  | LotOpenedEvent
  | BoughtNowEvent
  | LotClosedEvent
  | LotWithdrawnEvent
  | BidVoidedEvent;

// ---- Results ----------------------------------------------------------------------------------------------

export type ApplyResult = { ok: true; state: LotState; events: LotEvent[] } | { ok: false; refusal: Refusal };
