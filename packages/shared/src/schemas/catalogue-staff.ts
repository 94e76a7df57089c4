/**
 * The back office's rug catalogue (/api/v1/admin/rugs, issue 11): a paged, sorted, filtered grid, and an editor
 * for every catalogue field with an optimistic version check. Amounts in cents, sizes in cm.
 */
import { z } from 'zod';
import {
  AGE_CLASSES,
  CONDITION_GRADES,
  KNOT_TYPES,
  RUG_COLOURS,
  RUG_MATERIALS,
  RUG_SHAPES,
  RUG_STATUSES,
  RUG_STYLES,
} from '../constants/catalogue.ts';
import { pagedMetaSchema } from './common.ts';
import { apiImageSchema } from './media.ts';
import { textField } from './text.ts';

export const adminRugMessages = {
  titleRequired: 'Title is required',
  titleMax: 'The title should have at most 200 characters',
  textMax: 'This text should have at most 10,000 characters',
  regionRequired: 'Region is required',
  countryRequired: 'Country is required',
  sizeInvalid: 'Enter a whole number of centimetres between 1 and 5,000',
  yearInvalid: 'Enter a year between 1500 and 2100',
  densityInvalid: 'Enter a whole number of knots per square inch between 1 and 3,000',
  amountInvalid: 'Enter an amount of at least 0',
  priceInvalid: 'A fixed price must be more than 0',
  estimateOrder: 'The high estimate must be at least the low estimate',
  versionRequired: 'The version you started editing from is required',
  staleVersion:
    'Someone else saved this rug while you were editing it. Reload it to see their changes, then edit again.',
  rugNotFound: 'Rug not found',
  rugInSale: 'This rug is in a scheduled or open lot; withdraw the lot before unpublishing it',
  cannotPublish: 'Only a draft or withdrawn rug can be published',
  cannotUnpublish: 'Only an available rug can be unpublished',
  rugCreated: 'Rug created',
  rugSaved: 'Rug saved',
  rugPublished: 'Rug published',
  rugUnpublished: 'Rug unpublished',
  photosSaved: 'Photos saved',
  photosInvalid: 'The photo list must name each of this rug\u2019s photos exactly once',
  bulkRugsRequired: 'Select at least one rug',
  bulkTooMany: 'Select at most 100 rugs at a time',
  bulkRugsRepeated: 'Each rug may be selected only once',
  bulkCollectionRequired: 'Choose a collection',
  bulkSaleRequired: 'Choose a sale',
  bulkDone: 'Bulk action done: see each rug\u2019s result',
  alreadyPublished: 'Already published',
  alreadyDraft: 'Already a draft',
  alreadyInCollection: 'Already in this collection',
} as const;
const m = adminRugMessages;

const size = z
  .number({ error: m.sizeInvalid })
  .int(m.sizeInvalid)
  .min(1, m.sizeInvalid)
  .max(5000, m.sizeInvalid);
const amount = z
  .number({ error: m.amountInvalid })
  .int(m.amountInvalid)
  .min(0, m.amountInvalid)
  .max(1e12, m.amountInvalid);

