import { z } from 'zod';
import { textField } from './text.ts';
import { AGE_CLASSES, RUG_SIZE_MAX_CM, RUG_STYLES } from '../constants/catalogue.ts';
import { pagedMetaSchema } from './common.ts';
import { apiImageSchema } from './media.ts';

/** Realised prices (issue 14 section 5): sold lots' hammer prices, public after the sale. Reserves never are. */
export const REALISED_SORTS = ['soldDesc', 'hammerDesc', 'hammerAsc', 'sizeDesc'] as const;
export type RealisedSort = (typeof REALISED_SORTS)[number];
export const REALISED_PAGE_SIZE_MAX = 48;
/** Comparables look back this far (issue 14: "sold in the last five years") and show at most this many. */
export const COMPARABLES_YEARS = 5;
export const COMPARABLES_MAX = 6;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const whole = (what: string, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${what} must be a number` })
      .int(`${what} must be a whole number`)
      .min(min, `${what} must be at least ${min}`)
      .max(max, `${what} must be at most ${max}`)
      .optional(),
  );

/** GET /realised: plain query parameters, every one optional (an empty query lists every sold lot, newest first). */
export const realisedQuerySchema = z
  .object({
    /** Full-text search over title, origin and description, as the listing's. */
    q: z.preprocess(
      blankToUndefined,
      textField().trim().max(100, 'Search must be at most 100 characters').optional(),
    ),
    /** Weaving centre or country (Heriz, Iran), case-insensitive. */
    origin: z.preprocess(
      blankToUndefined,
      textField().trim().max(100, 'Origin must be at most 100 characters').optional(),
    ),
    style: z.preprocess(
      blankToUndefined,
      z.enum(RUG_STYLES, { error: `Style must be one of ${RUG_STYLES.join(', ')}` }).optional(),
    ),
    ageClass: z.preprocess(
      blankToUndefined,
      z.enum(AGE_CLASSES, { error: `Age must be one of ${AGE_CLASSES.join(', ')}` }).optional(),
    ),
    widthMin: whole('widthMin', 0, RUG_SIZE_MAX_CM),
    widthMax: whole('widthMax', 0, RUG_SIZE_MAX_CM),
    lengthMin: whole('lengthMin', 0, RUG_SIZE_MAX_CM),
    lengthMax: whole('lengthMax', 0, RUG_SIZE_MAX_CM),
    /** Sold in or after this year (UTC). */
    yearFrom: whole('yearFrom', 1900, 2200),
    /** Sold in or before this year (UTC). */
    yearTo: whole('yearTo', 1900, 2200),
    sort: z.preprocess(
      blankToUndefined,
      z
        .enum(REALISED_SORTS, { error: `Sort must be one of ${REALISED_SORTS.join(', ')}` })
        .default('soldDesc'),
    ),
    page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(10_000).default(1)),
    pageSize: z.preprocess(
      blankToUndefined,
      z.coerce.number().int().min(1).max(REALISED_PAGE_SIZE_MAX).default(24),
    ),
  })
  .superRefine((f, ctx) => {
    for (const [lo, hi] of [
      ['widthMin', 'widthMax'],
      ['lengthMin', 'lengthMax'],
      ['yearFrom', 'yearTo'],
    ] as const) {
      const a = f[lo];
      const b = f[hi];
      if (a !== undefined && b !== undefined && a > b) {
        ctx.addIssue({ code: 'custom', path: [hi], message: `${hi} must be at least ${lo}` });
      }
    }
  });
export type RealisedQuery = z.output<typeof realisedQuerySchema>;
export type RealisedQueryInput = z.input<typeof realisedQuerySchema>;

const cents = z.number().int().meta({ description: 'Amount in cents' });

/** One sold lot: what sold, when, in which sale, for what hammer (the reserve and the bids are never shown). */
export const realisedLotSchema = z
  .object({
    lotId: textField(),
    lotNumber: z.number().int(),
    auctionTitle: textField(),
    auctionSlug: textField(),
    /** ISO 8601 UTC: when the lot closed. */
    soldAt: textField(),
    hammerPrice: cents,
    /** The sale's currency (ISO 4217). */
    currency: textField(),
    estimateLow: cents,
    estimateHigh: cents,
    rugId: textField(),
    rugSlug: textField(),
    title: textField(),
    originRegion: textField(),
    originCountry: textField(),
    style: z.enum(RUG_STYLES),
    ageClass: z.enum(AGE_CLASSES),
    circaYear: z.number().int().nullable(),
    widthCm: z.number().int(),
    lengthCm: z.number().int(),
    image: apiImageSchema.nullable(),
  })
  .meta({ id: 'RealisedLot' });
export type RealisedLot = z.infer<typeof realisedLotSchema>;

export const realisedListResponseSchema = z
  .object({ data: z.array(realisedLotSchema), meta: pagedMetaSchema })
  .meta({ id: 'RealisedList' });
export type RealisedListResponse = z.infer<typeof realisedListResponseSchema>;

export const comparablesResponseSchema = z
  .object({ data: z.array(realisedLotSchema) })
  .meta({ id: 'Comparables' });

/** GET /realised/chart: one origin or one style (or everything), by year of sale. */
export const realisedChartQuerySchema = z.object({
  origin: realisedQuerySchema.shape.origin,
  style: realisedQuerySchema.shape.style,
});
export type RealisedChartQuery = z.output<typeof realisedChartQuerySchema>;

/** One year's hammer prices per square metre (cents per m², rounded): median and range. */
export const realisedYearSchema = z
  .object({
    year: z.number().int(),
    count: z.number().int(),
    medianPerSqm: cents,
    lowPerSqm: cents,
    highPerSqm: cents,
  })
  .meta({ id: 'RealisedYear' });
export type RealisedYear = z.infer<typeof realisedYearSchema>;

export const realisedChartResponseSchema = z
  .object({ data: z.object({ currency: textField(), years: z.array(realisedYearSchema) }) })
  .meta({ id: 'RealisedChart' });
export type RealisedChart = z.infer<typeof realisedChartResponseSchema>['data'];

export const realisedMessages = { rugNotFound: 'Rug not found' } as const;
