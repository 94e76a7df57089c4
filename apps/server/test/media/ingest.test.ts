import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiImageSchema } from '@knotwork/shared/schemas/media';
import { createMediaService, type MediaService } from '../../src/modules/media/index.ts';
import { HttpError } from '../../src/lib/http-error.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { pixelFloodPng } from './helpers.ts';

let t: TestApp;
let media: MediaService;
let mediaDir: string;

beforeAll(async () => {
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-media-'));
  t = await createTestApp({ MEDIA_DIR: mediaDir });
  media = createMediaService({ db: t.database.db, storage: t.app.ctx.storage, config: t.config });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** A photo-like JPEG (gradient + noise) with EXIF that says "rotate 90°" and carries private fields. */
async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#8a3b2e',
      noise: { type: 'gaussian', mean: 120, sigma: 25 },
    },
  })
    .jpeg({ quality: 85 })
    .withExif({ IFD0: { Artist: 'Secret Photographer', Copyright: 'private', Make: 'KnotCam' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

async function expectRefusal(promise: Promise<unknown>, status: number, message: string) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  expect((err as HttpError).statusCode).toBe(status);
  expect((err as HttpError).message).toBe(message);
}

describe('media ingest', { timeout: 90_000 }, () => {
  it('stores a JPEG in responsive sizes, rotated by EXIF, with every piece of metadata stripped', async () => {
    const input = await cameraJpeg(1800, 1200);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const row = await media.ingest(input, { kind: 'rug' });

    // Orientation 6 turns the 1800x1200 landscape into a 1200x1800 portrait.
    expect(row).toMatchObject({ kind: 'rug', width: 1200, height: 1800 });
    expect(row.dominantColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(row.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(Buffer.from(row.placeholder.split(',')[1]!, 'base64').length).toBeLessThan(400);

    const widths = (fmt: string) => row.variants.filter((v) => v.format === fmt).map((v) => v.width);
    // 1024 is within 15% of 1200, so it would be a near-duplicate and is skipped.
    expect(widths('webp')).toEqual([320, 640, 1200]);
    // AVIF stops at 1024 px (encode time); larger screens get WebP.
    expect(widths('avif')).toEqual([320, 640]);
    expect(widths('jpeg')).toEqual([1200]);

    for (const v of row.variants) {
      // Names are made by the server from a hash; nothing of the upload survives in them.
      expect(v.path).toMatch(/^rug\/[0-9a-f]{2}\/[0-9a-f]{32}-\d+\.(avif|webp|jpg)$/);
      const file = fs.readFileSync(path.join(mediaDir, v.path));
      expect(file.length).toBe(v.bytes);
      const meta = await sharp(file).metadata();
      expect(meta.width).toBe(v.width);
      expect(meta.height).toBe(v.height);
      expect(v.height).toBeGreaterThan(v.width);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(file.includes('Secret Photographer')).toBe(false);
      expect(file.includes('KnotCam')).toBe(false);
    }
  });

  it('returns the same row for the same bytes without re-encoding, and re-writes missing files', async () => {
    const input = await sharp({ create: { width: 700, height: 500, channels: 3, background: '#203050' } })
      .png()
      .toBuffer();
    const first = await media.ingest(input, { kind: 'cover' });
    const again = await media.ingest(input, { kind: 'cover' });
    expect(again.id).toBe(first.id);

    fs.rmSync(path.join(mediaDir, first.variants[0]!.path));
    const repaired = await media.ingest(input, { kind: 'cover' });
    expect(repaired.id).toBe(first.id);
    expect(fs.existsSync(path.join(mediaDir, first.variants[0]!.path))).toBe(true);
  });

  it('keeps real transparency of a PNG in WebP/AVIF and flattens the JPEG fallback', async () => {
    const input = await sharp({
      create: { width: 400, height: 400, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const row = await media.ingest(input, { kind: 'avatar' });
    const webp = row.variants.find((v) => v.format === 'webp')!;
    const jpeg = row.variants.find((v) => v.format === 'jpeg')!;
    expect((await sharp(path.join(mediaDir, webp.path)).metadata()).hasAlpha).toBe(true);
    expect((await sharp(path.join(mediaDir, jpeg.path)).metadata()).hasAlpha).toBe(false);
    // Never upscaled: the original's width is the top size.
    expect(row.variants.filter((v) => v.format === 'webp').map((v) => v.width)).toEqual([320, 400]);
  });

  it('accepts WebP, AVIF and the first frame of a GIF', async () => {
    const base = sharp({ create: { width: 300, height: 200, channels: 3, background: '#c08040' } });
    for (const input of [
      await base.clone().webp().toBuffer(),
      await base.clone().avif().toBuffer(),
      await base.clone().gif().toBuffer(),
    ]) {
      const row = await media.ingest(input, { kind: 'blog' });
      expect(row).toMatchObject({ width: 300, height: 200 });
    }
  });

  it('describes the image for the API with srcsets under MEDIA_BASE_URL', async () => {
    const row = await media.ingest(await cameraJpeg(2600, 1000), { kind: 'rug' });
    const api = media.toApiImage(row, 'A Heriz carpet');
    expect(apiImageSchema.parse(api)).toEqual(api);
    expect(api.alt).toBe('A Heriz carpet');
    // 2600x1000 rotated is 1000 wide: steps 320, 640 then the original width.
    expect(api.sources.webp).toMatch(
      /^\/media\/rug\/[0-9a-f]{2}\/[0-9a-f]{32}-320\.webp 320w, \S+-640\.webp 640w, \S+-1000\.webp 1000w$/,
    );
    expect(api.sources.avif.split(', ')).toHaveLength(3);
    expect(api.fallback).toMatch(/-1000\.jpg$/);
    expect(api.width / api.height).toBeCloseTo(1000 / 2600, 2);
    const served = await t.app.inject({ method: 'GET', url: api.fallback });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('caps AVIF at 1024 px and the widest step at 2400 px; the AVIF srcset borrows WebP above that', async () => {
    const input = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#445566' } })
      .jpeg()
      .toBuffer();
    const row = await media.ingest(input, { kind: 'rug' });
    expect(row.width).toBe(2400);
    expect(row.variants.filter((v) => v.format === 'webp').map((v) => v.width)).toEqual([
      320, 640, 1024, 1600, 2400,
    ]);
    expect(row.variants.filter((v) => v.format === 'avif').map((v) => v.width)).toEqual([320, 640, 1024]);
    const avifSet = media.toApiImage(row).sources.avif.split(', ');
    expect(avifSet.map((e) => e.replace(/^\S+\.(\w+) (\d+)w$/, '$1 $2'))).toEqual([
      'avif 320',
      'avif 640',
      'avif 1024',
      'webp 1600',
      'webp 2400',
    ]);
  });
});

describe('media ingest refusals', () => {
  it('refuses a text file whatever its name', async () => {
    await expectRefusal(
      media.ingest(Buffer.from('just some text, saved as photo.jpg\n'.repeat(10)), { kind: 'rug' }),
      415,
      'Unsupported image type',
    );
  });

  it('refuses SVG, even one that sharp could render', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>',
    );
    expect((await sharp(svg).metadata()).format).toBe('svg');
    await expectRefusal(media.ingest(svg, { kind: 'rug' }), 415, 'Unsupported image type');
  });

  it('refuses other raster formats (TIFF)', async () => {
    const tiff = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    await expectRefusal(media.ingest(tiff, { kind: 'rug' }), 415, 'Unsupported image type');
  });

  it('refuses a file over the byte limit, with the caller’s wording when given', async () => {
    const input = await cameraJpeg(400, 300);
    await expectRefusal(
      media.ingest(input, { kind: 'avatar', maxBytes: 1000 }),
      413,
      'The image is too large',
    );
    await expectRefusal(
      media.ingest(input, {
        kind: 'avatar',
        maxBytes: 1000,
        messages: { tooLarge: 'The profile image must be at most 5 MB' },
      }),
      413,
      'The profile image must be at most 5 MB',
    );
  });

  it('refuses a pixel flood from the header without decoding it', async () => {
    const bomb = pixelFloodPng(30_000);
    expect(bomb.length).toBeLessThan(500_000);
    const started = Date.now();
    await expectRefusal(media.ingest(bomb, { kind: 'rug' }), 400, 'The image has too many pixels');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses an image over a smaller pixel limit', async () => {
    const input = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await expectRefusal(
      media.ingest(input, { kind: 'rug', maxPixels: 200_000 }),
      400,
      'The image has too many pixels',
    );
  });

  it('refuses truncated JPEG and PNG files', async () => {
    const jpeg = await cameraJpeg(800, 600);
    await expectRefusal(
      media.ingest(jpeg.subarray(0, Math.floor(jpeg.length / 2)), { kind: 'rug' }),
      400,
      'The image is damaged or incomplete',
    );
    const png = await sharp({
      create: {
        width: 600,
        height: 400,
        channels: 3,
        background: '#123',
        noise: { type: 'gaussian', mean: 100, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    await expectRefusal(
      media.ingest(png.subarray(0, Math.floor(png.length / 2)), { kind: 'rug' }),
      400,
      'The image is damaged or incomplete',
    );
  });

  it('stores nothing for a refused upload', async () => {
    const before = await t.database.query<{ n: number }>('select count(*)::int as n from media_images');
    await media
      .ingest(Buffer.from('GIF89a but not really a gif at all'), { kind: 'rug' })
      .catch(() => undefined);
    const after = await t.database.query<{ n: number }>('select count(*)::int as n from media_images');
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
