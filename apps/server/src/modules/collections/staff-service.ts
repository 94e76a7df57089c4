import crypto from 'node:crypto';
import {
  adminCollectionMessages as m,
  type AdminCollection,
  type AdminCollectionRugListResponse,
  type AdminCollectionUpdate,
  type CollectionStatus,
} from '@knotwork/shared/schemas/collections-staff';
import type { Db } from '../../db/client.ts';
import { num } from '../../db/raw.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { slugify } from '../../lib/slugify.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { createCollectionRepository } from './repository.ts';
import { toApiImage, type MediaService } from '../media/index.ts';
import { createAdminCollectionRepository } from './staff-repository.ts';
import { pageMeta } from '../../lib/paging.ts';

export interface AdminCollectionServiceDeps {
  db: Db;
  media: MediaService;
  mediaBaseUrl: string;
  /** Clears the public list and the listing's caches, so visitors see a change at once. */
  changed: () => void;
}

/**
 * Staff's collections (issue 11, decision 060): created last in the order, edited, reordered as one list, given
 * a cover through the media pipeline (012) and rugs picked from the catalogue. Deleting a collection unlinks its
 * rugs and never touches them. Every change is audited in staff_actions in its own transaction.
 */
export function createAdminCollectionService({
  db,
  media,
  mediaBaseUrl,
  changed,
}: AdminCollectionServiceDeps) {
  const repo = createAdminCollectionRepository(db);
  const publicRepo = createCollectionRepository(db);

  /** Every collection in display order: the public list (counts and covers) with what only staff see. */
  async function all(): Promise<AdminCollection[]> {
    const [listed, extras] = await Promise.all([publicRepo.list({ publicOnly: false }), repo.extras()]);
    return listed.map((c, position) => {
      const extra = extras.get(c.id);
      return {
        id: c.id,
        title: c.title,
        slug: c.slug,
        description: c.description,
        status: c.status,
        position,
        rugCount: num(extra?.rug_count ?? 0),
        publishedRugCount: c.rugCount,
        coverImageId: extra?.cover_image_id ?? null,
        cover: c.cover ? toApiImage(c.cover, { baseUrl: mediaBaseUrl, alt: c.title }) : null,
        createdAt: extra?.created_at ?? '',
      };
    });
  }

  async function one(id: string): Promise<AdminCollection> {
    const found = (await all()).find((c) => c.id === id);
    if (!found) throw notFound(m.collectionNotFound);
    return found;
  }

  /** Locks the collection's row for the change; 404 when there is none. Returns its title. */
  async function mustExist(tx: Db, id: string): Promise<string> {
    const title = await repo.title(tx, id, true);
    if (title === undefined) throw notFound(m.collectionNotFound);
    return title;
  }

  async function titleFree(tx: Db, title: string, exceptId?: string): Promise<void> {
    if (await repo.titleTaken(tx, title, exceptId))
      throw conflict(m.titleTaken, { errors: { title: m.titleTaken } });
  }

  /** Runs a change in a transaction, then clears the caches and answers the collection as it is now. */
  async function change(
    id: string | null,
    work: (tx: Db) => Promise<string | void>,
  ): Promise<AdminCollection> {
    const made = await db.transaction(work);
    changed();
    return one(id ?? (made as string));
  }

  return {
    list: all,
    detail: one,

    async create(staffId: string, input: { title: string; description: string }): Promise<AdminCollection> {
      return change(null, async (tx) => {
        await titleFree(tx, input.title);
        const base = slugify(input.title, 'collection');
        let id: string | null = null;
        // Race-free slugs as for sales and rugs (019): on a taken slug, insert again with a random suffix.
        for (let attempt = 0; attempt < 8 && !id; attempt++) {
          const slug = attempt === 0 ? base : `${base}-${crypto.randomBytes(3).toString('hex')}`;
          id = await repo.insert(tx, slug, input.title, input.description);
        }
        if (!id) throw conflict(m.titleTaken, { errors: { title: m.titleTaken } });
        await recordStaffAction(tx, {
          staffId,
          action: 'create_collection',
          collectionId: id,
          details: { title: input.title },
        });
        return id;
      });
    },

    async update(staffId: string, id: string, input: AdminCollectionUpdate): Promise<AdminCollection> {
      return change(id, async (tx) => {
        await mustExist(tx, id);
        if (input.title !== undefined) await titleFree(tx, input.title, id);
        await repo.update(tx, id, input);
        await recordStaffAction(tx, {
          staffId,
          action: 'update_collection',
          collectionId: id,
          details: { fields: Object.keys(input), ...(input.title ? { title: input.title } : {}) },
        });
      });
    },

    async remove(staffId: string, id: string): Promise<number> {
      const unlinked = await db.transaction(async (tx) => {
        const title = await mustExist(tx, id);
        // The audit row is written first: it names the collection, whose id then becomes null with the delete.
        await recordStaffAction(tx, {
          staffId,
          action: 'delete_collection',
          collectionId: id,
          details: { title },
        });
        const n = await repo.remove(tx, id);
        return n;
      });
      changed();
      return unlinked;
    },

    async order(staffId: string, ids: string[]): Promise<AdminCollection[]> {
      await db.transaction(async (tx) => {
        const current = await repo.lockAllIds(tx);
        const given = new Set(ids);
        if (given.size !== current.length || current.some((c) => !given.has(c)))
          throw badRequest(m.orderIncomplete, { errors: { collectionIds: m.orderIncomplete } });
        await repo.setPositions(tx, ids);
        await recordStaffAction(tx, {
          staffId,
          action: 'order_collections',
          details: { collectionIds: ids },
        });
      });
      changed();
      return all();
    },

    async addRugs(staffId: string, id: string, rugIds: string[]): Promise<AdminCollection> {
      const unique = [...new Set(rugIds)];
      return change(id, async (tx) => {
        await mustExist(tx, id);
        const known = new Set(await repo.existingRugIds(tx, unique));
        const unknown = unique.filter((r) => !known.has(r));
        if (unknown.length)
          throw badRequest(m.rugsUnknown, { errors: { rugIds: m.rugsUnknown }, data: { unknown } });
        const added = await repo.addRugs(tx, id, unique);
        await recordStaffAction(tx, {
          staffId,
          action: 'add_collection_rugs',
          collectionId: id,
          // One rug is named in its own column; a batch lists its ids.
          rugId: unique.length === 1 ? unique[0] : null,
          details: { rugIds: unique, added },
        });
      });
    },

    /**
     * Publishes a draft, or takes a collection back to draft (decision 076). Publishing needs a public rug in it:
     * refused with 409 and a message saying what to do, so a collection is never public while empty. Doing what
     * is already done is a no-op that answers the collection (safe to retry).
     */
    async setStatus(staffId: string, id: string, status: CollectionStatus): Promise<AdminCollection> {
      return change(id, async (tx) => {
        await mustExist(tx, id);
        if (status === 'published' && (await repo.publicRugCount(tx, id)) === 0)
          throw conflict(m.publishNeedsPublicRug, { code: 'COLLECTION_HAS_NO_PUBLIC_RUG' });
        if (!(await repo.setStatus(tx, id, status))) return;
        await recordStaffAction(tx, {
          staffId,
          action: 'update_collection',
          collectionId: id,
          details: { status },
        });
      });
    },

    async removeRug(staffId: string, id: string, rugId: string): Promise<AdminCollection> {
      return change(id, async (tx) => {
        await mustExist(tx, id);
        if (!(await repo.removeRug(tx, id, rugId))) throw notFound(m.rugNotInCollection);
        await recordStaffAction(tx, { staffId, action: 'remove_collection_rug', collectionId: id, rugId });
      });
    },

    async setCover(staffId: string, id: string, file: Buffer): Promise<AdminCollection> {
      if ((await repo.title(db, id)) === undefined) throw notFound(m.collectionNotFound);
      // Encoding runs outside the transaction (CPU time); the stored image is reusable either way.
      const image = await media.ingest(file, { kind: 'cover' });
      return change(id, async (tx) => {
        await mustExist(tx, id);
        await repo.setCover(tx, id, image.id);
        await recordStaffAction(tx, {
          staffId,
          action: 'update_collection',
          collectionId: id,
          details: { cover: image.id },
        });
      });
    },

    async removeCover(staffId: string, id: string): Promise<AdminCollection> {
      return change(id, async (tx) => {
        await mustExist(tx, id);
        await repo.setCover(tx, id, null);
        await recordStaffAction(tx, {
          staffId,
          action: 'update_collection',
          collectionId: id,
          details: { cover: null },
        });
      });
    },

    async rugs(id: string, page: number, pageSize: number): Promise<AdminCollectionRugListResponse> {
      if ((await repo.title(db, id)) === undefined) throw notFound(m.collectionNotFound);
      const { data, total } = await repo.rugs(id, page, pageSize);
      return {
        data: data.map((r) => ({
          id: r.id,
          title: r.title,
          originRegion: r.origin_region,
          status: r.status,
          image: r.image ? toApiImage(r.image, { baseUrl: mediaBaseUrl, alt: r.title }) : null,
        })),
        meta: pageMeta({ page, pageSize }, total),
      };
    },
  };
}
