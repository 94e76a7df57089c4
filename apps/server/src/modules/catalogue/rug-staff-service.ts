import crypto from 'node:crypto';
import {
  adminRugMessages as m,
  type AdminRug,
  type AdminRugCreate,
  type AdminRugListQuery,
  type AdminRugListResponse,
  type AdminRugUpdate,
} from '@knotwork/shared/schemas/catalogue-staff';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { slugify } from '../../lib/slugify.ts';
import { recordStaffAction } from '../audit/audit-writer.ts';
import { num, numOrNull } from '../../db/raw.ts';
import { sourcePixels, toApiImage, type MediaService, type ZoomJobs } from '../media/index.ts';
import { createAdminRugRepository, type AdminRugDbRow, type PhotoRow } from './rug-staff-repository.ts';
import { pageMeta } from '../../lib/paging.ts';

export interface AdminRugServiceDeps {
  db: Db;
  media: MediaService;
  /** Deep Zoom pyramids, cut in the background after a photo is added (decision 061). */
  zoom: ZoomJobs;
  mediaBaseUrl: string;
}

/**
 * Staff's catalogue: rugs are created as drafts, edited field by field under a version check (a stale version
 * is 409, never a silent overwrite), published and unpublished, and given photos through the media pipeline
 * (012). Every change is audited in staff_actions in its own transaction.
 */
