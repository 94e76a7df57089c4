import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { MediaZoom } from '../../db/schema/media.ts';
import { contentTypeFor, type MediaStorage } from '../../media/storage/index.ts';
import { DEFAULT_MAX_PIXELS } from './limits.ts';
import { setImageZoom } from './repository.ts';

/**
 * Deep Zoom pyramids (decision 061): the full-resolution upload cut into 256 px JPEG tiles, level by level down to
 * one pixel, with a `.dzi` descriptor, for the rug page's zoom viewer (OpenSeadragon). Changing a setting here
 * changes ZOOM_VERSION, so new tiles never reuse names that browsers cached as immutable.
 */
export const ZOOM_VERSION = 'z1';
export const ZOOM_TILE_SIZE = 256;
/** One pixel of overlap hides the seams between tiles when the viewer scales them. */
export const ZOOM_OVERLAP = 1;
const ZOOM_JPEG = { quality: 80, mozjpeg: true } as const;
/** A picture this small shows every pixel in the gallery already: no pyramid. */
export const ZOOM_MIN_LONG_SIDE = 1200;
/** Originals waiting in memory at most (20 MB each at worst); beyond, a photo is shown without zoom and logged. */
export const ZOOM_QUEUE_MAX = 8;
/** Tiles written to the store at once (a bucket takes one request per tile). */
const PUT_CONCURRENCY = 6;

/** The store key of a pyramid's descriptor: content-addressed like the image's other files. */
export function zoomKey(kind: string, contentHash: string, version: string = ZOOM_VERSION): string {
  const name = crypto.createHash('sha256').update(`${version}:${contentHash}`).digest('hex').slice(0, 32);
  return `${kind}/${name.slice(0, 2)}/${name}-zoom.dzi`;
}

/** The tiles' folder key (with its trailing slash): the descriptor's name with `_files/` for `.dzi`. */
export function zoomTilesPrefix(zoom: Pick<MediaZoom, 'path'>): string {
  return `${zoom.path.replace(/\.dzi$/, '')}_files/`;
}

/** Size of every level, 0 (1 x 1) to the full size: each level halves the one above, rounding up (as libvips does). */
export function zoomLevels(width: number, height: number): { width: number; height: number }[] {
  const top = Math.ceil(Math.log2(Math.max(width, height)));
  return Array.from({ length: top + 1 }, (_, level) => {
    const scale = 2 ** (top - level);
    return { width: Math.ceil(width / scale), height: Math.ceil(height / scale) };
  });
}

/** Every stored key of a pyramid, descriptor first: what the unused-media sweep removes with its image. */
export function zoomKeys(zoom: MediaZoom): string[] {
  const prefix = zoomTilesPrefix(zoom);
  const keys = [zoom.path];
  zoomLevels(zoom.width, zoom.height).forEach((size, level) => {
    const columns = Math.ceil(size.width / zoom.tileSize);
    const rowsAt = Math.ceil(size.height / zoom.tileSize);
    for (let column = 0; column < columns; column += 1)
      for (let row = 0; row < rowsAt; row += 1)
        keys.push(`${prefix}${level}/${column}_${row}.${zoom.format}`);
  });
  return keys;
}

/** The long side of a picture after EXIF orientation, from its header (no decode). */
async function sourceSize(source: Buffer): Promise<{ width: number; height: number } | undefined> {
  try {
    const meta = await sharp(source, { pages: 1 }).metadata();
    const swap = meta.orientation !== undefined && meta.orientation >= 5 && meta.orientation <= 8;
    const w = meta.width ?? 0;
    const h = meta.pageHeight ?? meta.height ?? 0;
    return swap ? { width: h, height: w } : { width: w, height: h };
  } catch {
    return undefined;
  }
}

/** Width x height of an upload's original (0 when unreadable): which photo of a rug is the largest. */
export async function sourcePixels(source: Buffer): Promise<number> {
  const size = await sourceSize(source);
  return size ? size.width * size.height : 0;
}

export interface ZoomTarget {
  id: string;
  kind: string;
  contentHash: string;
}

export interface CutZoomDeps {
  db: Db;
  storage: MediaStorage;
}

/**
 * Demo pyramids (decision 078): the same tiles in a plain JPEG, four times faster to write than mozjpeg for tiles about
 * 10% larger; their own version, so their names never meet an upload's.
 */
export const DEMO_ZOOM_VERSION = 'z1-demo';
const DEMO_ZOOM_JPEG = { quality: 80 } as const;

/** A pyramid cut into a folder (`pyramid.dzi` and `pyramid_files/`), not yet stored. */
export interface CutPyramid {
  dir: string;
  width: number;
  height: number;
  version: string;
}

/**
 * Cuts `source` into a pyramid in a new temporary folder (the caller stores it with storeZoom, which removes the
 * folder). Undefined when the picture is too small to be worth it.
 */
