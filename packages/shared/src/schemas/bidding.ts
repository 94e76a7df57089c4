import { z } from 'zod';
import { textField } from './text.ts';
import { lotSchema, rugSummarySchema } from './catalogue.ts';
import { errorResponseSchema, pagedMetaSchema } from './common.ts';
import { lotWithRugSchema } from './sales.ts';

const isoTime = textField().meta({ description: 'ISO 8601 UTC time' });
const cents = z.number().int().meta({ description: 'Amount in cents' });

export { biddingMessages } from '../messages/bidding.ts';

/** Codes beyond the engine's refusal codes (packages/shared/src/bidding/refusals.ts). */
export const BIDDING_ERROR_CODES = [
  'BIDDING_BLOCKED',
  'STAFF_CANNOT_BID',
  'OWN_LOT',
  'OVER_LIMIT',
  'IDEMPOTENCY_KEY_REUSED',
  'RUG_RESERVED',
  'NOT_FOR_SALE',
  'TRY_AGAIN',
  'BID_RATE_LIMITED',
] as const;

/** POST /rug/add-offer/{id}: the caller's maximum, in cents (whole currency units, checked by the engine). */
export const placeBidBodySchema = z
  .object({
    amount: z
      .number({ error: 'Enter your maximum bid' })
      .int('Bids must be a whole amount, without cents.')
      .positive('Your bid must be more than zero')
      .max(Number.MAX_SAFE_INTEGER, 'Your bid is above the highest bid we can accept.'),
  })
  .meta({ id: 'PlaceBid' });
export type PlaceBidBody = z.infer<typeof placeBidBodySchema>;

/** Optional header on bid and buy-now calls: a retry with the same key answers the first result. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': textField()
    .trim()
    .min(1)
    .max(200, 'The Idempotency-Key must be at most 200 characters')
    .optional(),
});

/** OVER_LIMIT's figures (decision 090): the limit, what is committed on other lots, and the most this lot may take. */
export const overLimitSchema = z
  .object({ limitCents: cents, exposureCents: cents, availableCents: cents })
  .meta({ id: 'OverLimit' });
export type OverLimit = z.infer<typeof overLimitSchema>;

/** GET /rug/offer/limit: the caller's bidding limit (null: none), what they have committed and what is left. */
export const myBiddingLimitSchema = z
  .object({
    limitCents: cents.nullable(),
    exposureCents: cents,
    availableCents: cents.nullable(),
  })
  .meta({ id: 'MyBiddingLimit' });
export type MyBiddingLimit = z.infer<typeof myBiddingLimitSchema>;
export const myBiddingLimitResponseSchema = z
  .object({ data: myBiddingLimitSchema })
  .meta({ id: 'MyBiddingLimitResponse' });

/**
 * A refusal: `code` is an engine refusal code or one of BIDDING_ERROR_CODES; BID_TOO_LOW adds `nextMinimum`,
 * OVER_LIMIT adds `limit`.
 */
export const bidRefusalSchema = errorResponseSchema
  .extend({ nextMinimum: cents.optional(), limit: overLimitSchema.optional() })
  .meta({ id: 'BidRefusal' });
export type BidRefusal = z.infer<typeof bidRefusalSchema>;

export const bidResponseSchema = z
  .object({ message: textField(), data: z.object({ lot: lotSchema }) })
  .meta({ id: 'BidResponse' });
export type BidResponse = z.infer<typeof bidResponseSchema>;

export const ORDER_KINDS = ['auction', 'buy_now', 'fixed_price'] as const;
/** An order's life (decision 025): awaiting_payment -> paid -> shipped -> delivered, plus the ends and refunds. */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
  'refunded',
  'partially_refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderSchema = z
  .object({
    id: textField(),
    rugId: textField(),
    lotId: textField().nullable(),
    kind: z.enum(ORDER_KINDS),
    status: z.enum(ORDER_STATUSES),
    /** Auction orders only. */
    hammerPrice: cents.nullable(),
    buyersPremium: cents,
    /** What the buyer owes before shipping and tax: hammer + premium, or the all-in buy-now/fixed price. */
    itemPrice: cents,
    currency: textField(),
    /** Fixed-price checkout: the rug is held for this buyer until then. */
    reservedUntil: isoTime.nullable(),
    dueAt: isoTime,
    createdAt: isoTime,
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const buyNowResponseSchema = z
  .object({ message: textField(), data: z.object({ order: orderSchema, lot: lotSchema.nullable() }) })
  .meta({ id: 'BuyNowResponse' });
export type BuyNowResponse = z.infer<typeof buyNowResponseSchema>;

/** One line of a lot's public bid history. Bidders are per-lot pseudonyms; the caller's own lines read 'You'. */
export const bidHistoryEntrySchema = z
  .object({
    seq: z.number().int(),
    /** "Bidder 3" (English; "You" on the caller's own lines). Clients word it from `bidderNumber`. */
    bidder: textField(),
    /** The per-lot pseudonym's number ("Bidder 3" is 3), for a client to word in its own language (issue 24). */
    bidderNumber: z.number().int().optional(),
    amount: cents,
    /** The leader's proxy answering another bid. */
    automatic: z.boolean(),
    at: isoTime,
    mine: z.boolean(),
  })
  .meta({ id: 'BidHistoryEntry' });
export type BidHistoryEntry = z.infer<typeof bidHistoryEntrySchema>;
export const bidHistoryResponseSchema = z
  .object({ data: z.array(bidHistoryEntrySchema) })
  .meta({ id: 'BidHistory' });

export const MY_BID_STATES = ['leading', 'outbid', 'won', 'lost'] as const;
export const myBidSchema = z
  .object({
    state: z.enum(MY_BID_STATES),
    myMaxBid: cents,
    currentBid: cents.nullable(),
    lastBidAt: isoTime,
    lot: lotWithRugSchema,
  })
  .meta({ id: 'MyBid' });
export type MyBid = z.infer<typeof myBidSchema>;
export const myBidsResponseSchema = z
  .object({ data: z.array(myBidSchema), meta: pagedMetaSchema })
  .meta({ id: 'MyBids' });

export const wonLotSchema = z
  .object({ lot: lotWithRugSchema, order: orderSchema.nullable() })
  .meta({ id: 'WonLot' });
export type WonLot = z.infer<typeof wonLotSchema>;
export const wonLotsResponseSchema = z
  .object({ data: z.array(wonLotSchema), meta: pagedMetaSchema })
  .meta({ id: 'WonLots' });

export const likedRugsResponseSchema = z
  .object({ data: z.array(rugSummarySchema), meta: pagedMetaSchema })
  .meta({ id: 'LikedRugs' });
export const likeToggleResponseSchema = z
  .object({ message: textField(), liked: z.boolean() })
  .meta({ id: 'LikeToggle' });

export const myListQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(1000, 'page must be at most 1000')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(60, 'pageSize must be at most 60')
    .default(20),
});
export type MyListQuery = z.infer<typeof myListQuerySchema>;
