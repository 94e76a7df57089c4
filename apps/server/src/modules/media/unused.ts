import type { Db } from '../../db/client.ts';
import type { MediaStorage } from '../../media/storage/index.ts';
import { deleteUnreferencedImages, imageReferences, lockUnusedImages } from './repository.ts';
import { removeZoom } from './zoom.ts';

/**
 * An image nothing refers to is kept this long after it was last stored or reused: an upload stores its image
 * before the row that refers to it (a rug's photo, a cover) is written, and a photo removed by mistake can be
 * added back without re-encoding.
 */
export const UNUSED_MEDIA_GRACE_MS = 15 * 60_000;

export interface SweepUnusedMediaDeps {
  db: Db;
  storage: MediaStorage;
  log: { warn(obj: unknown, msg: string): void };
}

export interface SweepUnusedMediaOptions {
  graceMs?: number;
  /** Images per transaction (their rows stay locked while their files are removed). */
  batchSize?: number;
  /** Batches per call. */
  maxBatches?: number;
}

export interface SweepReport {
  images: number;
  objects: number;
}

/**
 * Removes images that nothing refers to any more (a photo taken off a rug, a replaced cover, a deleted rug's
 * pictures) and every stored file of theirs, once they have been unused for the grace period. Safe in any number
 * of processes at once, and against uploads of the same picture meanwhile:
 * - candidates are locked `for update skip locked`, so two sweeps never take the same image;
 * - a new reference to a locked image waits for the sweep (the foreign key's share lock), and the references are
 *   checked again after locking, so an image that gained one is kept;
 * - an upload of the same bytes touches the row (`last_used_at`) before reusing it; that update waits on the lock
 *   and, once the row is gone, the upload stores the picture afresh;
 * - files are removed before the row's deletion commits: a store that fails rolls the batch back and the next sweep
 *   tries again (removing an absent file is not an error).
 */
export async function sweepUnusedMedia(
  deps: SweepUnusedMediaDeps,
  options: SweepUnusedMediaOptions = {},
): Promise<SweepReport> {
  const graceSeconds = (options.graceMs ?? UNUSED_MEDIA_GRACE_MS) / 1000;
  const batchSize = options.batchSize ?? 10;
  const maxBatches = options.maxBatches ?? 10;
  const refs = await imageReferences(deps.db);
  const report: SweepReport = { images: 0, objects: 0 };

  for (let i = 0; i < maxBatches; i += 1) {
    const batch = await deps.db.transaction(async (tx) => {
      const candidates = await lockUnusedImages(tx, refs, graceSeconds, batchSize);
      if (candidates.length === 0) return { taken: 0, images: 0, objects: 0 };
      const ids = candidates.map((c) => c.id);
      // A fresh look at the references now that the rows are locked (a new statement sees what committed since).
      const gone = await deleteUnreferencedImages(tx, ids, refs);
      let objects = 0;
      for (const image of gone) {
        for (const variant of image.variants) {
          await deps.storage.remove(variant.path);
          objects += 1;
        }
        // The Deep Zoom pyramid goes with its image (decision 061).
        if (image.zoom) objects += await removeZoom(deps.storage, image.zoom);
      }
      return { taken: candidates.length, images: gone.length, objects };
    });
    report.images += batch.images;
    report.objects += batch.objects;
    if (batch.taken < batchSize) break;
  }
  return report;
}