/** Every field of a rug the catalogue shows, as the editor sends it. */
export const adminRugFieldsSchema = z.object({
  title: textField({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(200, m.titleMax),
  description: textField().max(10_000, m.textMax),
  originCountry: textField({ error: m.countryRequired }).trim().min(1, m.countryRequired).max(100),
  originRegion: textField({ error: m.regionRequired }).trim().min(1, m.regionRequired).max(100),
  style: z.enum(RUG_STYLES),
  ageClass: z.enum(AGE_CLASSES),
  circaYear: z
    .number({ error: m.yearInvalid })
    .int(m.yearInvalid)
    .min(1500, m.yearInvalid)
    .max(2100, m.yearInvalid)
    .nullable(),
  widthCm: size,
  lengthCm: size,
  shape: z.enum(RUG_SHAPES),
  pileMaterials: z.array(z.enum(RUG_MATERIALS)).max(RUG_MATERIALS.length),
  foundationMaterials: z.array(z.enum(RUG_MATERIALS)).max(RUG_MATERIALS.length),
  knotType: z.enum(KNOT_TYPES).nullable(),
  knotDensity: z
    .number({ error: m.densityInvalid })
    .int(m.densityInvalid)
    .min(1, m.densityInvalid)
    .max(3000, m.densityInvalid)
    .nullable(),
  colours: z.array(z.enum(RUG_COLOURS)).max(RUG_COLOURS.length),
  conditionGrade: z.enum(CONDITION_GRADES),
  conditionReport: textField().max(10_000, m.textMax),
  estimateLow: amount,
  estimateHigh: amount,
  /** Offered outright at this price (buy now) when set. */
  fixedPrice: z
    .number({ error: m.priceInvalid })
    .int(m.priceInvalid)
    .min(1, m.priceInvalid)
    .max(1e12, m.priceInvalid)
    .nullable(),
});

const estimatesInOrder = <T extends { estimateLow?: number; estimateHigh?: number }>(v: T) =>
  v.estimateLow === undefined || v.estimateHigh === undefined || v.estimateHigh >= v.estimateLow;

export const adminRugCreateSchema = adminRugFieldsSchema
  .refine(estimatesInOrder, { message: m.estimateOrder, path: ['estimateHigh'] })
  .meta({ id: 'AdminRugCreate' });
export type AdminRugCreate = z.infer<typeof adminRugCreateSchema>;

/** A partial edit naming the version it started from; a stale version is 409. */
export const adminRugUpdateSchema = adminRugFieldsSchema
  .partial()
  .extend({ version: z.number({ error: m.versionRequired }).int().min(1) })
  .refine(estimatesInOrder, { message: m.estimateOrder, path: ['estimateHigh'] })
  .meta({ id: 'AdminRugUpdate' });
export type AdminRugUpdate = z.infer<typeof adminRugUpdateSchema>;

export const ADMIN_RUG_SORTS = ['updatedAt', 'createdAt', 'title', 'estimateLow', 'status'] as const;
export type AdminRugSort = (typeof ADMIN_RUG_SORTS)[number];

export const adminRugListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  q: textField().trim().max(200).optional(),
  status: z.enum(RUG_STATUSES).optional(),
  style: z.enum(RUG_STYLES).optional(),
  sort: z.enum(ADMIN_RUG_SORTS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminRugListQuery = z.infer<typeof adminRugListQuerySchema>;

export const adminRugRowSchema = z
  .object({
    id: textField(),
    slug: textField(),
    title: textField(),
    originRegion: textField(),
    style: z.enum(RUG_STYLES),
    status: z.enum(RUG_STATUSES),
    widthCm: z.number().int(),
    lengthCm: z.number().int(),
    estimateLow: z.number().int(),
    estimateHigh: z.number().int(),
    fixedPrice: z.number().int().nullable(),
    lotStatus: textField().nullable(),
    photoCount: z.number().int(),
    updatedAt: textField(),
  })
  .meta({ id: 'AdminRugRow' });
export type AdminRugRow = z.infer<typeof adminRugRowSchema>;

export const adminRugListResponseSchema = z
  .object({
    data: z.array(adminRugRowSchema),
    /** `total` is exact up to 10,000; `capped` says there are more (the grid shows "10,000+"). */
    meta: pagedMetaSchema.extend({ capped: z.boolean() }),
  })
  .meta({ id: 'AdminRugList' });
export type AdminRugListResponse = z.infer<typeof adminRugListResponseSchema>;

export const adminRugPhotoSchema = z
  .object({ imageId: textField(), image: apiImageSchema })
  .meta({ id: 'AdminRugPhoto' });

export const adminRugSchema = adminRugFieldsSchema
  .extend({
    id: textField(),
    slug: textField(),
    status: z.enum(RUG_STATUSES),
    version: z.number().int(),
    lotStatus: textField().nullable(),
    /** In display order; the first is the cover. */
    photos: z.array(adminRugPhotoSchema),
    updatedAt: textField(),
  })
  .meta({ id: 'AdminRug' });
export type AdminRug = z.infer<typeof adminRugSchema>;

export const adminRugResponseSchema = z
  .object({ message: textField().optional(), data: adminRugSchema })
  .meta({ id: 'AdminRugResponse' });
export type AdminRugResponse = z.infer<typeof adminRugResponseSchema>;

/** The photos in their new order (the first is the cover); every current photo exactly once. */
export const adminRugPhotoOrderSchema = z
  .object({
    imageIds: z.array(z.uuid()).max(60),
    version: z.number({ error: m.versionRequired }).int().min(1),
  })
  .meta({ id: 'AdminRugPhotoOrder' });
export const adminRugVersionSchema = z
  .object({ version: z.number({ error: m.versionRequired }).int().min(1) })
  .meta({ id: 'AdminRugVersion' });

// ---- Bulk actions on the grid (issue 24, decision 076) ------------------------------------------------------

/** At most this many rugs per bulk action (one page of the grid at its largest). */
export const RUG_BULK_MAX = 100;
export const RUG_BULK_ACTIONS = ['publish', 'unpublish', 'addToCollection', 'addToSale'] as const;
export type RugBulkAction = (typeof RUG_BULK_ACTIONS)[number];

const bulkRugIds = z
  .array(z.uuid(m.bulkRugsRequired), { error: m.bulkRugsRequired })
  .min(1, m.bulkRugsRequired)
  .max(RUG_BULK_MAX, m.bulkTooMany)
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, m.bulkRugsRepeated);

/**
 * One action on many rugs of the grid: publish, unpublish, add to a collection, add to a sale as lots (each
 * through the add-lot rules). Every rug gets its own result: some may not move while the others do.
 */
export const adminRugBulkSchema = z
  .discriminatedUnion('action', [
    z.object({ action: z.literal('publish'), rugIds: bulkRugIds }).strict(),
    z.object({ action: z.literal('unpublish'), rugIds: bulkRugIds }).strict(),
    z
      .object({
        action: z.literal('addToCollection'),
        rugIds: bulkRugIds,
        collectionId: z.uuid(m.bulkCollectionRequired),
      })
      .strict(),
    z
      .object({ action: z.literal('addToSale'), rugIds: bulkRugIds, saleId: z.uuid(m.bulkSaleRequired) })
      .strict(),
  ])
  .meta({ id: 'AdminRugBulk' });
export type AdminRugBulk = z.infer<typeof adminRugBulkSchema>;

/** done: the rug moved; unchanged: it already was so (a retry is safe); refused: it cannot move, `message` says why. */
export const RUG_BULK_OUTCOMES = ['done', 'unchanged', 'refused'] as const;
export type RugBulkOutcome = (typeof RUG_BULK_OUTCOMES)[number];

export const adminRugBulkResultSchema = z
  .object({
    rugId: textField(),
    /** Null for an id that names no rug. */
    title: textField().nullable(),
    outcome: z.enum(RUG_BULK_OUTCOMES),
    /** A machine code of the refusal (RUG_IN_LOT, RUG_NOT_AVAILABLE, CANNOT_PUBLISH...), null otherwise. */
    code: textField().nullable(),
    message: textField().nullable(),
    /** The new lot's number, for addToSale. */
    lotNumber: z.number().int().nullable(),
  })
  .meta({ id: 'AdminRugBulkResult' });
export type AdminRugBulkResult = z.infer<typeof adminRugBulkResultSchema>;

export const adminRugBulkResponseSchema = z
  .object({
    message: textField(),
    data: z.object({
      action: z.enum(RUG_BULK_ACTIONS),
      done: z.number().int(),
      unchanged: z.number().int(),
      refused: z.number().int(),
      /** In the order the rugs were sent. */
      results: z.array(adminRugBulkResultSchema),
    }),
  })
  .meta({ id: 'AdminRugBulkResponse' });
export type AdminRugBulkResponse = z.infer<typeof adminRugBulkResponseSchema>;
