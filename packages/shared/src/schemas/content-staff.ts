/**
 * The back office's content (/api/v1/admin/content, issue 11, decision 059): blog posts with a version check and
 * pictures in their body, the FAQ, the About/Terms/Privacy pages, testimonials, careers and the home page's
 * featured sale and collections.
 */
import { z } from 'zod';
import { EMPLOYMENT_TYPES } from './content.ts';
import { pagedMetaSchema } from './common.ts';
import { apiImageSchema } from './media.ts';
import { textField } from './text.ts';

export const adminContentMessages = {
  titleRequired: 'Title is required',
  titleMax: 'The title should have at most 200 characters',
  slugInvalid: 'Use lower-case letters, digits and single hyphens, e.g. winter-sale-highlights',
  slugTaken: 'Another post already uses this address',
  excerptMax: 'The excerpt should have at most 500 characters',
  bodyMax: 'The text should have at most 100,000 characters',
  authorRequired: 'Author is required',
  tagInvalid: 'Tags may contain letters, digits, spaces, & and -, up to 40 characters',
  dateInvalid: 'Enter a valid date and time',
  imageNotFound: 'This picture was not found; upload it again',
  versionRequired: 'The version you started editing from is required',
  staleVersion:
    'Someone else saved this while you were editing it. Reload it to see their changes, then edit again.',
  postNotFound: 'Post not found',
  pageNotFound: 'Page not found',
  groupNotFound: 'FAQ group not found',
  entryNotFound: 'Question not found',
  testimonialNotFound: 'Testimonial not found',
  careerNotFound: 'Position not found',
  questionRequired: 'Question is required',
  answerRequired: 'Answer is required',
  textRequired: 'This field is required',
  textMax: 'This text should have at most 5,000 characters',
  ratingInvalid: 'Choose a rating from 1 to 5',
  orderInvalid: 'The new order must name every item exactly once',
  saleNotFound: 'This sale cannot be featured (it does not exist, is a draft or was cancelled)',
  collectionNotFound: 'One of these collections does not exist',
  tooManyCollections: 'Feature at most 12 collections',
  created: 'Created',
  saved: 'Saved',
  deleted: 'Deleted',
  published: 'Published',
  unpublished: 'Unpublished',
  orderSaved: 'Order saved',
  imageUploaded: 'Picture uploaded',
  nothingToChange: 'Change at least one field',
} as const;
const m = adminContentMessages;

const title = textField({ error: m.titleRequired }).trim().min(1, m.titleRequired).max(200, m.titleMax);
const required = (max: number, message: string = m.textRequired) =>
  textField({ error: message }).trim().min(1, message).max(max, m.textMax);
/** A partial edit must change something. */
const someField = <T extends object>(v: T) => Object.keys(v).length > 0;
const version = z.number({ error: m.versionRequired }).int().min(0);
export const adminContentVersionSchema = z
  .object({ version: version.min(1) })
  .meta({ id: 'AdminContentVersion' });

/** A new order: every id of the list exactly once. */
export const adminContentOrderSchema = z
  .object({ ids: z.array(z.uuid()).max(500) })
  .meta({ id: 'AdminContentOrder' });
export type AdminContentOrder = z.infer<typeof adminContentOrderSchema>;

// ---- Blog posts ----

export const POST_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

const postFields = z.object({
  title,
  /** Derived from the title when left out on create. */
  slug: textField()
    .trim()
    .max(120, m.slugInvalid)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, m.slugInvalid),
  excerpt: textField().trim().max(500, m.excerptMax),
  bodyMarkdown: textField().max(100_000, m.bodyMax),
  author: textField({ error: m.authorRequired }).trim().min(1, m.authorRequired).max(120, m.titleMax),
  tags: z
    .array(
      textField()
        .trim()
        .toLowerCase()
        .min(1, m.tagInvalid)
        .max(40, m.tagInvalid)
        .regex(/^[a-z0-9 &-]+$/, m.tagInvalid),
    )
    .max(12),
  coverImageId: z.uuid(m.imageNotFound).nullable(),
  /** ISO 8601; null is a draft, a future date is scheduled. */
  publishedAt: z.iso.datetime({ offset: true, error: m.dateInvalid }).nullable(),
});

export const adminPostCreateSchema = postFields
  .partial({
    slug: true,
    excerpt: true,
    bodyMarkdown: true,
    tags: true,
    coverImageId: true,
    publishedAt: true,
  })
  .meta({ id: 'AdminPostCreate' });
export type AdminPostCreate = z.infer<typeof adminPostCreateSchema>;

export const adminPostUpdateSchema = postFields
  .partial()
  .extend({ version: version.min(1) })
  .meta({ id: 'AdminPostUpdate' });
