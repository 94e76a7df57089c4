/**
 * The staff API (/api/v1/admin/...): sales and lots, withdrawing lots, voiding bids, blocking bidders, and the
 * full bid history. Amounts are integer cents, times ISO 8601 UTC.
 */
import { z } from 'zod';
import { allRoles } from '../abilities/staff.ts';
import { textField } from './text.ts';
import { incrementTableProblem } from '../bidding/increments.ts';
import { BID_UNIT_CENTS, MAX_BID_CENTS } from '../bidding/limits.ts';
import { pagedMetaSchema } from './common.ts';
import { SALE_MOVES } from '../sales/sale-moves.ts';

/** Staff-facing messages (validation and refusals of the staff API). */
export const adminMessages = {
  titleRequired: 'Title is required',
  titleMax: 'The title should have at most 200 characters',
  descriptionMax: 'The description should have at most 10,000 characters',
  dateInvalid: 'Enter a date and time in ISO 8601 format, e.g. 2026-05-01T18:00:00Z',
  endsBeforeStart: 'The end of the first lot must be after the start',
  endsInPast: 'The end of the first lot must be in the future',
  staggerInvalid: 'The stagger must be a whole number of seconds between 0 and 86,400',
  premiumInvalid: 'The buyer\u2019s premium must be a percentage between 0 and 100 with at most two decimals',
  secondsInvalid: 'Soft-close times must be whole numbers of seconds between 0 and 86,400',
  amountInvalid: 'Amounts must be whole numbers of cents',
  amountWholeUnits: 'Bids and prices must be whole currency units (multiples of 100 cents)',
  amountTooHigh: 'The amount is above the highest we accept',
  amountPositive: 'The amount must be greater than zero',
  estimateOrder: 'The high estimate must not be below the low estimate',
  reserveBelowOpening: 'The reserve must not be below the opening bid',
  buyNowBelowOpening: 'The buy-now price must be above the opening bid',
  lotNumberInvalid: 'The lot number must be a whole number from 1',
  idInvalid: 'Not a valid id',
  reasonRequired: 'Give a reason (it is kept with the record)',
  reasonMax: 'The reason should have at most 500 characters',
  nothingToChange: 'Send at least one field to change',
  auctionNotFound: 'Sale not found',
  lotNotFound: 'Lot not found',
  bidNotFound: 'Bid not found',
  bidAlreadyVoided: 'This bid has already been voided',
  userNotFound: 'User not found',
  rugNotFound: 'Rug not found',
  auctionStarted: 'The sale has started: its schedule and rules can no longer change',
  lotStarted: 'The lot has opened: it can no longer be edited (withdraw it instead)',
  lotNumberTaken: 'This sale already has a lot with that number',
  rugInActiveLot: 'This rug is already in a scheduled or open lot',
  rugNotAvailable: 'Only an available rug can be offered in a sale',
  slugTaken: 'Another sale already uses this slug',
  auctionClosed: 'Lots can only be added to a sale that has not started',
  lotWithdrawn: 'Lot withdrawn',
  bidVoided: 'Bid voided and the lot recomputed',
  bidderBlocked: 'Bidder blocked',
  bidderUnblocked: 'Bidder unblocked',
  cannotBlockSelf: 'You cannot block yourself',
} as const;

const m = adminMessages;

const isoDate = z.iso.datetime({ offset: true, error: m.dateInvalid });
const seconds = (message: string) =>
  z.number({ error: message }).int(message).min(0, message).max(86_400, message);
const cents = z.number({ error: m.amountInvalid }).int(m.amountInvalid).max(MAX_BID_CENTS, m.amountTooHigh);
const positiveCents = cents.positive(m.amountPositive);
const wholeUnits = positiveCents.refine((v) => v % BID_UNIT_CENTS === 0, m.amountWholeUnits);
const reason = textField({ error: m.reasonRequired }).trim().min(3, m.reasonRequired).max(500, m.reasonMax);

export const AUCTION_TYPES = ['timed', 'live'] as const;
export const auctionTypeSchema = z.enum(AUCTION_TYPES);

