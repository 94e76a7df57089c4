import { z } from 'zod';
import { textField } from './text.ts';
import { apiImageSchema } from './media.ts';
import { emailSchema } from './auth.ts';
import { pageQuerySchema, pagedMetaSchema } from './common.ts';

export { contentMessages } from '../messages/content.ts';

/** Blog list default: three rows of three cards. */
export const BLOG_PAGE_SIZE = 9;
/** How many related posts an article shows. */
export const BLOG_RELATED_COUNT = 3;

const tagSchema = textField()
  .trim()
  .toLowerCase()
  .min(1, 'Tag must not be empty')
  .max(40, 'Tag must have at most 40 characters')
  .regex(/^[a-z0-9 &-]+$/, 'Tag may contain letters, digits, spaces, & and -');

/** GET /auth/blog?page=&pageSize=&tag= */
export const blogListQuerySchema = pageQuerySchema.extend({
  pageSize: z.coerce.number().int().min(1).max(50).default(BLOG_PAGE_SIZE),
  tag: tagSchema.optional(),
});
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

/** GET /auth/blog/{id}: a post's UUID or its slug. */
export const blogPostParamsSchema = z.object({
  id: textField().trim().min(1, 'Article id or slug is required').max(200, 'Article id or slug is too long'),
});

export const blogPostSummarySchema = z
  .object({
    id: textField(),
    slug: textField(),
    title: textField(),
    excerpt: textField(),
    /** Null until the post has a cover picture (served by the media module). */
    coverImage: apiImageSchema.nullable(),
    author: textField(),
    /** ISO 8601. */
    publishedAt: textField(),
    readingMinutes: z.number().int().min(1),
    tags: z.array(textField()),
  })
  .meta({ id: 'BlogPostSummary' });
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostLinkSchema = z
  .object({ id: textField(), slug: textField(), title: textField() })
  .meta({ id: 'BlogPostLink' });
export type BlogPostLink = z.infer<typeof blogPostLinkSchema>;

export const blogListResponseSchema = z
  .object({ data: z.array(blogPostSummarySchema), meta: pagedMetaSchema })
  .meta({ id: 'BlogPostList' });
export type BlogListResponse = z.infer<typeof blogListResponseSchema>;

export const blogPostSchema = blogPostSummarySchema
  .extend({
    /** The body rendered from Markdown and sanitised on the server: safe to inject as HTML. */
    html: textField(),
    updatedAt: textField(),
    /** The post published just before this one (older), or null. */
    previous: blogPostLinkSchema.nullable(),
    /** The post published just after this one (newer), or null. */
    next: blogPostLinkSchema.nullable(),
    /** Up to BLOG_RELATED_COUNT other posts, those sharing most tags first, then the newest. */
    related: z.array(blogPostSummarySchema),
  })
  .meta({ id: 'BlogPost' });
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogPostResponseSchema = z.object({ data: blogPostSchema }).meta({ id: 'BlogPostResponse' });

export const faqItemSchema = z
  .object({ id: textField(), question: textField(), answer: textField() })
  .meta({ id: 'FaqItem' });
export const faqGroupSchema = z
  .object({ group: textField(), items: z.array(faqItemSchema) })
  .meta({ id: 'FaqGroup' });
export type FaqGroup = z.infer<typeof faqGroupSchema>;
export const faqResponseSchema = z.object({ data: z.array(faqGroupSchema) }).meta({ id: 'FaqList' });

export const sitePageSchema = z
  .object({ title: textField(), html: textField(), updatedAt: textField() })
  .meta({ id: 'SitePage' });
export type SitePage = z.infer<typeof sitePageSchema>;
export const sitePageResponseSchema = z.object({ data: sitePageSchema }).meta({ id: 'SitePageResponse' });

export const testimonialSchema = z
  .object({
    id: textField(),
    name: textField(),
    location: textField(),
    quote: textField(),
    rating: z.number().int().min(1).max(5),
  })
  .meta({ id: 'Testimonial' });
export type Testimonial = z.infer<typeof testimonialSchema>;
export const testimonialListResponseSchema = z
  .object({ data: z.array(testimonialSchema) })
  .meta({ id: 'TestimonialList' });

export const EMPLOYMENT_TYPES = ['Full-time', 'Part-time', 'Contract', 'Internship'] as const;
export const careerSchema = z
  .object({
    id: textField(),
    title: textField(),
    location: textField(),
    type: z.enum(EMPLOYMENT_TYPES),
    /** Plain text; paragraphs separated by blank lines. */
    description: textField(),
  })
  .meta({ id: 'Career' });
export type Career = z.infer<typeof careerSchema>;
export const careerListResponseSchema = z.object({ data: z.array(careerSchema) }).meta({ id: 'CareerList' });

/** POST /auth/notify: be told by e-mail when new auctions open. */
export const notifySchema = z.object({ email: emailSchema }).meta({ id: 'NotifyRequest' });
export type NotifyInput = z.infer<typeof notifySchema>;
