import crypto from 'node:crypto';
import {
  adminContentMessages as m,
  type AdminCareer,
  type AdminCareerInput,
  type AdminFaqEntryInput,
  type AdminFaqGroup,
  type AdminHome,
  type AdminHomeUpdate,
  type AdminPage,
  type AdminPageUpdate,
  type AdminPost,
  type AdminPostCreate,
  type AdminPostListQuery,
  type AdminPostListResponse,
  type AdminPostRow,
  type AdminPostUpdate,
  type AdminTestimonial,
  type AdminTestimonialInput,
  type HomeFeatures,
  type PostStatus,
  type SitePageSlugName,
  SITE_PAGE_SLUGS,
} from '@knotwork/shared/schemas/content-staff';
import type { StaffActionKind } from '@knotwork/shared/schemas/audit-staff';
import { CONTENT_CHANNEL } from '@knotwork/shared/realtime/events';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { slugify } from '../../lib/slugify.ts';
import type { EventBus } from '../../realtime/bus.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { renderMarkdown } from './render.ts';
import { mediaPublicUrl, toApiImage, type MediaService } from '../media/index.ts';
import {
  createAdminContentRepository,
  type OrderedTable,
  type PostChanges,
  type PostRow,
} from './staff-repository.ts';
import { pageMeta } from '../../lib/paging.ts';

export interface AdminContentDeps {
  db: Db;
  media: MediaService;
  mediaBaseUrl: string;
  bus: EventBus;
  log: { warn(obj: unknown, msg: string): void };
  clock?: () => Date;
}

/** The width of the picture a post's body links to: sharp enough for the article column, light on phones. */
const BODY_IMAGE_WIDTH = 1600;

const stale = (current: number) =>
  conflict(m.staleVersion, { code: 'STALE_VERSION', data: { version: current } });
const randomSuffix = () => crypto.randomBytes(3).toString('hex');

export function postStatus(publishedAt: Date | null, now: Date): PostStatus {
  if (!publishedAt) return 'draft';
  return publishedAt > now ? 'scheduled' : 'published';
}

/**
 * Staff's content: posts and pages are edited under a version check (a stale version is 409, never a silent
 * overwrite); every change is audited in staff_actions in its own transaction, and once committed every server
 * process is told (the bus), so nothing cached of the old text is served again.
 */