/** An auction's own increment table (cents), checked by the engine's own rule. */
export const incrementTableSchema = z
  .array(z.object({ from: cents.min(0, m.amountInvalid), increment: positiveCents }).strict())
  .max(50)
  .superRefine((table, ctx) => {
    const problem = incrementTableProblem(table);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const softCloseSettingsSchema = z
  .object({
    enabled: z.boolean(),
    windowSeconds: seconds(m.secondsInvalid),
    extensionSeconds: seconds(m.secondsInvalid),
  })
  .strict();

const auctionFields = {
  title: textField({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(200, m.titleMax),
  description: textField().max(10_000, m.descriptionMax),
  type: auctionTypeSchema,
  startsAt: isoDate,
  /** End of lot 1; lot n ends at endsAt + (n - 1) * staggerSeconds. */
  endsAt: isoDate,
  staggerSeconds: seconds(m.staggerInvalid),
  buyersPremiumPct: z
    .number({ error: m.premiumInvalid })
    .min(0, m.premiumInvalid)
    .max(100, m.premiumInvalid)
    .refine(
      (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9,
      m.premiumInvalid,
    ),
  /** Null uses the house table (AUCTION-RULES.md). */
  increments: incrementTableSchema.nullable(),
  softClose: softCloseSettingsSchema,
  /**
   * Registration to bid (issue 28 §1, decision 090): only approved registrants bid; `cardRequired` also asks a card
   * on file before approval. A rule of the sale like the others: it changes only until the sale starts.
   */
  registration: z.object({ required: z.boolean(), cardRequired: z.boolean() }).strict(),
};

const endsAfterStart = (v: { startsAt?: string; endsAt?: string }) =>
  v.startsAt === undefined || v.endsAt === undefined || Date.parse(v.endsAt) > Date.parse(v.startsAt);

export const adminAuctionCreateSchema = z
  .object({
    ...auctionFields,
    description: auctionFields.description.default(''),
    type: auctionFields.type.default('timed'),
    staggerSeconds: auctionFields.staggerSeconds.default(60),
    /** Omitted: the house's default premium (Settings, decision 064). */
    buyersPremiumPct: auctionFields.buyersPremiumPct.optional(),
    /** Null or omitted: the house's default table as it is when the sale is created (Settings, decision 064). */
    increments: auctionFields.increments.default(null),
    softClose: auctionFields.softClose.default({ enabled: true, windowSeconds: 120, extensionSeconds: 120 }),
    /** Omitted: required for a live sale, not for a timed one (decision 090). */
    registration: auctionFields.registration.optional(),
    /** True keeps the sale hidden from visitors until staff publish it (decision 037); the API's default stays
     * "published at once" for existing callers. */
    draft: z.boolean().default(false),
  })
  .strict()
  .refine(endsAfterStart, { message: m.endsBeforeStart, path: ['endsAt'] })
  .meta({ id: 'AdminAuctionCreate' });
export type AdminAuctionCreate = z.infer<typeof adminAuctionCreateSchema>;

/** Any subset. Title and description may change at any time; the rest only before the sale starts. */
export const adminAuctionUpdateSchema = z
  .object(auctionFields)
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, m.nothingToChange)
  .refine(endsAfterStart, { message: m.endsBeforeStart, path: ['endsAt'] })
  .meta({ id: 'AdminAuctionUpdate' });
export type AdminAuctionUpdate = z.infer<typeof adminAuctionUpdateSchema>;

const lotFields = {
  rugId: z.uuid(m.idInvalid),
  lotNumber: z
    .number({ error: m.lotNumberInvalid })
    .int(m.lotNumberInvalid)
    .min(1, m.lotNumberInvalid)
    .max(100_000, m.lotNumberInvalid),
  openingBid: wholeUnits,
  /** Hidden reserve; null for none. */
  reserve: wholeUnits.nullable(),
  buyNowPrice: wholeUnits.nullable(),
  estimateLow: cents.min(0, m.amountInvalid),
  estimateHigh: cents.min(0, m.amountInvalid),
};

type LotMoney = {
  openingBid?: number;
  reserve?: number | null;
  buyNowPrice?: number | null;
  estimateLow?: number;
  estimateHigh?: number;
};
/** Cross-field checks, also run by the service on the merged (stored + changed) lot. */
export function lotMoneyProblems(v: LotMoney): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (v.estimateLow !== undefined && v.estimateHigh !== undefined && v.estimateHigh < v.estimateLow) {
    problems.push({ path: 'estimateHigh', message: m.estimateOrder });
  }
  if (v.openingBid !== undefined && v.reserve != null && v.reserve < v.openingBid) {
    problems.push({ path: 'reserve', message: m.reserveBelowOpening });
  }
  if (v.openingBid !== undefined && v.buyNowPrice != null && v.buyNowPrice <= v.openingBid) {
    problems.push({ path: 'buyNowPrice', message: m.buyNowBelowOpening });
  }
  return problems;
}
const checkLotMoney = (v: LotMoney, ctx: z.RefinementCtx) => {
  for (const p of lotMoneyProblems(v)) ctx.addIssue({ code: 'custom', message: p.message, path: [p.path] });
};

export const adminLotCreateSchema = z
  .object({
    ...lotFields,
    /** Defaults to the next free number in the sale. */
    lotNumber: lotFields.lotNumber.optional(),
    reserve: lotFields.reserve.default(null),
    buyNowPrice: lotFields.buyNowPrice.default(null),
  })
  .strict()
  .superRefine(checkLotMoney)
  .meta({ id: 'AdminLotCreate' });
export type AdminLotCreate = z.infer<typeof adminLotCreateSchema>;

export const adminLotUpdateSchema = z
  .object(lotFields)
  .omit({ rugId: true })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, m.nothingToChange)
  .superRefine(checkLotMoney)
  .meta({ id: 'AdminLotUpdate' });
export type AdminLotUpdate = z.infer<typeof adminLotUpdateSchema>;

export const adminReasonSchema = z.object({ reason }).strict().meta({ id: 'AdminReason' });
/** The body may be absent (Fastify hands the schema null then). */
export const adminOptionalReasonSchema = z
  .preprocess((v) => v ?? {}, z.object({ reason: reason.optional() }).strict())
  .meta({ id: 'AdminOptionalReason' });

export const adminIdParamSchema = z.object({ id: z.uuid(m.idInvalid) });

export const adminListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: textField().trim().max(200).optional(),
});

