import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { blogPosts, careers, faqEntries, faqGroups, sitePages, testimonials } from '../../db/schema/index.ts';
import { DEMO_CAREERS, DEMO_TESTIMONIALS } from './about.ts';
import { AUCTION_POSTS } from './blog-posts-auctions.ts';
import { GUIDE_POSTS } from './blog-posts-guides.ts';
import { DEMO_FAQ } from './faq.ts';
import { DEMO_PAGES } from './pages.ts';

export const DEMO_BLOG_POSTS = [...GUIDE_POSTS, ...AUCTION_POSTS];

/**
 * Writes the house's editorial content: blog, FAQ, legal pages, testimonials and careers. Idempotent and
 * safe when several processes start together: every row has a natural unique key (slug) and inserts
 * skip what exists, so staff edits made in the database are never overwritten by a restart.
 */
export async function seedDemoContent(app: FastifyInstance) {
  const { db } = app.ctx;

  await db
    .insert(blogPosts)
    .values(
      DEMO_BLOG_POSTS.map((p) => ({
        slug: p.slug,
        title: p.title,
        excerpt: p.excerpt,
        bodyMarkdown: p.body,
        author: p.author,
        tags: p.tags,
        publishedAt: new Date(p.publishedAt),
        createdAt: new Date(p.publishedAt),
        updatedAt: new Date(p.publishedAt),
      })),
    )
    .onConflictDoNothing({ target: blogPosts.slug });

  await db
    .insert(faqGroups)
    .values(DEMO_FAQ.map((g, i) => ({ slug: g.slug, title: g.title, sortOrder: i })))
    .onConflictDoNothing({ target: faqGroups.slug });
  const groups = await db
    .select({ id: faqGroups.id, slug: faqGroups.slug })
    .from(faqGroups)
    .where(
      inArray(
        faqGroups.slug,
        DEMO_FAQ.map((g) => g.slug),
      ),
    );
  const groupId = new Map(groups.map((g) => [g.slug, g.id]));
  await db
    .insert(faqEntries)
    .values(
      DEMO_FAQ.flatMap((g) =>
        g.items.map((item, i) => ({ ...item, groupId: groupId.get(g.slug)!, sortOrder: i })),
      ),
    )
    .onConflictDoNothing({ target: faqEntries.slug });

  await db
    .insert(sitePages)
    .values(
      DEMO_PAGES.map((p) => ({
        slug: p.slug,
        title: p.title,
        bodyMarkdown: p.body,
        updatedAt: new Date(p.updatedAt),
      })),
    )
    .onConflictDoNothing({ target: sitePages.slug });

  await db
    .insert(testimonials)
    .values(DEMO_TESTIMONIALS.map((t, i) => ({ ...t, sortOrder: i })))
    .onConflictDoNothing({ target: testimonials.slug });

  await db
    .insert(careers)
    .values(DEMO_CAREERS.map((c, i) => ({ ...c, sortOrder: i })))
    .onConflictDoNothing({ target: careers.slug });
}
