import { z } from 'zod';
import { textField } from './text.ts';
import { apiImageSchema } from './media.ts';

/**
 * Live sales (issue 12, decision 051): what the clerk's console and the online bidders' room read and send.
 * Amounts in cents. Bidders are never named in public: a floor bid reads "Paddle 12", an online or absentee
 * bidder is "Bidder 3" (numbered per lot in the order they first bid).
 */
const cents = z.number().int().meta({ description: 'Amount in cents' });
const isoTime = textField().meta({ description: 'ISO 8601 UTC time' });

export const LIVE_LOT_STATUSES = ['waiting', 'open', 'paused', 'sold', 'passed'] as const;
export const LIVE_BID_SOURCES = ['floor', 'online', 'absentee', 'telephone'] as const;

export const liveBidLineSchema = z
  .object({
    amount: cents,
    source: z.enum(LIVE_BID_SOURCES),
    /** "Paddle 12" for the room, "Bidder 3" online or from the book (English; clients word it from `number`). */
    label: textField(),
    /** The paddle (floor) or the per-lot pseudonym's number (online, absentee), for a client's own words. */
    number: z.number().int().optional(),
  })
  .meta({ id: 'LiveBidLine' });
export type LiveBidLine = z.infer<typeof liveBidLineSchema>;

export const liveLotRugSchema = z.object({
  id: textField(),
  slug: textField(),
  title: textField(),
  originRegion: textField(),
  originCountry: textField(),
  circaYear: z.number().int().nullable(),
  widthCm: z.number().int(),
  lengthCm: z.number().int(),
  image: apiImageSchema.nullable(),
});

/** A lot of the sale as the room sees it (the lots to come and the current one). */
export const liveLotSummarySchema = z
  .object({
    lotId: textField(),
    lotNumber: z.number().int(),
    rug: liveLotRugSchema,
    openingBid: cents,
    estimateLow: cents,
    estimateHigh: cents,
    status: z.enum(LIVE_LOT_STATUSES),
  })
  .meta({ id: 'LiveLotSummary' });
export type LiveLotSummary = z.infer<typeof liveLotSummarySchema>;

export const liveCurrentLotSchema = liveLotSummarySchema
  .extend({
    /** What the auctioneer is asking now: an online bid is always at this amount. */
    ask: cents,
    /** Accepted bids, oldest first; the last leads. */
    bids: z.array(liveBidLineSchema),
    leading: liveBidLineSchema.nullable(),
    fairWarning: z.boolean(),
    /** The winning bid once sold. */
    hammer: liveBidLineSchema.nullable(),
    /** Null when the lot has no reserve. */
    reserveMet: z.boolean().nullable(),
  })
  .meta({ id: 'LiveCurrentLot' });
export type LiveCurrentLot = z.infer<typeof liveCurrentLotSchema>;

export const liveSaleViewSchema = z
  .object({
    auctionId: textField(),
    slug: textField(),
    title: textField(),
    /** Every change bumps it; a client keeps the view with the highest seq. */
    seq: z.number().int(),
    /** waiting: no lot opened yet; running: the auctioneer is selling; ended: no lot left to sell. */
    status: z.enum(['waiting', 'running', 'ended']),
    current: liveCurrentLotSchema.nullable(),
    upcoming: z.array(liveLotSummarySchema),
    lotsDone: z.number().int(),
    updatedAt: isoTime,
  })
  .meta({ id: 'LiveSaleView' });
export type LiveSaleView = z.infer<typeof liveSaleViewSchema>;

/** GET /live/{id}: the view, and for a signed-in caller their label on the current lot once they bid. */
export const liveSaleResponseSchema = z
  .object({
    data: liveSaleViewSchema.extend({
      /** "Bidder 3" when the caller has bid on the current lot; null otherwise (and for visitors). */
      myLabel: textField().nullable(),
      /** The caller has bid in this sale before (the first bid asks for a confirmation). */
      hasBid: z.boolean(),
    }),
  })
  .meta({ id: 'LiveSaleResponse' });
export type LiveSaleResponse = z.infer<typeof liveSaleResponseSchema>;

/** An absentee maximum as staff see it (bidder named, maximum shown). */
export const liveAbsenteeSchema = z.object({
  label: textField(),
  bidderName: textField(),
  max: cents,
});

export const liveStaffViewSchema = liveSaleViewSchema
  .extend({
    /** Absentee maxima on the current lot, strongest first. */
    absentee: z.array(liveAbsenteeSchema),
    upcomingAbsentee: z.record(textField(), z.array(liveAbsenteeSchema)),
    /** Sockets of this server process following the sale (an estimate with several processes). */
    onlineCount: z.number().int(),
    canUndo: z.boolean(),
    /** The ask after the leading bid by the increment table (what "reset ask" returns to). */
    suggestedAsk: cents.nullable(),
    /** The leading bidder's name for the clerk (online/absentee) or the paddle. */
    leaderName: textField().nullable(),
    /** The paddle the leading bidder registered with for this sale (issue 28 §5); null: none, or a floor bid. */
    leaderPaddle: z.number().int().nullable(),
    /** Each lot's hidden reserve by lot id, null without one: the clerk cannot sell below it (AUCTION-RULES.md). */
    reserves: z.record(textField(), cents.nullable()),
    /**
     * The sale's approved registrations (issue 28 §1, §5): the paddle each registered bidder holds, so the clerk
     * names floor paddles and online leaders; a floor entry on a registered paddle is checked against that bidder's
     * limit.
     */
    paddles: z.array(z.object({ paddle: z.number().int(), userId: textField(), name: textField() })),
    /**
     * Telephone lines booked on the lots not yet sold or passed, by lot id (issue 29 §1, decision 097): how many, how
     * many ready (their operator is on the line), and how many have no operator yet. Lots without lines are absent.
     */
    phoneLines: z.record(
      textField(),
      z.object({ lines: z.number().int(), ready: z.number().int(), unassigned: z.number().int() }),
    ),
  })
  .meta({ id: 'LiveStaffView' });
