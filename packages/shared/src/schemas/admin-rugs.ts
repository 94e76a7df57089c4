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