// ---- Responses ----------------------------------------------------------------------------------------------

export const adminAuctionSchema = z
  .object({
    id: textField(),
    slug: textField(),
    title: textField(),
    description: textField(),
    type: auctionTypeSchema,
    status: z.enum(['draft', 'scheduled', 'open', 'closed', 'cancelled']),
    startsAt: textField(),
    endsAt: textField(),
    staggerSeconds: z.number().int(),
    buyersPremiumPct: z.number(),
    increments: z.array(z.object({ from: z.number().int(), increment: z.number().int() })).nullable(),
    softClose: z.object({
      enabled: z.boolean(),
      windowSeconds: z.number().int(),
      extensionSeconds: z.number().int(),
    }),
    registration: z.object({ required: z.boolean(), cardRequired: z.boolean() }),
    /** Registrations waiting for staff (the sale's approval queue). */
    pendingRegistrations: z.number().int(),
    lotCount: z.number().int(),
    /** Lots that are not withdrawn (publishing needs one). */
    activeLotCount: z.number().int(),
    /** Some lot has opened or closed: the sale has run, whatever its dates say. */
    lotsStarted: z.boolean(),
    /** Schedule and rules may change (sale-moves `reschedule`): a draft always, a published sale until it starts. */
    editable: z.boolean(),
    /** The moves staff may make now, by the database clock (packages/shared/src/sales/sale-moves.ts). */
    moves: z.array(z.enum(SALE_MOVES)),
    createdAt: textField(),
    updatedAt: textField(),
  })
  .meta({ id: 'AdminAuction' });
export type AdminAuction = z.infer<typeof adminAuctionSchema>;

