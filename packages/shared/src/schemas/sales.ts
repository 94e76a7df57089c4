import { z } from 'zod';
import { textField } from './text.ts';
import { LOT_PAGE_SIZE_DEFAULT, LOT_PAGE_SIZE_MAX } from '../constants/catalogue.ts';
import { AUCTION_TYPES, lotSchema, rugSummarySchema } from './catalogue.ts';
import { pagedMetaSchema } from './common.ts';
import { apiImageSchema } from './media.ts';

// The lot shape lives with the rug schemas (a rug's detail carries its lot); re-exported here for sales code.
export { AUCTION_TYPES, LOT_OUTCOMES, LOT_STATUSES, lotSchema, type Lot } from './catalogue.ts';

export const AUCTION_STATUSES = ['draft', 'scheduled', 'open', 'closed', 'cancelled'] as const;
/** Which sales GET /rug/upcoming/list returns: not yet finished (default), not yet started, running now, finished, or all. */
export const AUCTION_WHEN = ['current', 'upcoming', 'live', 'past', 'all'] as const;

const isoTime = textField().meta({ description: 'ISO 8601 UTC time' });

/** A sale. `status` is as of `serverNow` (scheduled before the start, open until its last lot ends, then closed). */
export const auctionSchema = z
  .object({
    id: textField(),
    slug: textField(),
    title: textField(),
    description: textField(),
    type: z.enum(AUCTION_TYPES),
    status: z.enum(AUCTION_STATUSES),
    startsAt: isoTime,
    /** End of lot 1. */
    endsAt: isoTime,
    /** End of the last lot (after any soft-close extension); equals endsAt without lots. */
    lastLotEndsAt: isoTime,
    staggerSeconds: z.number().int(),
    buyersPremiumPct: z.number(),
    softClose: z.object({
      enabled: z.boolean(),
      windowSeconds: z.number().int(),
      extensionSeconds: z.number().int(),
    }),
    coverImage: apiImageSchema.nullable(),
    /** Only approved registrants bid in this sale (issue 28 §1); `cardRequired`: a card on file is asked too. */
    registration: z.object({ required: z.boolean(), cardRequired: z.boolean() }),
    lotCount: z.number().int(),
    serverNow: isoTime,
  })
  .meta({ id: 'Auction' });
export type Auction = z.infer<typeof auctionSchema>;

export const lotWithRugSchema = lotSchema
  .extend({ rug: rugSummarySchema.omit({ lot: true }) })
  .meta({ id: 'LotWithRug' });
export type LotWithRug = z.infer<typeof lotWithRugSchema>;

export const auctionListQuerySchema = z.object({
  when: z.enum(AUCTION_WHEN, { error: `when must be one of ${AUCTION_WHEN.join(', ')}` }).default('current'),
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
    .max(LOT_PAGE_SIZE_MAX, `pageSize must be at most ${LOT_PAGE_SIZE_MAX}`)
    .default(20),
});
export type AuctionListQuery = z.infer<typeof auctionListQuerySchema>;

export const auctionListResponseSchema = z
  .object({ data: z.array(auctionSchema), meta: pagedMetaSchema })
  .meta({ id: 'AuctionList' });
export const auctionDetailResponseSchema = z
  .object({ data: auctionSchema.extend({ lots: z.array(lotWithRugSchema) }) })
  .meta({ id: 'AuctionDetail' });

export const lotListQuerySchema = z.object({
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
    .max(LOT_PAGE_SIZE_MAX, `pageSize must be at most ${LOT_PAGE_SIZE_MAX}`)
    .default(LOT_PAGE_SIZE_DEFAULT),
  /** Only lots of this sale (id or slug). */
  auction: textField().trim().min(1).max(200).optional(),
});
export type LotListQuery = z.infer<typeof lotListQuerySchema>;

export const lotListResponseSchema = z
  .object({ data: z.array(lotWithRugSchema), meta: pagedMetaSchema })
  .meta({ id: 'LotList' });
