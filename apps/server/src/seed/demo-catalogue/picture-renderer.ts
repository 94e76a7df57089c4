import crypto from 'node:crypto';
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { RugShape, RugStyle } from '@knotwork/shared/constants/catalogue';
import { encodeImage, type EncodedImage } from '../../modules/media/encode.ts';
import { DEFAULT_MAX_PIXELS } from '../../modules/media/limits.ts';
import { tileZoom, type CutPyramid } from '../../modules/media/zoom.ts';
import { renderRugArt } from '../rug-art/index.ts';

/**
 * The CPU work of the demo pictures (decision 078): drawing a rug's art, encoding its gallery pictures and cutting its
 * Deep Zoom pyramid, as one job per rug. The whole-rug view is drawn once, at the pyramid's size, and the gallery's
 * picture is that drawing scaled down, so a rug is drawn once for both. Jobs run in a child process at a lower CPU
 * priority (processRenderer), so the site answers first and both cores draw; tests run them in-process.
 */

/** Long side of the gallery's demo pictures (the seed encoding profile's largest width, limits.ts). */
export const SEED_LONG_SIDE = 900;
/**
 * Long side of the demo rugs' zoom source: the whole-rug view drawn this large (about 4 px per knot on the largest
 * rugs), so the Deep Zoom viewer reaches the knots (decision 061). 2400 until decision 078 and 1800 after it; 1400
 * since the first-start bench measured 144-156 s to every picture at 1800 on a quiet 2-core machine (goal: 120 s),
 * the drawing being most of a rug's CPU.
 */
export const SEED_ZOOM_LONG_SIDE = 1400;

export interface RugArtJob {
  slug: string;
  style: RugStyle;
  shape: RugShape;
  widthCm: number;
  lengthCm: number;
  /** The whole-rug view for the gallery (position 0). */
  main: boolean;
  /** The field detail (position 1). */
  detail: boolean;
  /** A pyramid of the whole-rug view. */
  zoom: boolean;
}

export interface RenderedPicture {
  /** sha256 of the source picture (the media row's content hash: the same rug gives the same row). */
  contentHash: string;
  encoded: EncodedImage;
}

export interface RugArtResult {
  main?: RenderedPicture;
  detail?: RenderedPicture;
  /** A folder for storeZoom (modules/media/zoom.ts), which removes it. */
  zoom?: CutPyramid;
}

async function encodePicture(png: Buffer): Promise<RenderedPicture> {
  const contentHash = crypto.createHash('sha256').update(png).digest('hex');
  return { contentHash, encoded: await encodeImage(png, 'png', DEFAULT_MAX_PIXELS, 'seed') };
}

/** Draws and encodes what `job` asks for. */
export async function runRugArtJob(job: RugArtJob): Promise<RugArtResult> {
  const art = {
    seed: `rug:${job.slug}`,
    style: job.style,
    shape: job.shape,
    widthCm: job.widthCm,
    lengthCm: job.lengthCm,
  };
  const result: RugArtResult = {};
  // One design for every view the job asks for (designing and dyeing the knots is a tenth of a rug's time); the
  // detail is drawn at the gallery's size whatever the size of the whole-rug view.
  const whole = job.main || job.zoom;
  const drawn = await renderRugArt({
    ...art,
    views: [...(whole ? (['main'] as const) : []), ...(job.detail ? (['detail'] as const) : [])],
    longSide: job.zoom ? SEED_ZOOM_LONG_SIDE : SEED_LONG_SIDE,
    viewsLongSide: SEED_LONG_SIDE,
  });
  if (whole) {
    const large = drawn[0]!;
    if (job.main) {
      const small = job.zoom
        ? await sharp(large)
            .resize({ width: SEED_LONG_SIDE, height: SEED_LONG_SIDE, fit: 'inside' })
            .png({ compressionLevel: 0 })
            .toBuffer()
        : large;
      result.main = await encodePicture(small);
    }
    if (job.zoom) result.zoom = await tileZoom(large, { demo: true });
  }
  if (job.detail) result.detail = await encodePicture(drawn[whole ? 1 : 0]!);
  return result;
}

export interface PictureRenderer {
  render(job: RugArtJob): Promise<RugArtResult>;
  close(): void;
}

/** Jobs in this process (tests, and the fallback when the child cannot start). */
export const inlineRenderer = (): PictureRenderer => ({ render: runRugArtJob, close: () => {} });

/** Nice value of the renderer process: the server's requests come first on a busy machine. */
const RENDERER_NICE = 10;

interface Pending {
  resolve: (r: RugArtResult) => void;
  reject: (e: Error) => void;
}

/** Buffers come back from the child as plain Uint8Arrays (structured clone). */
const asBuffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);
function revive(picture: RenderedPicture | undefined): RenderedPicture | undefined {
  if (!picture) return undefined;
  const e = picture.encoded;
  return { ...picture, encoded: { ...e, files: e.files.map((f) => ({ ...f, data: asBuffer(f.data) })) } };
}

/**
 * Jobs in child processes (picture-worker.ts) at a lower priority, one per core up to two: drawing is JavaScript, one
 * thread per process, so two processes draw on both cores of a 2-core machine. Each job goes to the process with the
 * fewest in flight.
 */
export function processRenderer(
  log?: (msg: string) => void,
  size = Math.max(1, Math.min(2, os.availableParallelism())),
): PictureRenderer {
  const pool = Array.from({ length: size }, () => ({ renderer: oneProcessRenderer(log), inFlight: 0 }));
  return {
    async render(job) {
      const slot = pool.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
      slot.inFlight += 1;
      try {
        return await slot.renderer.render(job);
      } finally {
        slot.inFlight -= 1;
      }
    },
    close() {
      for (const slot of pool) slot.renderer.close();
    },
  };
}

/**
 * Jobs in one child process; several may be in flight (one draws while sharp encodes another). A child that dies fails
 * its jobs and the next job starts a new one.
 */
function oneProcessRenderer(log?: (msg: string) => void): PictureRenderer {
  let child: ChildProcess | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'picture-worker.ts');

  const start = () => {
    const c = fork(entry, [], {
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    try {
      if (c.pid) os.setPriority(c.pid, RENDERER_NICE);
    } catch {
      // Not allowed here: the child runs at the server's priority.
    }
    c.on('message', (m: { id: number; result?: RugArtResult; error?: string }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve({ ...m.result, main: revive(m.result?.main), detail: revive(m.result?.detail) });
    });
    c.on('exit', (code, signal) => {
      if (child === c) child = undefined;
      for (const p of pending.values())
        p.reject(new Error(`the picture renderer stopped (${signal ?? code})`));
      pending.clear();
      if (code !== 0 && signal !== 'SIGTERM')
        log?.(`rug pictures: the renderer process stopped (${signal ?? code})`);
    });
    // The server does not wait for a renderer busy with a picture to exit.
    c.unref();
    c.channel?.unref();
    return c;
  };

  return {
    render(job) {
      child ??= start();
      const id = nextId++;
      const c = child;
      c.channel?.ref();
      return new Promise<RugArtResult>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        c.send({ id, job });
      }).finally(() => {
        if (pending.size === 0) c.channel?.unref();
      });
    },
    close() {
      child?.kill('SIGTERM');
      child = undefined;
    },
  };
}
