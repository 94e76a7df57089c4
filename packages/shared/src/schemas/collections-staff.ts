/** The back office's collections (issue 11, decision 060): create, edit, order, and pick their rugs. */
import { z } from 'zod';
import { apiImageSchema } from './media.ts';
import { pagedMetaSchema } from './common.ts';
import { textField } from './text.ts';

export const adminCollectionMessages = {
  titleRequired: 'Give the collection a title',
  titleMax: 'The title should have at most 80 characters',
  descriptionMax: 'The description should have at most 2,000 characters',
  titleTaken: 'A collection with this title already exists',
  nothingToChange: 'Send at least one field to change',
  orderIncomplete: 'Send every collection exactly once',
  rugsRequired: 'Pick at least one rug (at most 100 at a time)',
  rugsUnknown: 'Some of these rugs do not exist',
  collectionNotFound: 'Collection not found',
  rugNotInCollection: 'This rug is not in the collection',
  collectionCreated: 'Collection created',
  collectionSaved: 'Collection saved',
  collectionDeleted: 'Collection deleted; its rugs stay in the catalogue',
  collectionsOrdered: 'Order saved',
  rugsAdded: 'Rugs added to the collection',
  rugRemoved: 'Rug removed from the collection',
  coverSaved: 'Cover saved',
  coverRemoved: 'Cover removed: the collection shows its most valuable rug',
  collectionPublished: 'Collection published',
  collectionUnpublished: 'Collection back to draft: visitors no longer see it',
  publishNeedsPublicRug:
    'This collection has no published rug yet. Add a published rug (or publish one of its rugs) before publishing it.',
} as const;
const m = adminCollectionMessages;

/** Titles name the collection in the footer and in /rug-listings?data=…, so they stay short and unique. */
export const COLLECTION_TITLE_MAX = 80;
export const COLLECTION_DESCRIPTION_MAX = 2000;

const title = textField({ error: m.titleRequired })
  .trim()
  .min(1, m.titleRequired)
  .max(COLLECTION_TITLE_MAX, m.titleMax);
const description = textField().trim().max(COLLECTION_DESCRIPTION_MAX, m.descriptionMax);

/**
 * A collection is a draft until staff publish it (issue 24, decision 076); visitors see it only when it is
 * published and holds a public rug (available, reserved or sold).
 */
export const collectionStatuses = ['draft', 'published'] as const;
export type CollectionStatus = (typeof collectionStatuses)[number];
export const collectionStatusSchema = z.enum(collectionStatuses);

export const adminCollectionCreateSchema = z
  .object({ title, description: description.default('') })
  .strict()
  .meta({ id: 'AdminCollectionCreate' });
export type AdminCollectionCreate = z.input<typeof adminCollectionCreateSchema>;

export const adminCollectionUpdateSchema = z
  .object({ title: title.optional(), description: description.optional() })
  .strict()
  .refine((v) => v.title !== undefined || v.description !== undefined, { message: m.nothingToChange })
  .meta({ id: 'AdminCollectionUpdate' });
export type AdminCollectionUpdate = z.infer<typeof adminCollectionUpdateSchema>;

export const adminCollectionOrderSchema = z
  .object({
    collectionIds: z.array(z.uuid(m.orderIncomplete)).min(1, m.orderIncomplete).max(500, m.orderIncomplete),
  })
  .strict()
  .refine((v) => new Set(v.collectionIds).size === v.collectionIds.length, {
    message: m.orderIncomplete,
    path: ['collectionIds'],
  })
  .meta({ id: 'AdminCollectionOrder' });

export const adminCollectionRugsAddSchema = z
  .object({ rugIds: z.array(z.uuid(m.rugsRequired)).min(1, m.rugsRequired).max(100, m.rugsRequired) })
  .strict()
  .meta({ id: 'AdminCollectionRugsAdd' });

export const adminCollectionRugParamsSchema = z.object({ id: z.uuid(), rugId: z.uuid() });

export const adminCollectionSchema = z
  .object({
    id: textField(),
    title: textField(),
    slug: textField(),
    description: textField(),
    status: collectionStatusSchema,
    /** 0-based place in the footer and on /collections. */
    position: z.number().int(),
    /** Every rug linked, drafts included; `publishedRugCount` is what visitors see. */
    rugCount: z.number().int(),
    publishedRugCount: z.number().int(),
    /** The collection's own cover (uploaded here); null when it shows its most valuable rug's first picture. */
    coverImageId: textField().nullable(),
    cover: apiImageSchema.nullable(),
    createdAt: textField(),
  })
  .meta({ id: 'AdminCollection' });
export type AdminCollection = z.infer<typeof adminCollectionSchema>;

export const adminCollectionListResponseSchema = z
  .object({ data: z.array(adminCollectionSchema) })
  .meta({ id: 'AdminCollectionList' });
export const adminCollectionOrderResponseSchema = z
  .object({ message: textField(), data: z.array(adminCollectionSchema) })
  .meta({ id: 'AdminCollectionOrdered' });
export const adminCollectionResponseSchema = z
  .object({ message: textField().optional(), data: adminCollectionSchema })
  .meta({ id: 'AdminCollectionResponse' });

export const adminCollectionRugsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

/** A rug in a collection, as the editor lists it. */
export const adminCollectionRugSchema = z
  .object({
    id: textField(),
    title: textField(),
    originRegion: textField(),
    status: textField(),
    image: apiImageSchema.nullable(),
  })
  .meta({ id: 'AdminCollectionRug' });
export type AdminCollectionRug = z.infer<typeof adminCollectionRugSchema>;
export const adminCollectionRugListResponseSchema = z
  .object({ data: z.array(adminCollectionRugSchema), meta: pagedMetaSchema })
  .meta({ id: 'AdminCollectionRugList' });
export type AdminCollectionRugListResponse = z.infer<typeof adminCollectionRugListResponseSchema>;

export const adminCollectionDeleteResponseSchema = z
  .object({ message: textField(), data: z.object({ unlinkedRugs: z.number().int() }) })
  .meta({ id: 'AdminCollectionDeleted' });