export type AdminPostUpdate = z.infer<typeof adminPostUpdateSchema>;

export const ADMIN_POST_SORTS = ['updatedAt', 'publishedAt', 'title'] as const;
export const adminPostListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  q: textField().trim().max(200).optional(),
  status: z.enum(POST_STATUSES).optional(),
  sort: z.enum(ADMIN_POST_SORTS).default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AdminPostListQuery = z.infer<typeof adminPostListQuerySchema>;

export const adminPostRowSchema = z
  .object({
    id: textField(),
    slug: textField(),
    title: textField(),
    author: textField(),
    status: z.enum(POST_STATUSES),
    publishedAt: textField().nullable(),
    updatedAt: textField(),
    version: z.number().int(),
  })
  .meta({ id: 'AdminPostRow' });
export type AdminPostRow = z.infer<typeof adminPostRowSchema>;
export const adminPostListResponseSchema = z
  .object({ data: z.array(adminPostRowSchema), meta: pagedMetaSchema })
  .meta({ id: 'AdminPostList' });
export type AdminPostListResponse = z.infer<typeof adminPostListResponseSchema>;

export const adminPostSchema = adminPostRowSchema
  .extend({
    excerpt: textField(),
    bodyMarkdown: textField(),
    tags: z.array(textField()),
    coverImageId: textField().nullable(),
    coverImage: apiImageSchema.nullable(),
  })
  .meta({ id: 'AdminPost' });
export type AdminPost = z.infer<typeof adminPostSchema>;
export const adminPostResponseSchema = z
  .object({ message: textField().optional(), data: adminPostSchema })
  .meta({ id: 'AdminPostResponse' });
export type AdminPostResponse = z.infer<typeof adminPostResponseSchema>;

/** An uploaded picture: `url` is what the Markdown body links to (`![alt](url)`). */
export const adminContentImageResponseSchema = z
  .object({
    message: textField().optional(),
    data: z.object({ imageId: textField(), image: apiImageSchema, url: textField() }),
  })
  .meta({ id: 'AdminContentImageResponse' });
export type AdminContentImageResponse = z.infer<typeof adminContentImageResponseSchema>;

/** The preview renders exactly as the public page does (the same Markdown renderer and sanitiser). */
export const adminContentPreviewSchema = z
  .object({ markdown: textField().max(100_000, m.bodyMax) })
  .meta({ id: 'AdminContentPreview' });
export const adminContentPreviewResponseSchema = z
  .object({ data: z.object({ html: textField() }) })
  .meta({ id: 'AdminContentPreviewResponse' });

// ---- FAQ ----

export const adminFaqGroupInputSchema = z.object({ title }).meta({ id: 'AdminFaqGroupFields' });
export const adminFaqEntryInputSchema = z
  .object({
    groupId: z.uuid(m.groupNotFound),
    question: required(500, m.questionRequired),
    answer: required(5000, m.answerRequired),
  })
  .meta({ id: 'AdminFaqEntryFields' });
export type AdminFaqEntryInput = z.infer<typeof adminFaqEntryInputSchema>;
export const adminFaqEntryUpdateSchema = adminFaqEntryInputSchema
  .partial()
  .refine(someField, m.nothingToChange)
  .meta({ id: 'AdminFaqEntryUpdate' });

export const adminFaqEntrySchema = z
  .object({ id: textField(), groupId: textField(), question: textField(), answer: textField() })
  .meta({ id: 'AdminFaqEntry' });
export type AdminFaqEntry = z.infer<typeof adminFaqEntrySchema>;
export const adminFaqGroupSchema = z
  .object({ id: textField(), title: textField(), entries: z.array(adminFaqEntrySchema) })
  .meta({ id: 'AdminFaqGroup' });
export type AdminFaqGroup = z.infer<typeof adminFaqGroupSchema>;
export const adminFaqResponseSchema = z
  .object({ message: textField().optional(), data: z.array(adminFaqGroupSchema) })
  .meta({ id: 'AdminFaqResponse' });
export type AdminFaqResponse = z.infer<typeof adminFaqResponseSchema>;

// ---- Pages ----

export const SITE_PAGE_SLUGS = ['about', 'terms', 'privacy-policy'] as const;
export type SitePageSlugName = (typeof SITE_PAGE_SLUGS)[number];
export const adminPageParamsSchema = z.object({ slug: z.enum(SITE_PAGE_SLUGS, m.pageNotFound) });
export const adminPageUpdateSchema = z
  .object({
    title,
    bodyMarkdown: textField().max(100_000, m.bodyMax),
    /** 0 when the page does not exist yet (the save creates it). */
    version,
  })
  .meta({ id: 'AdminPageUpdate' });
