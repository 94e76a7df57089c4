import { and, asc, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AdminPostListQuery } from '@knotwork/shared/schemas/content-staff';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';
import {
  blogPostImages,
  blogPosts,
  careers,
  faqEntries,
  faqGroups,
  mediaImages,
  sitePages,
  testimonials,
} from '../../db/schema/index.ts';
import { pageOffset } from '../../lib/paging.ts';

export type PostRow = typeof blogPosts.$inferSelect;
export type PostChanges = Partial<
  Pick<
    PostRow,
    'title' | 'slug' | 'excerpt' | 'bodyMarkdown' | 'author' | 'tags' | 'coverImageId' | 'publishedAt'
  >
>;

const POST_SORTS = {
  updatedAt: blogPosts.updatedAt,
  publishedAt: blogPosts.publishedAt,
  title: blogPosts.title,
} as const;

/** Escapes LIKE's wildcards so a search for "50%" means the text "50%". */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The tables whose rows staff put in order; each has an id and a sort_order. */
const ORDERED = { faqGroups, testimonials, careers } as const;
export type OrderedTable = keyof typeof ORDERED;

/** SQL of the back office's content: blog posts under a version check, and the small ordered lists. */
export function createAdminContentRepository() {
  return {
    async listPosts(db: Db, q: AdminPostListQuery, now: Date) {
      const where: SQL[] = [];
      if (q.q) where.push(or(ilike(blogPosts.title, likeText(q.q)), ilike(blogPosts.slug, likeText(q.q)))!);
      if (q.status === 'draft') where.push(isNull(blogPosts.publishedAt));
      if (q.status === 'scheduled') where.push(gt(blogPosts.publishedAt, now));
      if (q.status === 'published')
        where.push(and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now))!);
      const cond = where.length ? and(...where) : undefined;
      const dir = q.order === 'asc' ? asc : desc;
      // Drafts have no date: they sort last in either direction of a date sort.
      const nullsLast = q.sort === 'publishedAt' ? [sql`${blogPosts.publishedAt} is null`] : [];
      const [data, [total]] = await Promise.all([
        db
          .select()
          .from(blogPosts)
          .where(cond)
          .orderBy(...nullsLast, dir(POST_SORTS[q.sort]), dir(blogPosts.id))
          .limit(q.pageSize)
          .offset(pageOffset(q)),
        db.select({ n: count() }).from(blogPosts).where(cond),
      ]);
      return { data, total: total?.n ?? 0 };
    },

    async findPost(db: Db, id: string, lock = false): Promise<PostRow | undefined> {
      const query = db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async image(db: Db, id: string) {
      const [row] = await db.select().from(mediaImages).where(eq(mediaImages.id, id)).limit(1);
      return row;
    },

    /** Inserts a post under `slug`; null when the slug is taken. */
    async insertPost(
      db: Db,
      values: Required<Pick<PostRow, 'title' | 'slug' | 'author'>> & PostChanges,
    ): Promise<string | null> {
      const [row] = await db
        .insert(blogPosts)
        .values({ excerpt: '', bodyMarkdown: '', ...values })
        .onConflictDoNothing({ target: blogPosts.slug })
        .returning({ id: blogPosts.id });
      return row?.id ?? null;
    },

    /** Writes the changes and bumps the version if the row is still at `version`; false otherwise. */
    async updatePost(db: Db, id: string, version: number, changes: PostChanges): Promise<boolean> {
      const [row] = await db
        .update(blogPosts)
        .set({ ...changes, version: sql`${blogPosts.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(blogPosts.id, id), eq(blogPosts.version, version)))
        .returning({ id: blogPosts.id });
      return row !== undefined;
    },

    slugTaken: async (db: Db, slug: string, exceptId: string) =>
      (
        await db
          .select({ id: blogPosts.id })
          .from(blogPosts)
          .where(and(eq(blogPosts.slug, slug), sql`${blogPosts.id} <> ${exceptId}`))
          .limit(1)
      ).length > 0,

    deletePost: async (db: Db, id: string) =>
      (await db.delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id })).length > 0,

    async linkPostImage(db: Db, postId: string, imageId: string) {
      await db.insert(blogPostImages).values({ postId, imageId }).onConflictDoNothing();
    },

    // ---- FAQ ----
    async faq(db: Db) {
      const [groups, entries] = await Promise.all([
        db.select().from(faqGroups).orderBy(asc(faqGroups.sortOrder), asc(faqGroups.title)),
        db.select().from(faqEntries).orderBy(asc(faqEntries.sortOrder), asc(faqEntries.question)),
      ]);
      return groups.map((g) => ({
        id: g.id,
        title: g.title,
        entries: entries
          .filter((e) => e.groupId === g.id)
          .map((e) => ({ id: e.id, groupId: e.groupId, question: e.question, answer: e.answer })),
      }));
    },
    async insertGroup(db: Db, slug: string, title: string) {
      const [row] = await db
        .insert(faqGroups)
        .values({ slug, title, sortOrder: sql`(select coalesce(max(sort_order) + 1, 0) from faq_groups)` })
        .returning({ id: faqGroups.id });
      return row!.id;
    },
    updateGroup: async (db: Db, id: string, title: string) =>
      (await db.update(faqGroups).set({ title }).where(eq(faqGroups.id, id)).returning({ id: faqGroups.id }))
        .length > 0,
    deleteGroup: async (db: Db, id: string) =>
      (await db.delete(faqGroups).where(eq(faqGroups.id, id)).returning({ id: faqGroups.id })).length > 0,
    groupExists: async (db: Db, id: string) =>
      (await db.select({ id: faqGroups.id }).from(faqGroups).where(eq(faqGroups.id, id)).limit(1)).length > 0,
    async insertEntry(db: Db, slug: string, v: { groupId: string; question: string; answer: string }) {
      const [row] = await db
        .insert(faqEntries)
        .values({
          slug,
          ...v,
          sortOrder: sql`(select coalesce(max(sort_order) + 1, 0) from faq_entries where group_id = ${v.groupId}::uuid)`,
        })
        .returning({ id: faqEntries.id });
      return row!.id;
    },
    updateEntry: async (db: Db, id: string, v: { groupId?: string; question?: string; answer?: string }) =>
      (await db.update(faqEntries).set(v).where(eq(faqEntries.id, id)).returning({ id: faqEntries.id }))
        .length > 0,
    deleteEntry: async (db: Db, id: string) =>
      (await db.delete(faqEntries).where(eq(faqEntries.id, id)).returning({ id: faqEntries.id })).length > 0,
    entryIds: async (db: Db, groupId: string) =>
      (await db.select({ id: faqEntries.id }).from(faqEntries).where(eq(faqEntries.groupId, groupId))).map(
        (r) => r.id,
      ),
    async orderEntries(db: Db, ids: string[]) {
      await db.execute(sql`update faq_entries e set sort_order = o.ord - 1
        from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as o(id, ord)
        where e.id = o.id::uuid`);
    },

    // ---- Ordered lists: FAQ groups, testimonials, careers ----
    async ids(db: Db, table: OrderedTable): Promise<string[]> {
      const t = ORDERED[table];
      return (await db.select({ id: t.id }).from(t)).map((r) => r.id);
    },
    async order(db: Db, table: OrderedTable, ids: string[]) {
      const name = sql.raw(
        { faqGroups: 'faq_groups', testimonials: 'testimonials', careers: 'careers' }[table],
      );
      await db.execute(sql`update ${name} t set sort_order = o.ord - 1
        from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as o(id, ord)
        where t.id = o.id::uuid`);
    },

    testimonials: (db: Db) =>
      db.select().from(testimonials).orderBy(asc(testimonials.sortOrder), desc(testimonials.createdAt)),
    async insertTestimonial(db: Db, slug: string, v: Omit<typeof testimonials.$inferInsert, 'slug'>) {
      await db
        .insert(testimonials)
        .values({ ...v, slug, sortOrder: sql`(select coalesce(max(sort_order) + 1, 0) from testimonials)` });
    },
    updateTestimonial: async (db: Db, id: string, v: Partial<typeof testimonials.$inferInsert>) =>
      (await db.update(testimonials).set(v).where(eq(testimonials.id, id)).returning({ id: testimonials.id }))
        .length > 0,
    deleteTestimonial: async (db: Db, id: string) =>
      (await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id }))
        .length > 0,

    careers: (db: Db) => db.select().from(careers).orderBy(asc(careers.sortOrder), asc(careers.title)),
    async insertCareer(db: Db, slug: string, v: Omit<typeof careers.$inferInsert, 'slug'>) {
      await db
        .insert(careers)
        .values({ ...v, slug, sortOrder: sql`(select coalesce(max(sort_order) + 1, 0) from careers)` });
    },
    updateCareer: async (db: Db, id: string, v: Partial<typeof careers.$inferInsert>) =>
      (await db.update(careers).set(v).where(eq(careers.id, id)).returning({ id: careers.id })).length > 0,
    deleteCareer: async (db: Db, id: string) =>
      (await db.delete(careers).where(eq(careers.id, id)).returning({ id: careers.id })).length > 0,

    // ---- Pages ----
    pages: (db: Db) => db.select().from(sitePages),
    async page(db: Db, slug: string, lock = false) {
      const query = db.select().from(sitePages).where(eq(sitePages.slug, slug)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },
    async insertPage(db: Db, v: { slug: string; title: string; bodyMarkdown: string }) {
      return (
        (await db.insert(sitePages).values(v).onConflictDoNothing().returning({ slug: sitePages.slug }))
          .length > 0
      );
    },
    async updatePage(db: Db, slug: string, version: number, v: { title: string; bodyMarkdown: string }) {
      return (
        (
          await db
            .update(sitePages)
            .set({ ...v, version: sql`${sitePages.version} + 1`, updatedAt: sql`now()` })
            .where(and(eq(sitePages.slug, slug), eq(sitePages.version, version)))
            .returning({ slug: sitePages.slug })
        ).length > 0
      );
    },

    // ---- Home page ----
    async home(db: Db, lock = false) {
      const [row] = await rows<{ featured_auction_id: string | null; version: number }>(
        db,
        sql`select featured_auction_id, version from home_features where id ${lock ? sql`for update` : sql``}`,
      );
      const collections = await rows<{ collection_id: string }>(
        db,
        sql`select collection_id from home_featured_collections order by position`,
      );
      return {
        featuredSaleId: row?.featured_auction_id ?? null,
        version: row?.version ?? 1,
        collectionIds: collections.map((c) => c.collection_id),
      };
    },
    /** Sales staff may feature: anything published (not a draft, not cancelled). */
    featurableSales: (db: Db) =>
      rows<{ id: string; title: string; status: string; starts_at: string }>(
        db,
        sql`select id, title, status,
              to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at
            from auctions where status not in ('draft', 'cancelled') order by starts_at desc limit 200`,
      ),
    allCollections: (db: Db) =>
      rows<{ id: string; title: string }>(
        db,
        sql`select id, title from collections order by sort_order, title`,
      ),
    async collectionsExist(db: Db, ids: string[]) {
      if (ids.length === 0) return true;
      const [row] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from collections where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
      );
      return row?.n === ids.length;
    },
    async saleFeaturable(db: Db, id: string) {
      const [row] = await rows<{ ok: boolean }>(
        db,
        sql`select exists (select 1 from auctions where id = ${id}::uuid and status not in ('draft', 'cancelled')) as ok`,
      );
      return row?.ok ?? false;
    },
    async setHome(db: Db, version: number, featuredSaleId: string | null, collectionIds: string[]) {
      const [row] = await rows<{ version: number }>(
        db,
        sql`update home_features set featured_auction_id = ${featuredSaleId}::uuid, version = version + 1,
              updated_at = now() where id and version = ${version} returning version`,
      );
      if (!row) return false;
      await db.execute(sql`delete from home_featured_collections`);
      if (collectionIds.length)
        await db.execute(sql`insert into home_featured_collections (collection_id, position)
          select o.id::uuid, o.ord - 1
          from jsonb_array_elements_text(${JSON.stringify(collectionIds)}::jsonb) with ordinality as o(id, ord)`);
      return true;
    },
    /** The public choice: a featured sale only while it is published. */
    async publicHome(db: Db) {
      const [row] = await rows<{ featured_auction_id: string | null }>(
        db,
        sql`select h.featured_auction_id from home_features h
            join auctions a on a.id = h.featured_auction_id and a.status not in ('draft', 'cancelled')`,
      );
      // Draft collections stay off the home page (decision 076).
      const collections = await rows<{ collection_id: string }>(
        db,
        sql`select f.collection_id from home_featured_collections f
            join collections c on c.id = f.collection_id and c.status = 'published' order by f.position`,
      );
      return {
        featuredSaleId: row?.featured_auction_id ?? null,
        collectionIds: collections.map((c) => c.collection_id),
      };
    },
  };
}
export type AdminContentRepository = ReturnType<typeof createAdminContentRepository>;