/** A lot as staff see it: the hidden reserve, the leader and their maximum included. */
export const adminLotSchema = z
  .object({
    id: textField(),
    auctionId: textField(),
    rugId: textField(),
    rugTitle: textField(),
    lotNumber: z.number().int(),
    status: z.enum(['scheduled', 'open', 'closed', 'withdrawn']),
    outcome: z.enum(['sold', 'unsold']).nullable(),
    startsAt: textField(),
    endsAt: textField(),
    openingBid: z.number().int(),
    reserve: z.number().int().nullable(),
    buyNowPrice: z.number().int().nullable(),
    estimateLow: z.number().int(),
    estimateHigh: z.number().int(),
    currentBid: z.number().int().nullable(),
    leaderId: textField().nullable(),
    leaderMax: z.number().int().nullable(),
    bidCount: z.number().int(),
    reserveMet: z.boolean().nullable(),
    hammerPrice: z.number().int().nullable(),
    winnerId: textField().nullable(),
    closedAt: textField().nullable(),
  })
  .meta({ id: 'AdminLot' });
export type AdminLot = z.infer<typeof adminLotSchema>;

export const adminAuctionResponseSchema = z
  .object({ data: adminAuctionSchema })
  .meta({ id: 'AdminAuctionResponse' });
export const adminAuctionDetailResponseSchema = z
  .object({ data: adminAuctionSchema.extend({ lots: z.array(adminLotSchema) }) })
  .meta({ id: 'AdminAuctionDetail' });
export const adminAuctionListResponseSchema = z
  .object({ data: z.array(adminAuctionSchema), meta: pagedMetaSchema })
  .meta({ id: 'AdminAuctionList' });
export const adminLotResponseSchema = z.object({ data: adminLotSchema }).meta({ id: 'AdminLotResponse' });
export const adminLotActionResponseSchema = z
  .object({ message: textField(), data: adminLotSchema })
  .meta({ id: 'AdminLotActionResponse' });

const bidderSchema = z.object({ id: textField(), name: textField(), email: textField() });

/** One stored bid: the bidder's maximum, and the void record if staff voided it. */
export const adminBidSchema = z
  .object({
    id: textField(),
    bidder: bidderSchema,
    /** Per-lot pseudonym number the public sees ("Bidder 3"). */
    pseudonym: z.number().int().nullable(),
    maxAmount: z.number().int(),
    status: z.enum(['accepted', 'voided']),
    createdAt: textField(),
    voidedAt: textField().nullable(),
    voidedBy: bidderSchema.nullable(),
    voidReason: textField().nullable(),
  })
  .meta({ id: 'AdminBid' });
export type AdminBid = z.infer<typeof adminBidSchema>;

/** A line of the public history with the real bidder behind it (voided lines kept, marked superseded). */
export const adminHistoryLineSchema = z.object({
  seq: z.number().int(),
  bidId: textField().nullable(),
  bidder: bidderSchema.nullable(),
  amount: z.number().int(),
  automatic: z.boolean(),
  superseded: z.boolean(),
  at: textField(),
});

export const adminBidHistoryResponseSchema = z
  .object({
    data: z.object({
      lot: adminLotSchema,
      bids: z.array(adminBidSchema),
      history: z.array(adminHistoryLineSchema),
    }),
  })
  .meta({ id: 'AdminBidHistory' });

export const adminUserSchema = z
  .object({
    id: textField(),
    name: textField(),
    email: textField(),
    role: z.enum(allRoles),
    biddingBlockedAt: textField().nullable(),
    biddingBlockedReason: textField().nullable(),
    /** Strikes not cleared (issue 28 §4): unpaid orders past their due date. */
    activeStrikes: z.number().int().optional(),
  })
  .meta({ id: 'AdminUser' });
export const adminUserResponseSchema = z
  .object({ message: textField(), data: adminUserSchema })
  .meta({ id: 'AdminUserResponse' });
export const adminUserListResponseSchema = z
  .object({ data: z.array(adminUserSchema), meta: pagedMetaSchema })
  .meta({ id: 'AdminUserList' });
