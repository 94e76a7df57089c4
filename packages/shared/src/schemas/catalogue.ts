import { z } from 'zod';
import { textField } from './text.ts';
import {
  AGE_CLASSES,
  AVAILABILITIES,
  CONDITION_GRADES,
  KNOT_TYPES,
  RUG_COLOURS,
  RUG_MATERIALS,
  RUG_SHAPES,
  RUG_SORTS,
  RUG_STATUSES,
  RUG_STYLES,
} from '../constants/catalogue.ts';
import { pagedMetaSchema } from './common.ts';
import { apiImageSchema } from './media.ts';
import { rugFilterSchema } from './rug-filter.ts';

const isoTime = textField().meta({ description: 'ISO 8601 UTC time' });
const cents = z.number().int().meta({ description: 'Amount in cents' });

export const LOT_STATUSES = ['scheduled', 'open', 'closed', 'withdrawn'] as const;
export const LOT_OUTCOMES = ['sold', 'unsold'] as const;
export const AUCTION_TYPES = ['timed', 'live'] as const;

/**
 * A lot as every client reads it. `status` is as of `serverNow`: a stored `scheduled` lot whose start has passed
 * reads `open`, and an `open` lot past its end reads `closed` (with `outcome` null until the closing job has
 * decided it). The reserve and the leader's maximum are never included.
 */
export const lotSchema = z
  .object({
    id: textField(),
    auctionId: textField(),
    auctionTitle: textField(),
    auctionSlug: textField(),
    auctionType: z.enum(AUCTION_TYPES),
    rugId: textField(),
    lotNumber: z.number().int(),
    status: z.enum(LOT_STATUSES),
    outcome: z.enum(LOT_OUTCOMES).nullable(),
    startsAt: isoTime,
    endsAt: isoTime,
    serverNow: isoTime,
    openingBid: cents,
    currentBid: cents.nullable(),
    nextMinimumBid: cents,
    bidCount: z.number().int(),
    /** Null when the lot has no reserve. */
    reserveMet: z.boolean().nullable(),
    /** Null when the lot cannot be bought outright now. */
    buyNowPrice: cents.nullable(),
    estimateLow: cents,
    estimateHigh: cents,
    /** Set once a lot closed sold at auction. */
    hammerPrice: cents.nullable(),
    // Caller fields (schemas/bidding.ts), present only when the request carried a valid bearer token.
    /** The caller is the current high bidder. */
    leading: z.boolean().optional(),
    /** The caller's own maximum bid on this lot (never anyone else's); null when they have not bid. */
    myMaxBid: cents.nullable().optional(),
    /** The caller likes (watches) this lot's rug. */
    liked: z.boolean().optional(),
  })
  .meta({ id: 'Lot' });
export type Lot = z.infer<typeof lotSchema>;

export const rugCollectionRefSchema = z
  .object({ id: textField(), title: textField(), slug: textField() })
  .meta({ id: 'RugCollectionRef' });

/** A rug as a listing card shows it. Sizes in cm (the web adds ft-in); amounts in cents. */
export const rugSummarySchema = z
  .object({
    id: textField(),
    slug: textField(),
    title: textField(),
    originCountry: textField(),
    /** Weaving centre or region: Heriz, Oushak, Kazak. */
    originRegion: textField(),
    style: z.enum(RUG_STYLES),
    ageClass: z.enum(AGE_CLASSES),
    circaYear: z.number().int().nullable(),
    widthCm: z.number().int(),
    lengthCm: z.number().int(),
    shape: z.enum(RUG_SHAPES),
    colours: z.array(z.enum(RUG_COLOURS)),
    pileMaterials: z.array(z.enum(RUG_MATERIALS)),
    conditionGrade: z.enum(CONDITION_GRADES),
    estimateLow: cents,
    estimateHigh: cents,
    /** The buy-now price of a rug offered outright (null when it is not, or while it is in a lot). */
    fixedPrice: cents.nullable(),
    /** The price the filter and sorts use: the lot's current or opening bid, else the fixed price, else the low estimate. */
    price: cents,
    status: z.enum(RUG_STATUSES),
    availability: z.enum([...AVAILABILITIES, 'available']),
    image: apiImageSchema.nullable(),
    /** The rug's current lot, else its last one. */
    lot: lotSchema.nullable(),
    /** Whether the signed-in caller likes this rug (the listing's heart); absent for visitors. */
    liked: z.boolean().optional(),
  })
  .meta({ id: 'RugSummary' });
export type RugSummary = z.infer<typeof rugSummarySchema>;

export const rugDetailSchema = rugSummarySchema
  .extend({
    description: textField(),
    foundationMaterials: z.array(z.enum(RUG_MATERIALS)),
    knotType: z.enum(KNOT_TYPES).nullable(),
    /** Knots per square inch; null for flatweaves. */
    knotDensity: z.number().int().nullable(),
    conditionReport: textField(),
    images: z.array(apiImageSchema),
    collections: z.array(rugCollectionRefSchema),
    related: z.array(rugSummarySchema),
    publishedAt: isoTime,
  })
  .meta({ id: 'RugDetail' });
export type RugDetail = z.infer<typeof rugDetailSchema>;

export const rugListResponseSchema = z
  .object({
    data: z.array(rugSummarySchema),
    meta: pagedMetaSchema,
    /** The filter as the server understood it (labels resolved to values, defaults applied, sort resolved). */
    filter: rugFilterSchema.safeExtend({ sort: z.enum(RUG_SORTS) }),
  })
  .meta({ id: 'RugList' });
export type RugListResponse = z.infer<typeof rugListResponseSchema>;

export const rugDetailResponseSchema = z.object({ data: rugDetailSchema }).meta({ id: 'RugDetailResponse' });
export const relatedRugsResponseSchema = z
  .object({ data: z.array(rugSummarySchema) })
  .meta({ id: 'RelatedRugs' });

export const facetValueSchema = z
  .object({
    value: textField(),
    label: textField(),
    /** Rugs matching the current filter with this value, ignoring this facet's own selection. */
    count: z.number().int(),
    selected: z.boolean(),
  })
  .meta({ id: 'FacetValue' });
export type FacetValue = z.infer<typeof facetValueSchema>;

const rangeSchema = z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() });

export const rugFacetsSchema = z
  .object({
    /** value = slug, label = title. */
    collections: z.array(facetValueSchema),
    /** value = label = weaving centre/region. */
    origins: z.array(facetValueSchema.extend({ country: textField() })),
    styles: z.array(facetValueSchema),
    ageClasses: z.array(facetValueSchema),
    shapes: z.array(facetValueSchema),
    materials: z.array(facetValueSchema),
    colours: z.array(facetValueSchema),
    availability: z.array(facetValueSchema),
    /** Bounds over the rugs matching the whole filter except the range itself. */
    ranges: z.object({ widthCm: rangeSchema, lengthCm: rangeSchema, price: rangeSchema }),
    /** Rugs matching the whole filter. */
    total: z.number().int(),
  })
  .meta({ id: 'RugFacets' });
export type RugFacets = z.infer<typeof rugFacetsSchema>;

export const rugFacetsResponseSchema = z.object({ data: rugFacetsSchema }).meta({ id: 'RugFacetsResponse' });
