import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import { sweepUnusedMedia, zoomKeys } from '../../src/modules/media/index.ts';
import { zoomLevels } from '../../src/modules/media/zoom.ts';
import type { MediaZoom } from '../../src/db/schema/media.ts';
import { IMMUTABLE_CACHE_CONTROL, type MediaStorage } from '../../src/media/storage/index.ts';
import { insertRugs } from '../../src/seed/demo-catalogue/insert-rugs.ts';
import { zoomDemoRugs, pictureRug, SEED_ZOOM_LONG_SIDE } from '../../src/seed/demo-catalogue/rug-pictures.ts';
import { createMediaService } from '../../src/modules/media/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { startS3Server } from '../helpers/s3-server.ts';
import { multipart } from '../auth/multipart.ts';
import { send, staffAccount } from '../helpers/staff.ts';
import { FIXTURE_RUGS } from '../catalogue/fixtures.ts';

/** A photo with detail at every scale (noise), `width` x `height`, as a camera JPEG. */
const photo = (width: number, height: number, background = '#7a2e1f') =>
  sharp({
    create: { width, height, channels: 3, background, noise: { type: 'gaussian', mean: 120, sigma: 30 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();

/** The attributes of the `.dzi` descriptor's <Image> and <Size> elements. */
function parseDzi(xml: string) {
  const attrs = (tag: string) => {
    const element = new RegExp(`<${tag}\\b([^>]*)/?>`).exec(xml)?.[1] ?? '';
    return Object.fromEntries([...element.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  };
  expect(xml.startsWith('<?xml')).toBe(true);
  expect(xml).toMatch(/<\/Image>\s*$/);
  const image = attrs('Image');
  const size = attrs('Size');
  expect(image.xmlns).toBe('http://schemas.microsoft.com/deepzoom/2008');
  return {
    format: image.Format,
    tileSize: Number(image.TileSize),
    overlap: Number(image.Overlap),
    width: Number(size.Width),
    height: Number(size.Height),
  };
}

/** Every file under `dir`, as keys relative to `root`. */
function listFiles(root: string, dir = root): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(root, full) : [path.relative(root, full)];
  });
}

/**
 * One suite per store: a staff upload answers before the pyramid is cut, the pyramid then appears on the rug page's
 * image with a valid descriptor and every tile in the store (served with immutable caching), a smaller photo added
 * later gets none, and the sweep removes the tiles with the image.
 */
function deepZoomSuite(
  name: string,
  setup: () => Promise<{ env: Record<string, string>; close(): Promise<void> }>,
) {
  describe(`deep zoom pyramids (${name})`, () => {
    let t: TestApp;
    let store: { env: Record<string, string>; close(): Promise<void> };
    let staff: { token: string };
    let rugId: string;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-zoom-test-'));
    const storage = (): MediaStorage => t.app.ctx.storage;

    beforeAll(async () => {
      store = await setup();
      t = await createTestApp({
        DATA_DIR: dataDir,
        MEDIA_DIR: path.join(dataDir, 'media'),
        RATE_LIMIT_SCALE: '100',
        ...store.env,
      });
      staff = await staffAccount(t);
      const ids = await insertRugs(t.app.ctx.db, FIXTURE_RUGS.slice(0, 1), new Map());
      rugId = [...ids.values()][0]!;
    });
    afterAll(async () => {
      await t?.close();
      await store?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const upload = async (data: Buffer) => {
      const body = multipart({}, { field: 'file', filename: 'rug.jpg', contentType: 'image/jpeg', data });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/rugs/${rugId}/photos`,
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${staff.token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { photos: Array<{ imageId: string }> } }>().data.photos.at(-1)!.imageId;
    };
    const rugImages = async () => {
      const res = await send(t, 'GET', `/rug/${rugId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: { images: ApiImage[] } }>().data.images;
    };
    const zoomOf = async (imageId: string) =>
      (
        await t.database.query<{ zoom: MediaZoom | null }>('select zoom from media_images where id = $1', [
          imageId,
        ])
      )[0]?.zoom ?? null;

    it('cuts the largest photo into a Deep Zoom pyramid after the upload answers, through the store', async () => {
      const imageId = await upload(await photo(3000, 2000));
      await t.app.ctx.zoom.idle();
      const zoom = await zoomOf(imageId);
      expect(zoom).not.toBeNull();
      expect(zoom).toMatchObject({ width: 3000, height: 2000, tileSize: 256, overlap: 1, format: 'jpeg' });

      // The rug page's image carries it: descriptor and tiles under MEDIA_BASE_URL.
      const image = (await rugImages()).find((i) => i.id === imageId)!;
      expect(image.zoom).toEqual({
        dzi: `/media/${zoom!.path}`,
        tiles: `/media/${zoom!.path.replace(/\.dzi$/, '')}_files/`,
        width: 3000,
        height: 2000,
        tileSize: 256,
        overlap: 1,
        format: 'jpeg',
      });

      // The descriptor parses and says what the row says; served as XML, cached for good.
      const dzi = await t.app.inject({ method: 'GET', url: image.zoom!.dzi });
      expect(dzi.statusCode).toBe(200);
      expect(dzi.headers['cache-control']).toContain('immutable');
      expect(parseDzi(dzi.body)).toEqual({
        format: 'jpeg',
        tileSize: 256,
        overlap: 1,
        width: 3000,
        height: 2000,
      });

      // Every tile of every level is in the store: 12 x 8 at the full size (level 12), one tile at level 8 and below.
      const levels = zoomLevels(3000, 2000);
      expect(levels).toHaveLength(13);
      expect(levels.at(-1)).toEqual({ width: 3000, height: 2000 });
      const keys = zoomKeys(zoom!);
      expect(keys.filter((k) => k.includes('_files/12/'))).toHaveLength(12 * 8);
      expect(keys.filter((k) => k.includes('_files/0/'))).toEqual([
        expect.stringMatching(/_files\/0\/0_0\.jpeg$/),
      ]);
      for (const key of keys) expect(await storage().exists(key), key).toBe(true);
      if (storage().kind === 'local') {
        // The names computed for the sweep are exactly the files sharp wrote (no more, no fewer).
        const mediaDir = path.join(dataDir, 'media');
        const written = listFiles(mediaDir).filter((f) => f.startsWith(zoom!.path.replace(/\.dzi$/, '')));
        expect(written.sort()).toEqual(keys.sort());
      }

      // A deep tile is a 256 px JPEG (plus the overlap), served with immutable caching.
      const tile = await t.app.inject({ method: 'GET', url: `${image.zoom!.tiles}12/3_2.jpeg` });
      expect(tile.statusCode).toBe(200);
      expect(tile.headers['content-type']).toBe('image/jpeg');
      if (storage().kind === 's3') expect(tile.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
      const meta = await sharp(tile.rawPayload).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBe(256 + 2);
    }, 240_000);

    it('a smaller photo added later gets no pyramid; the largest keeps its own', async () => {
      const smaller = await upload(await photo(1600, 1200, '#1a3a6b'));
      await t.app.ctx.zoom.idle();
      expect(await zoomOf(smaller)).toBeNull();
      const images = await rugImages();
      expect(images.filter((i) => i.zoom)).toHaveLength(1);
    }, 240_000);

    it('the unused-media sweep removes the pyramid with its image', async () => {
      const images = await rugImages();
      const zoomed = images.find((i) => i.zoom)!;
      const zoom = (await zoomOf(zoomed.id))!;
      const res = await send(t, 'DELETE', `/admin/rugs/${rugId}/photos/${zoomed.id}`, undefined, staff.token);
      expect(res.statusCode, res.body).toBe(200);
      await t.database.query(
        `update media_images set last_used_at = now() - interval '1 hour' where id = $1`,
        [zoomed.id],
      );
      const report = await sweepUnusedMedia(
        { db: t.app.ctx.db, storage: storage(), log: t.app.log },
        { graceMs: 60_000 },
      );
      expect(report.images).toBe(1);
      const keys = zoomKeys(zoom);
      expect(report.objects).toBeGreaterThanOrEqual(keys.length);
      for (const key of keys) expect(await storage().exists(key), key).toBe(false);
      const gone = await t.app.inject({ method: 'GET', url: `/media/${zoom.path}` });
      expect(gone.statusCode).toBe(404);
    }, 240_000);
  });
}

deepZoomSuite('local folder', () => Promise.resolve({ env: {}, close: () => Promise.resolve() }));
deepZoomSuite('S3 bucket', async () => {
  const s3 = await startS3Server();
  return { env: s3.env, close: () => s3.close() };
});

describe('deep zoom for the demo rugs', () => {
  let t: TestApp;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-zoom-demo-'));
  beforeAll(async () => {
    t = await createTestApp({ MEDIA_DIR: mediaDir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  it('gives the whole-rug picture a pyramid of a larger render, once', async () => {
    const ids = await insertRugs(t.app.ctx.db, FIXTURE_RUGS.slice(2, 3), new Map());
    const rug = FIXTURE_RUGS[2]!;
    const media = createMediaService({ db: t.app.ctx.db, storage: t.app.ctx.storage, config: t.config });
    const deps = { db: t.app.ctx.db, media, storage: t.app.ctx.storage };
    // A picture stored without its pyramid (as an older start made them) gets one from zoomDemoRugs.
    const imageId = await pictureRug(
      deps,
      {
        id: [...ids.values()][0]!,
        slug: rug.slug,
        title: rug.title,
        style: rug.style,
        shape: rug.shape,
        width_cm: rug.widthCm,
        length_cm: rug.lengthCm,
      },
      'main',
      { zoom: false },
    );
    expect(await zoomDemoRugs(deps)).toBe(1);
    const [row] = await t.database.query<{ width: number; height: number; zoom: MediaZoom }>(
      'select width, height, zoom from media_images where id = $1',
      [imageId],
    );
    // The gallery's picture stays at site size; the pyramid reaches SEED_ZOOM_LONG_SIDE px on the long side.
    expect(Math.max(row!.width, row!.height)).toBeLessThanOrEqual(900);
    expect(Math.max(row!.zoom.width, row!.zoom.height)).toBe(SEED_ZOOM_LONG_SIDE);
    for (const key of zoomKeys(row!.zoom)) expect(fs.existsSync(path.join(mediaDir, key)), key).toBe(true);
    expect(await zoomDemoRugs(deps)).toBe(0);
  }, 240_000);
});