export type AdminPageUpdate = z.infer<typeof adminPageUpdateSchema>;
export const adminPageSchema = z
  .object({
    slug: z.enum(SITE_PAGE_SLUGS),
    title: textField(),
    bodyMarkdown: textField(),
    version: z.number().int(),
    updatedAt: textField().nullable(),
  })
  .meta({ id: 'AdminPage' });
export type AdminPage = z.infer<typeof adminPageSchema>;
export const adminPageResponseSchema = z
  .object({ message: textField().optional(), data: adminPageSchema })
  .meta({ id: 'AdminPageResponse' });
export const adminPageListResponseSchema = z
  .object({ data: z.array(adminPageSchema) })
  .meta({ id: 'AdminPageList' });
export type AdminPageListResponse = z.infer<typeof adminPageListResponseSchema>;

// ---- Testimonials and careers ----

export const adminTestimonialInputSchema = z
  .object({
    name: required(120),
    location: required(120),
    quote: required(2000),
    rating: z
      .number({ error: m.ratingInvalid })
      .int(m.ratingInvalid)
      .min(1, m.ratingInvalid)
      .max(5, m.ratingInvalid),
  })
  .meta({ id: 'AdminTestimonialFields' });
export type AdminTestimonialInput = z.infer<typeof adminTestimonialInputSchema>;
export const adminTestimonialUpdateSchema = adminTestimonialInputSchema
  .partial()
  .refine(someField, m.nothingToChange)
  .meta({ id: 'AdminTestimonialUpdate' });
export const adminTestimonialSchema = adminTestimonialInputSchema
  .extend({ id: textField() })
  .meta({ id: 'AdminTestimonial' });
export type AdminTestimonial = z.infer<typeof adminTestimonialSchema>;
export const adminTestimonialListResponseSchema = z
  .object({ message: textField().optional(), data: z.array(adminTestimonialSchema) })
  .meta({ id: 'AdminTestimonialList' });
export type AdminTestimonialListResponse = z.infer<typeof adminTestimonialListResponseSchema>;

export const adminCareerInputSchema = z
  .object({
    title,
    location: required(120),
    type: z.enum(EMPLOYMENT_TYPES),
    description: required(5000),
    isOpen: z.boolean(),
  })
  .meta({ id: 'AdminCareerFields' });
export type AdminCareerInput = z.infer<typeof adminCareerInputSchema>;
export const adminCareerUpdateSchema = adminCareerInputSchema
  .partial()
  .refine(someField, m.nothingToChange)
  .meta({ id: 'AdminCareerUpdate' });
export const adminCareerSchema = adminCareerInputSchema
  .extend({ id: textField() })
  .meta({ id: 'AdminCareer' });
export type AdminCareer = z.infer<typeof adminCareerSchema>;
export const adminCareerListResponseSchema = z
  .object({ message: textField().optional(), data: z.array(adminCareerSchema) })
  .meta({ id: 'AdminCareerList' });
export type AdminCareerListResponse = z.infer<typeof adminCareerListResponseSchema>;

// ---- Home page ----

export const adminHomeUpdateSchema = z
  .object({
    featuredSaleId: z.uuid(m.saleNotFound).nullable(),
    /** In display order. */
    collectionIds: z.array(z.uuid(m.collectionNotFound)).max(12, m.tooManyCollections),
    version: version.min(1),
  })
  .meta({ id: 'AdminHomeUpdate' });
export type AdminHomeUpdate = z.infer<typeof adminHomeUpdateSchema>;
export const adminHomeSchema = z
  .object({
    featuredSaleId: textField().nullable(),
    collectionIds: z.array(textField()),
    version: z.number().int(),
    /** What may be picked: sales that are not drafts or cancelled (newest first), and every collection. */
    sales: z.array(
      z.object({ id: textField(), title: textField(), status: textField(), startsAt: textField() }),
    ),
    collections: z.array(z.object({ id: textField(), title: textField() })),
  })
  .meta({ id: 'AdminHome' });
export type AdminHome = z.infer<typeof adminHomeSchema>;
export const adminHomeResponseSchema = z
  .object({ message: textField().optional(), data: adminHomeSchema })
  .meta({ id: 'AdminHomeResponse' });

/** GET /misc/home: the public side of the same choice; an empty list means "the first collections". */
export const homeFeaturesSchema = z
  .object({ featuredSaleId: textField().nullable(), collectionIds: z.array(textField()) })
  .meta({ id: 'HomeFeatures' });
export type HomeFeatures = z.infer<typeof homeFeaturesSchema>;
export const homeFeaturesResponseSchema = z
  .object({ data: homeFeaturesSchema })
  .meta({ id: 'HomeFeaturesResponse' });
