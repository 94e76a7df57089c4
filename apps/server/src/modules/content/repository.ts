import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gt,
  isNotNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  blogPosts,
  careers,
  faqEntries,
  faqGroups,
  mediaImages,
  notifySignups,
  sitePages,
  testimonials,
  type MediaImageRow,
} from '../../db/schema/index.ts';

/** The columns a blog card needs, plus the body's word count (so reading time can never go stale). */
const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  // Left-joined: drizzle answers null for the whole object when the post has no cover.
  cover: {
    id: mediaImages.id,
    width: mediaImages.width,
    height: mediaImages.height,
    placeholder: mediaImages.placeholder,
    dominantColor: mediaImages.dominantColor,
    variants: mediaImages.variants,
  },
  author: blogPosts.author,
  tags: blogPosts.tags,
  publishedAt: blogPosts.publishedAt,
  wordCount:
    sql<number>`coalesce(array_length(regexp_split_to_array(btrim(${blogPosts.bodyMarkdown}), '\\s+'), 1), 0)::int`.as(
      'word_count',
    ),
};
export type BlogSummaryRow = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  cover: Pick<MediaImageRow, 'id' | 'width' | 'height' | 'placeholder' | 'dominantColor' | 'variants'> | null;
  author: string;
  tags: string[];
  publishedAt: Date;
  wordCount: number;
};

/** Published means: has a date, and the date has come. Drafts and scheduled posts are never served. */
const published = (now: Date) => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now));
/** Newest first; the id breaks ties so paging and previous/next are stable. */
const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.id)];

const asSummary = (rows: Array<Omit<BlogSummaryRow, 'publishedAt'> & { publishedAt: Date | null }>) =>
  rows as BlogSummaryRow[];

export function createContentRepository(db: Db) {
  return {
    async listPosts(opts: { now: Date; limit: number; offset: number; tag?: string | undefined }) {
      const where = and(
        published(opts.now),
        opts.tag ? arrayContains(blogPosts.tags, [opts.tag]) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select(summaryColumns)
          .from(blogPosts)
          .leftJoin(mediaImages, eq(mediaImages.id, blogPosts.coverImageId))
          .where(where)
          .orderBy(...newestFirst)
          .limit(opts.limit)
          .offset(opts.offset),
        db.select({ n: count() }).from(blogPosts).where(where),
      ]);
      return { rows: asSummary(rows), total: total?.n ?? 0 };
    },

    async findPost(now: Date, by: { id: string } | { slug: string }) {
      const match: SQL = 'id' in by ? eq(blogPosts.id, by.id) : eq(blogPosts.slug, by.slug);
      const [row] = await db
        .select({ ...summaryColumns, bodyMarkdown: blogPosts.bodyMarkdown, updatedAt: blogPosts.updatedAt })
        .from(blogPosts)
        .leftJoin(mediaImages, eq(mediaImages.id, blogPosts.coverImageId))
        .where(and(published(now), match))
        .limit(1);
      return row as (BlogSummaryRow & { bodyMarkdown: string; updatedAt: Date }) | undefined;
    },

    /** The published neighbours of a post in (publishedAt, id) order. */
    async neighbours(now: Date, post: { id: string; publishedAt: Date }) {
      const link = { id: blogPosts.id, slug: blogPosts.slug, title: blogPosts.title };
      const older = or(
        lt(blogPosts.publishedAt, post.publishedAt),
        and(eq(blogPosts.publishedAt, post.publishedAt), lt(blogPosts.id, post.id)),
      );
      const newer = or(
        gt(blogPosts.publishedAt, post.publishedAt),
        and(eq(blogPosts.publishedAt, post.publishedAt), gt(blogPosts.id, post.id)),
      );
      const [[previous], [next]] = await Promise.all([
        db
          .select(link)
          .from(blogPosts)
          .where(and(published(now), older))
          .orderBy(...newestFirst)
          .limit(1),
        db
          .select(link)
          .from(blogPosts)
          .where(and(published(now), newer))
          .orderBy(asc(blogPosts.publishedAt), asc(blogPosts.id))
          .limit(1),
      ]);
      return { previous: previous ?? null, next: next ?? null };
    },

    /** Other published posts, those sharing the most tags with `tags` first, then the newest. */
    async related(now: Date, post: { id: string; tags: string[] }, limit: number) {
      // array(select unnest(a) intersect select unnest(b)) counts shared tags on PGlite and PostgreSQL alike.
      const shared = sql<number>`coalesce(array_length(array(select unnest(${blogPosts.tags}) intersect select unnest(${sql.param(post.tags)}::text[])), 1), 0)`;
      const rows = await db
        .select(summaryColumns)
        .from(blogPosts)
        .leftJoin(mediaImages, eq(mediaImages.id, blogPosts.coverImageId))
        .where(and(published(now), ne(blogPosts.id, post.id)))
        .orderBy(desc(shared), ...newestFirst)
        .limit(limit);
      return asSummary(rows);
    },

    async faq() {
      return db
        .select({
          group: faqGroups.title,
          id: faqEntries.id,
          question: faqEntries.question,
          answer: faqEntries.answer,
        })
        .from(faqEntries)
        .innerJoin(faqGroups, eq(faqEntries.groupId, faqGroups.id))
        .orderBy(
          asc(faqGroups.sortOrder),
          asc(faqGroups.title),
          asc(faqEntries.sortOrder),
          asc(faqEntries.question),
        );
    },

    async page(slug: string) {
      const [row] = await db.select().from(sitePages).where(eq(sitePages.slug, slug)).limit(1);
      return row;
    },

    testimonials: () =>
      db.select().from(testimonials).orderBy(asc(testimonials.sortOrder), desc(testimonials.createdAt)),

    openCareers: () =>
      db
        .select()
        .from(careers)
        .where(eq(careers.isOpen, true))
        .orderBy(asc(careers.sortOrder), asc(careers.title)),

    /** Records a sign-up once per e-mail (any case); a repeat is silently kept as it was. */
    async addNotifySignup(email: string, ip: string | null) {
      // The only unique index is lower(email), so "no target" means exactly "this e-mail is known".
      await db.insert(notifySignups).values({ email, ip }).onConflictDoNothing();
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