export function createAdminContentService(deps: AdminContentDeps) {
  const { db, media, mediaBaseUrl, bus } = deps;
  const clock = deps.clock ?? (() => new Date());
  const repo = createAdminContentRepository();

  /** Runs a change in one transaction with its audit row, then tells every process the content changed. */
  async function change<T>(
    staffId: string,
    action: StaffActionKind,
    kind: string,
    fn: (tx: Db) => Promise<{ result: T; details?: Record<string, unknown> }>,
  ): Promise<T> {
    const result = await db.transaction(async (tx) => {
      const out = await fn(tx);
      await recordStaffAction(tx, { staffId, action, details: { kind, ...out.details } });
      return out.result;
    });
    // After the commit: a failed publish must not undo a saved change (the page-meta cache expires within a minute).
    await bus
      .publish(CONTENT_CHANNEL, 'content.changed', { kind })
      .catch((err: unknown) => deps.log.warn({ err }, 'content change not published'));
    return result;
  }

  function toRow(row: PostRow): AdminPostRow {
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      author: row.author,
      status: postStatus(row.publishedAt, clock()),
      publishedAt: row.publishedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      version: row.version,
    };
  }

  async function loadPost(tx: Db, id: string): Promise<AdminPost> {
    const row = await repo.findPost(tx, id);
    if (!row) throw notFound(m.postNotFound);
    const cover = row.coverImageId ? await repo.image(tx, row.coverImageId) : undefined;
    return {
      ...toRow(row),
      excerpt: row.excerpt,
      bodyMarkdown: row.bodyMarkdown,
      tags: row.tags,
      coverImageId: row.coverImageId,
      coverImage: cover ? toApiImage(cover, { baseUrl: mediaBaseUrl, alt: row.title }) : null,
    };
  }

  async function lockPost(tx: Db, id: string, version: number): Promise<PostRow> {
    const row = await repo.findPost(tx, id, true);
    if (!row) throw notFound(m.postNotFound);
    if (row.version !== version) throw stale(row.version);
    return row;
  }

  /** The API's fields to the table's, checking what only the database can: the slug and the cover exist. */
  async function postChanges(tx: Db, id: string | null, input: Omit<AdminPostUpdate, 'version'>) {
    const changes: PostChanges = {};
    for (const key of ['title', 'slug', 'excerpt', 'bodyMarkdown', 'author', 'tags', 'coverImageId'] as const)
      if (input[key] !== undefined) Object.assign(changes, { [key]: input[key] });
    if (input.publishedAt !== undefined)
      changes.publishedAt = input.publishedAt === null ? null : new Date(input.publishedAt);
    if (changes.slug && id && (await repo.slugTaken(tx, changes.slug, id)))
      throw badRequest(m.slugTaken, { errors: { slug: m.slugTaken } });
    if (changes.coverImageId && !(await repo.image(tx, changes.coverImageId)))
      throw badRequest(m.imageNotFound, { errors: { coverImageId: m.imageNotFound } });
    return changes;
  }

  /** Checks that `ids` names every current id exactly once. */
  function sameSet(ids: string[], current: string[]) {
    const ok =
      ids.length === current.length &&
      new Set(ids).size === ids.length &&
      ids.every((i) => current.includes(i));
    if (!ok) throw badRequest(m.orderInvalid, { errors: { ids: m.orderInvalid } });
  }

  const faq = async (tx: Db): Promise<AdminFaqGroup[]> => repo.faq(tx);
  const testimonials = async (tx: Db): Promise<AdminTestimonial[]> =>
    (await repo.testimonials(tx)).map((t) => ({
      id: t.id,
      name: t.name,
      location: t.location,
      quote: t.quote,
      rating: t.rating,
    }));
  const careers = async (tx: Db): Promise<AdminCareer[]> =>
    (await repo.careers(tx)).map((c) => ({
      id: c.id,
      title: c.title,
      location: c.location,
      type: c.employmentType,
      description: c.description,
      isOpen: c.isOpen,
    }));

  async function page(tx: Db, slug: SitePageSlugName): Promise<AdminPage> {
    const row = await repo.page(tx, slug);
    return row
      ? {
          slug,
          title: row.title,
          bodyMarkdown: row.bodyMarkdown,
          version: row.version,
          updatedAt: row.updatedAt.toISOString(),
        }
      : { slug, title: '', bodyMarkdown: '', version: 0, updatedAt: null };
  }

  async function home(tx: Db): Promise<AdminHome> {
    const [current, sales, collections] = await Promise.all([
      repo.home(tx),
      repo.featurableSales(tx),
      repo.allCollections(tx),
    ]);
    return {
      ...current,
      sales: sales.map((s) => ({ id: s.id, title: s.title, status: s.status, startsAt: s.starts_at })),
      collections,
    };
  }

  /** An ordered list's reorder: the same shape for FAQ groups, testimonials and careers. */
  const reorder = (table: OrderedTable) => async (staffId: string, ids: string[]) =>
    change(staffId, 'order_content', table, async (tx) => {
      sameSet(ids, await repo.ids(tx, table));
      await repo.order(tx, table, ids);
      return { result: undefined, details: { ids } };
    });

  return {
    // ---- Blog posts ----
    async listPosts(q: AdminPostListQuery): Promise<AdminPostListResponse> {
      const { data, total } = await repo.listPosts(db, q, clock());
      return {
        data: data.map(toRow),
        meta: pageMeta(q, total),
      };
    },

    post: (id: string) => loadPost(db, id),

    createPost: (staffId: string, input: AdminPostCreate) =>
      change(staffId, 'create_content', 'post', async (tx) => {
        const changes = await postChanges(tx, null, input);
        const base = input.slug ?? slugify(input.title, 'post');
        let id: string | null = null;
        // Race-free like sales (019): a taken slug is taken again with a random suffix, unless staff chose it.
        for (let attempt = 0; attempt < 8 && !id; attempt++) {
          if (attempt > 0 && input.slug) throw badRequest(m.slugTaken, { errors: { slug: m.slugTaken } });
          const slug = attempt === 0 ? base : `${base.slice(0, 110)}-${randomSuffix()}`;
          id = await repo.insertPost(tx, { ...changes, title: input.title, author: input.author, slug });
        }
        if (!id) throw conflict(m.slugTaken);
        return { result: await loadPost(tx, id), details: { id, title: input.title } };
      }),

    updatePost: (staffId: string, id: string, input: AdminPostUpdate) =>
      change(staffId, 'update_content', 'post', async (tx) => {
        const { version, ...rest } = input;
        await lockPost(tx, id, version);
        const changes = await postChanges(tx, id, rest);
        await repo.updatePost(tx, id, version, changes);
        return { result: await loadPost(tx, id), details: { id, fields: Object.keys(changes) } };
      }),

    /** Publishes now (or keeps a date already set, which may schedule it), or takes the post back to draft. */
    setPublished: (staffId: string, id: string, version: number, publish: boolean) =>
      change(staffId, publish ? 'publish_content' : 'unpublish_content', 'post', async (tx) => {
        const row = await lockPost(tx, id, version);
        await repo.updatePost(tx, id, version, {
          publishedAt: publish ? (row.publishedAt ?? clock()) : null,
        });
        return { result: await loadPost(tx, id), details: { id, title: row.title } };
      }),

    deletePost: (staffId: string, id: string) =>
      change(staffId, 'delete_content', 'post', async (tx) => {
        const row = await repo.findPost(tx, id, true);
        if (!row || !(await repo.deletePost(tx, id))) throw notFound(m.postNotFound);
        return { result: undefined, details: { id, title: row.title } };
      }),

    /** Stores a picture for a post's body through the media pipeline and keeps it while the post exists. */
    async addPostImage(staffId: string, id: string, file: Buffer) {
      if (!(await repo.findPost(db, id))) throw notFound(m.postNotFound);
      // Encoding runs outside the transaction (CPU time); an image left unlinked is swept later (056).
      const image = await media.ingest(file, { kind: 'blog' });
      await change(staffId, 'update_content', 'post', async (tx) => {
        if (!(await repo.findPost(tx, id, true))) throw notFound(m.postNotFound);
        await repo.linkPostImage(tx, id, image.id);
        return { result: undefined, details: { id, imageAdded: image.id } };
      });
      const webp = image.variants
        .filter((v) => v.format === 'webp' && v.width <= BODY_IMAGE_WIDTH)
        .sort((a, b) => b.width - a.width)[0];
      const api = toApiImage(image, { baseUrl: mediaBaseUrl });
      return {
        imageId: image.id,
        image: api,
        url: webp ? mediaPublicUrl(mediaBaseUrl, webp.path) : api.fallback,
      };
    },

    preview: (markdown: string) => ({ html: renderMarkdown(markdown) }),

    // ---- FAQ ----
    faq: () => faq(db),
    addGroup: (staffId: string, title: string) =>
      change(staffId, 'create_content', 'faq', async (tx) => {
        const id = await repo.insertGroup(tx, `${slugify(title, 'group', 60)}-${randomSuffix()}`, title);
        return { result: await faq(tx), details: { groupId: id, title } };
      }),
    updateGroup: (staffId: string, id: string, title: string) =>
      change(staffId, 'update_content', 'faq', async (tx) => {
        if (!(await repo.updateGroup(tx, id, title))) throw notFound(m.groupNotFound);
        return { result: await faq(tx), details: { groupId: id, title } };
      }),
    deleteGroup: (staffId: string, id: string) =>
      change(staffId, 'delete_content', 'faq', async (tx) => {
        if (!(await repo.deleteGroup(tx, id))) throw notFound(m.groupNotFound);
        return { result: await faq(tx), details: { groupId: id } };
      }),
    orderGroups: async (staffId: string, ids: string[]) => {
      await reorder('faqGroups')(staffId, ids);
      return faq(db);
    },
    addEntry: (staffId: string, input: AdminFaqEntryInput) =>
      change(staffId, 'create_content', 'faq', async (tx) => {
        if (!(await repo.groupExists(tx, input.groupId)))
          throw badRequest(m.groupNotFound, { errors: { groupId: m.groupNotFound } });
        const id = await repo.insertEntry(
          tx,
          `${slugify(input.question, 'question', 60)}-${randomSuffix()}`,
          input,
        );
        return { result: await faq(tx), details: { entryId: id, question: input.question } };
      }),
    updateEntry: (staffId: string, id: string, input: Partial<AdminFaqEntryInput>) =>
      change(staffId, 'update_content', 'faq', async (tx) => {
        if (input.groupId && !(await repo.groupExists(tx, input.groupId)))
          throw badRequest(m.groupNotFound, { errors: { groupId: m.groupNotFound } });
        if (!(await repo.updateEntry(tx, id, input))) throw notFound(m.entryNotFound);
        return { result: await faq(tx), details: { entryId: id, fields: Object.keys(input) } };
      }),
    deleteEntry: (staffId: string, id: string) =>
      change(staffId, 'delete_content', 'faq', async (tx) => {
        if (!(await repo.deleteEntry(tx, id))) throw notFound(m.entryNotFound);
        return { result: await faq(tx), details: { entryId: id } };
      }),
    orderEntries: (staffId: string, groupId: string, ids: string[]) =>
      change(staffId, 'order_content', 'faq', async (tx) => {
        if (!(await repo.groupExists(tx, groupId))) throw notFound(m.groupNotFound);
        sameSet(ids, await repo.entryIds(tx, groupId));
        await repo.orderEntries(tx, ids);
        return { result: await faq(tx), details: { groupId, ids } };
      }),

    // ---- Pages ----
    pages: async () => Promise.all(SITE_PAGE_SLUGS.map((slug) => page(db, slug))),
    page: (slug: SitePageSlugName) => page(db, slug),
    savePage: (staffId: string, slug: SitePageSlugName, input: AdminPageUpdate) =>
      change(staffId, 'update_content', 'page', async (tx) => {
        const { version, title, bodyMarkdown } = input;
        const current = await repo.page(tx, slug, true);
        if ((current?.version ?? 0) !== version) throw stale(current?.version ?? 0);
        const saved = current
          ? await repo.updatePage(tx, slug, version, { title, bodyMarkdown })
          : await repo.insertPage(tx, { slug, title, bodyMarkdown });
        // Only a concurrent first save of a missing page gets here: it lost the race.
        if (!saved) throw stale(1);
        return { result: await page(tx, slug), details: { slug, title } };
      }),

    // ---- Testimonials ----
    testimonials: () => testimonials(db),
    addTestimonial: (staffId: string, input: AdminTestimonialInput) =>
      change(staffId, 'create_content', 'testimonial', async (tx) => {
        await repo.insertTestimonial(tx, `${slugify(input.name, 'client', 60)}-${randomSuffix()}`, input);
        return { result: await testimonials(tx), details: { name: input.name } };
      }),
    updateTestimonial: (staffId: string, id: string, input: Partial<AdminTestimonialInput>) =>
      change(staffId, 'update_content', 'testimonial', async (tx) => {
        if (!(await repo.updateTestimonial(tx, id, input))) throw notFound(m.testimonialNotFound);
        return { result: await testimonials(tx), details: { id, fields: Object.keys(input) } };
      }),
    deleteTestimonial: (staffId: string, id: string) =>
      change(staffId, 'delete_content', 'testimonial', async (tx) => {
        if (!(await repo.deleteTestimonial(tx, id))) throw notFound(m.testimonialNotFound);
        return { result: await testimonials(tx), details: { id } };
      }),
    orderTestimonials: async (staffId: string, ids: string[]) => {
      await reorder('testimonials')(staffId, ids);
      return testimonials(db);
    },

    // ---- Careers ----
    careers: () => careers(db),
    addCareer: (staffId: string, input: AdminCareerInput) =>
      change(staffId, 'create_content', 'career', async (tx) => {
        const { type, ...rest } = input;
        await repo.insertCareer(tx, `${slugify(input.title, 'position', 60)}-${randomSuffix()}`, {
          ...rest,
          employmentType: type,
        });
        return { result: await careers(tx), details: { title: input.title } };
      }),
    updateCareer: (staffId: string, id: string, input: Partial<AdminCareerInput>) =>
      change(staffId, 'update_content', 'career', async (tx) => {
        const { type, ...rest } = input;
        const values = type === undefined ? rest : { ...rest, employmentType: type };
        if (!(await repo.updateCareer(tx, id, values))) throw notFound(m.careerNotFound);
        return { result: await careers(tx), details: { id, fields: Object.keys(input) } };
      }),
    deleteCareer: (staffId: string, id: string) =>
      change(staffId, 'delete_content', 'career', async (tx) => {
        if (!(await repo.deleteCareer(tx, id))) throw notFound(m.careerNotFound);
        return { result: await careers(tx), details: { id } };
      }),
    orderCareers: async (staffId: string, ids: string[]) => {
      await reorder('careers')(staffId, ids);
      return careers(db);
    },

    // ---- Home page ----
    home: () => home(db),
    setHome: (staffId: string, input: AdminHomeUpdate) =>
      change(staffId, 'set_home_features', 'home', async (tx) => {
        const current = await repo.home(tx, true);
        if (current.version !== input.version) throw stale(current.version);
        if (input.featuredSaleId && !(await repo.saleFeaturable(tx, input.featuredSaleId)))
          throw badRequest(m.saleNotFound, { errors: { featuredSaleId: m.saleNotFound } });
        const ids = [...new Set(input.collectionIds)];
        if (!(await repo.collectionsExist(tx, ids)))
          throw badRequest(m.collectionNotFound, { errors: { collectionIds: m.collectionNotFound } });
        if (!(await repo.setHome(tx, input.version, input.featuredSaleId, ids))) throw stale(current.version);
        return {
          result: await home(tx),
          details: { featuredSaleId: input.featuredSaleId, collectionIds: ids },
        };
      }),
    publicHome: (): Promise<HomeFeatures> => repo.publicHome(db),
  };
}
export type AdminContentService = ReturnType<typeof createAdminContentService>;
