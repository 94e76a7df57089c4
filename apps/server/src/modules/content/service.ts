import { isUuid } from '@knotwork/shared/constants/ids';
import {
  BLOG_RELATED_COUNT,
  contentMessages,
  type BlogListQuery,
  type BlogListResponse,
  type BlogPost,
  type BlogPostSummary,
  type Career,
  type FaqGroup,
  type SitePage,
  type Testimonial,
} from '@knotwork/shared/schemas/content';
import { notFound } from '../../lib/http-error.ts';
import { toApiImage } from '../media/api-image.ts';
import { readingMinutes, renderMarkdown } from './render.ts';
import type { BlogSummaryRow, ContentRepository } from './repository.ts';
import { pageMeta, pageOffset } from '../../lib/paging.ts';

/** The fixed pages SPEC.md routes to (/privacy-policy, /terms-and-condition, /about-us), by their row's slug. */
export const SITE_PAGES = { privacy: 'privacy-policy', terms: 'terms', about: 'about' } as const;
export type SitePageSlug = (typeof SITE_PAGES)[keyof typeof SITE_PAGES];

function toSummary(row: BlogSummaryRow, mediaBaseUrl: string): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    coverImage: row.cover ? toApiImage(row.cover, { baseUrl: mediaBaseUrl, alt: row.title }) : null,
    author: row.author,
    publishedAt: row.publishedAt.toISOString(),
    readingMinutes: readingMinutes(row.wordCount),
    tags: row.tags,
  };
}

/** Splits FAQ rows (already in display order) into their groups, keeping the order. */
export function groupFaq(
  rows: Array<{ group: string; id: string; question: string; answer: string }>,
): FaqGroup[] {
  const groups: FaqGroup[] = [];
  for (const { group, ...item } of rows) {
    const last = groups.at(-1);
    if (last?.group === group) last.items.push(item);
    else groups.push({ group, items: [item] });
  }
  return groups;
}

export function createContentService(
  repo: ContentRepository,
  options: { mediaBaseUrl: string; clock?: () => Date },
) {
  const clock = options.clock ?? (() => new Date());
  const summary = (row: BlogSummaryRow) => toSummary(row, options.mediaBaseUrl);
  return {
    async listPosts(query: BlogListQuery): Promise<BlogListResponse> {
      const { page, pageSize, tag } = query;
      const { rows, total } = await repo.listPosts({
        now: clock(),
        limit: pageSize,
        offset: pageOffset({ page, pageSize }),
        tag,
      });
      return {
        data: rows.map(summary),
        meta: pageMeta({ page, pageSize }, total),
      };
    },

    /** A published post by UUID or slug, with its neighbours and related posts; 404 otherwise. */
    async getPost(idOrSlug: string): Promise<BlogPost> {
      const now = clock();
      const key = idOrSlug.trim();
      const row = await repo.findPost(
        now,
        isUuid(key) ? { id: key.toLowerCase() } : { slug: key.toLowerCase() },
      );
      if (!row) throw notFound(contentMessages.postNotFound);
      const [{ previous, next }, related] = await Promise.all([
        repo.neighbours(now, row),
        repo.related(now, row, BLOG_RELATED_COUNT),
      ]);
      return {
        ...summary(row),
        html: renderMarkdown(row.bodyMarkdown),
        updatedAt: row.updatedAt.toISOString(),
        previous,
        next,
        related: related.map(summary),
      };
    },

    faq: async () => groupFaq(await repo.faq()),

    async page(slug: SitePageSlug): Promise<SitePage> {
      const row = await repo.page(slug);
      if (!row) throw notFound(contentMessages.pageNotFound);
      return {
        title: row.title,
        html: renderMarkdown(row.bodyMarkdown),
        updatedAt: row.updatedAt.toISOString(),
      };
    },

    async testimonials(): Promise<Testimonial[]> {
      const rows = await repo.testimonials();
      return rows.map((t) => ({
        id: t.id,
        name: t.name,
        location: t.location,
        quote: t.quote,
        rating: t.rating,
      }));
    },

    async careers(): Promise<Career[]> {
      const rows = await repo.openCareers();
      return rows.map((c) => ({
        id: c.id,
        title: c.title,
        location: c.location,
        type: c.employmentType,
        description: c.description,
      }));
    },

    notify: (email: string, ip: string | null) => repo.addNotifySignup(email, ip),
  };
}
export type ContentService = ReturnType<typeof createContentService>;