export function createAdminRugService({ db, media, zoom, mediaBaseUrl }: AdminRugServiceDeps) {
  const repo = createAdminRugRepository(db);

  function toApi(row: AdminRugDbRow, photos: PhotoRow[]): AdminRug {
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      originCountry: row.origin_country,
      originRegion: row.origin_region,
      style: row.style as AdminRug['style'],
      ageClass: row.age_class as AdminRug['ageClass'],
      circaYear: row.circa_year,
      widthCm: row.width_cm,
      lengthCm: row.length_cm,
      shape: row.shape as AdminRug['shape'],
      pileMaterials: row.pile_materials as AdminRug['pileMaterials'],
      foundationMaterials: row.foundation_materials as AdminRug['foundationMaterials'],
      knotType: row.knot_type as AdminRug['knotType'],
      knotDensity: row.knot_density,
      colours: row.colours as AdminRug['colours'],
      conditionGrade: row.condition_grade as AdminRug['conditionGrade'],
      conditionReport: row.condition_report,
      estimateLow: num(row.estimate_low),
      estimateHigh: num(row.estimate_high),
      fixedPrice: numOrNull(row.fixed_price),
      status: row.status as AdminRug['status'],
      version: row.version,
      lotStatus: row.lot_status,
      photos: photos.map((p) => ({ imageId: p.id, image: toApiImage(p, { baseUrl: mediaBaseUrl }) })),
      updatedAt: row.updated_at,
    };
  }

  async function load(tx: Db, id: string): Promise<AdminRug> {
    const row = await repo.find(tx, id);
    if (!row) throw notFound(m.rugNotFound);
    return toApi(row, await repo.photos(tx, id));
  }

  /** Locks the rug and checks the editor's version; 404 or 409 otherwise. */
  async function lockAt(tx: Db, id: string, version: number): Promise<AdminRugDbRow> {
    const row = await repo.find(tx, id, true);
    if (!row) throw notFound(m.rugNotFound);
    if (row.version !== version)
      throw conflict(m.staleVersion, { code: 'STALE_VERSION', data: { version: row.version } });
    return row;
  }

  return {
    async list(q: AdminRugListQuery): Promise<AdminRugListResponse> {
      const { data, total, capped } = await repo.list(q);
      return {
        data: data.map((r) => ({
          id: r.id,
          slug: r.slug,
          title: r.title,
          originRegion: r.origin_region,
          style: r.style as AdminRug['style'],
          status: r.status as AdminRug['status'],
          widthCm: r.width_cm,
          lengthCm: r.length_cm,
          estimateLow: num(r.estimate_low),
          estimateHigh: num(r.estimate_high),
          fixedPrice: numOrNull(r.fixed_price),
          lotStatus: r.lot_status,
          photoCount: num(r.photo_count),
          updatedAt: r.updated_at,
        })),
        meta: { ...pageMeta(q, total), capped },
      };
    },

    detail: (id: string) => load(db, id),

    async create(staffId: string, input: AdminRugCreate): Promise<AdminRug> {
      return db.transaction(async (tx) => {
        const base = slugify(`${input.originRegion} ${input.title}`, 'rug');
        let id: string | null = null;
        // Same race-free slug as sales (019): insert, and on a taken slug insert again with a random suffix.
        for (let attempt = 0; attempt < 8 && !id; attempt++) {
          id = await repo.insert(
            tx,
            attempt === 0 ? base : `${base}-${crypto.randomBytes(3).toString('hex')}`,
            input,
          );
        }
        if (!id) throw conflict(m.rugNotFound);
        await recordStaffAction(tx, {
          staffId,
          action: 'create_rug',
          rugId: id,
          details: { title: input.title },
        });
        return load(tx, id);
      });
    },

    async update(staffId: string, id: string, input: AdminRugUpdate): Promise<AdminRug> {
      const { version, ...changes } = input;
      return db.transaction(async (tx) => {
        const row = await lockAt(tx, id, version);
        const low = changes.estimateLow ?? num(row.estimate_low);
        const high = changes.estimateHigh ?? num(row.estimate_high);
        if (high < low) throw badRequest(m.estimateOrder, { errors: { estimateHigh: m.estimateOrder } });
        await repo.update(tx, id, version, changes);
        await recordStaffAction(tx, {
          staffId,
          action: 'update_rug',
          rugId: id,
          details: { fields: Object.keys(changes) },
        });
        return load(tx, id);
      });
    },

    async publish(staffId: string, id: string, version: number): Promise<AdminRug> {
      return db.transaction(async (tx) => {
        const row = await lockAt(tx, id, version);
        if (row.status !== 'draft' && row.status !== 'withdrawn') throw conflict(m.cannotPublish);
        await repo.setStatus(tx, id, 'available');
        await recordStaffAction(tx, { staffId, action: 'publish_rug', rugId: id });
        return load(tx, id);
      });
    },

    async unpublish(staffId: string, id: string, version: number): Promise<AdminRug> {
      return db.transaction(async (tx) => {
        const row = await lockAt(tx, id, version);
        if (row.status !== 'available') throw conflict(m.cannotUnpublish);
        if (await repo.hasActiveLot(tx, id)) throw conflict(m.rugInSale);
        await repo.setStatus(tx, id, 'draft');
        await recordStaffAction(tx, { staffId, action: 'unpublish_rug', rugId: id });
        return load(tx, id);
      });
    },

    /** Stores an uploaded photo (validated and re-encoded by the media pipeline) and appends it to the rug. */
    async addPhoto(staffId: string, id: string, file: Buffer): Promise<AdminRug> {
      if (!(await repo.find(db, id))) throw notFound(m.rugNotFound);
      // Encoding runs outside the transaction: it takes CPU time, and the stored image is reusable either way.
      const image = await media.ingest(file, { kind: 'rug' });
      const saved = await db.transaction(async (tx) => {
        const row = await repo.find(tx, id, true);
        if (!row) throw notFound(m.rugNotFound);
        await repo.addPhoto(tx, id, image.id);
        await repo.bumpVersion(tx, id, row.version);
        await recordStaffAction(tx, {
          staffId,
          action: 'update_rug',
          rugId: id,
          details: { photoAdded: image.id },
        });
        return load(tx, id);
      });
      // The rug's largest photo gets a Deep Zoom pyramid, cut after this answer (decision 061).
      if (!image.zoom && (await sourcePixels(file)) > (await repo.largestOtherPhotoPixels(db, id, image.id)))
        zoom.enqueue(image, file);
      return saved;
    },

    async removePhoto(staffId: string, id: string, imageId: string): Promise<AdminRug> {
      return db.transaction(async (tx) => {
        const row = await repo.find(tx, id, true);
        if (!row) throw notFound(m.rugNotFound);
        if (!(await repo.removePhoto(tx, id, imageId))) throw notFound(m.rugNotFound);
        await repo.bumpVersion(tx, id, row.version);
        await recordStaffAction(tx, {
          staffId,
          action: 'update_rug',
          rugId: id,
          details: { photoRemoved: imageId },
        });
        return load(tx, id);
      });
    },

    /** New photo order; the first is the cover. Must name every current photo once. */
    async orderPhotos(staffId: string, id: string, version: number, imageIds: string[]): Promise<AdminRug> {
      return db.transaction(async (tx) => {
        await lockAt(tx, id, version);
        const current = await repo.photoIds(tx, id);
        const same =
          imageIds.length === current.length &&
          new Set(imageIds).size === imageIds.length &&
          imageIds.every((i) => current.includes(i));
        if (!same) throw badRequest(m.photosInvalid, { errors: { imageIds: m.photosInvalid } });
        await repo.orderPhotos(tx, id, imageIds);
        await repo.bumpVersion(tx, id, version);
        await recordStaffAction(tx, {
          staffId,
          action: 'update_rug',
          rugId: id,
          details: { photoOrder: imageIds },
        });
        return load(tx, id);
      });
    },
  };
}