export type LiveStaffView = z.infer<typeof liveStaffViewSchema>;
export const liveStaffResponseSchema = z
  .object({ data: liveStaffViewSchema })
  .meta({ id: 'LiveStaffResponse' });

/** POST /admin/live/{id}/actions: one clerk action. Everything but `open` acts on the current lot. */
export const liveClerkActionSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('open'),
      lotId: textField().uuid('Choose a lot'),
      /**
       * Open although telephone lines booked on the lot are not ready (issue 29 §1, decision 097): without it such a
       * lot is refused with OPERATORS_NOT_READY. Audited.
       */
      override: z.boolean().optional(),
    }),
    z.object({
      type: z.literal('setAsk'),
      amount: z.number({ error: 'Enter the asking price' }).int().positive('The ask must be more than zero'),
    }),
    z.object({
      type: z.literal('floorBid'),
      paddle: z.number({ error: 'Enter the paddle number' }).int().min(1).max(99_999),
    }),
    z.object({ type: z.literal('fairWarning') }),
    z.object({
      type: z.literal('sold'),
      /**
       * The number of bids the clerk saw: if a bid arrived since (an online bid racing the hammer), the sale is
       * refused with NEW_BID so the auctioneer can take it into account.
       */
      bidCount: z.number().int().min(0),
    }),
    z.object({ type: z.literal('pass') }),
    z.object({ type: z.literal('undo') }),
    z.object({ type: z.literal('pause') }),
    z.object({ type: z.literal('resume') }),
  ])
  .meta({ id: 'LiveClerkAction' });
export type LiveClerkAction = z.infer<typeof liveClerkActionSchema>;

/** POST /live/{id}/bids: a bid at the ask the bidder saw, on the lot they saw. */
export const liveOnlineBidSchema = z
  .object({
    lotId: textField().uuid(),
    ask: z.number({ error: 'The asking price is missing' }).int().positive(),
  })
  .meta({ id: 'LiveOnlineBid' });
export type LiveOnlineBid = z.infer<typeof liveOnlineBidSchema>;

export const liveBidResponseSchema = z
  .object({ message: textField(), label: textField(), data: liveSaleViewSchema })
  .meta({ id: 'LiveBidResponse' });

export const LIVE_REFUSAL_CODES = [
  'NOT_WAITING',
  'NOT_OPEN',
  'NOT_PAUSED',
  'ASK_CHANGED',
  'ASK_TOO_LOW',
  'INVALID_AMOUNT',
  'INVALID_PADDLE',
  'ALREADY_LEADING',
  'NO_BID',
  'RESERVE_NOT_MET',
  'NOTHING_TO_UNDO',
  'NO_CURRENT_LOT',
  'LOT_NOT_IN_SALE',
  'LOT_IN_PROGRESS',
  'NEW_BID',
  'NOT_LIVE_SALE',
  'WRONG_LOT',
  'OPERATORS_NOT_READY',
] as const;
export type LiveRefusalCode = (typeof LIVE_REFUSAL_CODES)[number];

/** What the clerk and the bidder read when an action is refused. */
export const liveMessages: Record<LiveRefusalCode, string> & Record<string, string> = {
  NOT_WAITING: 'This lot has already been offered.',
  NOT_OPEN: 'The lot is not open for bidding.',
  NOT_PAUSED: 'The sale is not paused.',
  ASK_CHANGED: 'The asking price has just moved. Check the new ask and bid again.',
  ASK_TOO_LOW: 'The ask must be above the leading bid.',
  INVALID_AMOUNT: 'The ask must be a whole amount, more than zero.',
  INVALID_PADDLE: 'Enter a paddle number.',
  ALREADY_LEADING: 'That bidder is already leading.',
  NO_BID: 'There is no bid on this lot yet.',
  RESERVE_NOT_MET: 'The reserve has not been met: pass the lot or take more bids.',
  NOTHING_TO_UNDO: 'There is no bid to undo.',
  NO_CURRENT_LOT: 'No lot is being offered right now.',
  LOT_NOT_IN_SALE: 'That lot is not in this sale.',
  LOT_IN_PROGRESS: 'Sell or pass the current lot before opening another.',
  NEW_BID: 'A new bid has just arrived. Look again before selling.',
  NOT_LIVE_SALE: 'This sale is not a live sale.',
  WRONG_LOT: 'The auctioneer has moved on to another lot.',
  OPERATORS_NOT_READY:
    'Telephone lines are booked on this lot and their operators are not ready: wait for them, or open it anyway.',
  accepted: 'Your bid is in.',
};