export async function tileZoom(
  source: Buffer,
  options: { demo?: boolean } = {},
): Promise<CutPyramid | undefined> {
  const size = await sourceSize(source);
  if (!size || Math.max(size.width, size.height) < ZOOM_MIN_LONG_SIDE) return undefined;
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'knotwork-zoom-'));
  try {
    const info = await sharp(source, {
      limitInputPixels: DEFAULT_MAX_PIXELS,
      failOn: 'truncated',
      pages: 1,
      animated: false,
    })
      .rotate()
      .toColourspace('srgb')
      .flatten({ background: '#ffffff' })
      .jpeg(options.demo ? DEMO_ZOOM_JPEG : ZOOM_JPEG)
      .tile({ layout: 'dz', size: ZOOM_TILE_SIZE, overlap: ZOOM_OVERLAP })
      .toFile(path.join(dir, 'pyramid.dz'));
    return {
      dir,
      width: info.width,
      height: info.height,
      version: options.demo ? DEMO_ZOOM_VERSION : ZOOM_VERSION,
    };
  } catch (err) {
    await fsp.rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Writes a cut pyramid through the store and records it on the image: tiles first, descriptor next, row last, so a
 * viewer never sees a pyramid with tiles missing. An image the sweep removed meanwhile gets its new files removed
 * again. The folder is removed in every case.
 */
export async function storeZoom(
  deps: CutZoomDeps,
  image: ZoomTarget,
  cut: CutPyramid,
): Promise<MediaZoom | undefined> {
  const { dir } = cut;
  try {
    const dziKey = zoomKey(image.kind, image.contentHash, cut.version);
    const zoom: MediaZoom = {
      path: dziKey,
      width: cut.width,
      height: cut.height,
      tileSize: ZOOM_TILE_SIZE,
      overlap: ZOOM_OVERLAP,
      format: 'jpeg',
    };
    const keys = zoomKeys(zoom);
    const prefix = zoomTilesPrefix(zoom);
    const tiles = keys.slice(1);
    let next = 0;
    const worker = async () => {
      while (next < tiles.length) {
        const key = tiles[next++]!;
        const data = await fsp.readFile(path.join(dir, 'pyramid_files', key.slice(prefix.length)));
        await deps.storage.put(key, data, contentTypeFor(key));
      }
    };
    await Promise.all(Array.from({ length: PUT_CONCURRENCY }, worker));
    await deps.storage.put(dziKey, await fsp.readFile(path.join(dir, 'pyramid.dzi')), contentTypeFor(dziKey));
    if (!(await setImageZoom(deps.db, image.id, zoom))) {
      await removeZoom(deps.storage, zoom);
      return undefined;
    }
    return zoom;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Cuts `source` (the original upload, already accepted by the media pipeline) into a pyramid, writes every tile and
 * then the descriptor through the store, and records it on the image. Undefined when the picture is too small to
 * be worth it.
 */
export async function cutZoom(
  deps: CutZoomDeps,
  image: ZoomTarget,
  source: Buffer,
): Promise<MediaZoom | undefined> {
  const cut = await tileZoom(source);
  return cut && storeZoom(deps, image, cut);
}

/** Removes a pyramid's descriptor first (so no viewer opens it any more), then its tiles. */
export async function removeZoom(storage: MediaStorage, zoom: MediaZoom): Promise<number> {
  const keys = zoomKeys(zoom);
  for (const key of keys) await storage.remove(key);
  return keys.length;
}

export interface ZoomJobs {
  /** Queues the cutting of one image's pyramid from its original bytes; returns at once. */
  enqueue(image: ZoomTarget, source: Buffer): void;
  /** Resolves once every queued pyramid is cut (tests, shutdown). */
  idle(): Promise<void>;
  /** Drops what has not started and waits for the pyramid in progress. */
  close(): Promise<void>;
}

/**
 * Pyramids are cut after the upload has answered, one at a time per process (a 24 MP photo takes 2 s of CPU and
 * hundreds of tile writes): the upload stays as fast as before and the zoom appears a few seconds later. The queue
 * holds the original bytes in memory; a process that stops first loses them, and the gallery simply offers no zoom
 * for that picture until it is uploaded again (decision 061).
 */
export function createZoomJobs(
  deps: CutZoomDeps & { log: { warn(obj: unknown, msg: string): void } },
): ZoomJobs {
  const queue: { image: ZoomTarget; source: Buffer }[] = [];
  let running: Promise<void> | undefined;
  let closed = false;

  const drain = async () => {
    while (queue.length > 0 && !closed) {
      const job = queue.shift()!;
      try {
        await cutZoom(deps, job.image, job.source);
      } catch (err) {
        deps.log.warn(
          { err, imageId: job.image.id },
          'deep zoom pyramid failed; the picture is shown without zoom',
        );
      }
    }
    running = undefined;
  };

  return {
    enqueue(image, source) {
      if (closed) return;
      if (queue.some((j) => j.image.id === image.id)) return;
      if (queue.length >= ZOOM_QUEUE_MAX) {
        deps.log.warn({ imageId: image.id }, 'deep zoom queue full; the picture is shown without zoom');
        return;
      }
      queue.push({ image, source });
      running ??= drain();
    },
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      queue.length = 0;
      await running;
    },
  };
}
