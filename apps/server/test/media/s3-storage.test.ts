import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaService, sweepUnusedMedia } from '../../src/modules/media/index.ts';
import { createMediaStorage, IMMUTABLE_CACHE_CONTROL } from '../../src/media/storage/index.ts';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../src/media/storage/errors.ts';
import { migrateMedia } from '../../src/media/storage/migrate.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/redis-server.ts';
import { startS3Server } from '../helpers/s3-server.ts';
import { get, signUp } from '../auth/helpers.ts';
import { multipart } from '../auth/multipart.ts';

const picture = (background: string, width = 1200, height = 800) =>
  sharp({
    create: { width, height, channels: 3, background, noise: { type: 'gaussian', mean: 128, sigma: 20 } },
  })
    .png()
    .toBuffer();

describe('media in an S3-compatible bucket (s3rver on loopback)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let first: TestApp;
  let second: TestApp;
  const dataDirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-data-'));
    dataDirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    // Two processes on two data folders, one bucket: what a load-balanced house runs.
    first = await createTestApp({ ...s3.env, DATA_DIR: dataDir(), RATE_LIMIT_SCALE: '100' });
    second = await createTestApp({ ...s3.env, DATA_DIR: dataDir() });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await s3?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const bucket = () => createMediaStorage({ ...first.config });

  it('writes every size and format to the bucket with its type and immutable caching; the other process serves them, ranges too', async () => {
    const media = createMediaService({
      db: first.app.ctx.db,
      storage: first.app.ctx.storage,
      config: first.config,
    });
    const image = await media.ingest(await picture('#7a2e1f'), { kind: 'rug' });
    expect(image.variants.length).toBeGreaterThan(2);
    expect(new Set(image.variants.map((v) => v.format)).size).toBeGreaterThan(1);
    const store = bucket();
    for (const v of image.variants) expect(await store.size(v.path)).toBe(v.bytes);

    const variant = image.variants[0]!;
    const whole = await second.app.inject({ method: 'GET', url: `/media/${variant.path}` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe(
      variant.format === 'avif' ? 'image/avif' : variant.format === 'webp' ? 'image/webp' : 'image/jpeg',
    );
    expect(whole.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(whole.rawPayload.length).toBe(variant.bytes);
    const part = await second.app.inject({
      method: 'GET',
      url: `/media/${variant.path}`,
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${variant.bytes}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 20))).toBe(true);
    const tail = await second.app.inject({
      method: 'GET',
      url: `/media/${variant.path}`,
      headers: { range: 'bytes=-5' },
    });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(-5))).toBe(true);
    const past = await second.app.inject({
      method: 'GET',
      url: `/media/${variant.path}`,
      headers: { range: `bytes=${variant.bytes}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${variant.bytes}`);
    expect(
      (await second.app.inject({ method: 'GET', url: '/media/rug/00/missing-480.webp' })).statusCode,
    ).toBe(404);
    expect((await second.app.inject({ method: 'HEAD', url: `/media/${variant.path}` })).statusCode).toBe(200);
    store.close();

    // No process wrote media to its own disk.
    for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'media', 'rug'))).toBe(false);
  });

  it('replacing an avatar removes the old object; the second process serves the new one', async () => {
    const { token } = await signUp(first);
    const upload = (data: Buffer) => {
      const form = multipart(
        {},
        { field: 'profileImage', filename: 'me.png', contentType: 'image/png', data },
      );
      return first.app.inject({
        method: 'PUT',
        url: '/api/v1/auth/profile',
        headers: { authorization: `Bearer ${token}`, ...form.headers },
        payload: form.payload,
      });
    };
    const one = await upload(await picture('#204060', 600, 600));
    expect(one.statusCode).toBe(200);
    const oldKey = (one.json().user.profileImage as string).replace(/^\/media\//, '');
    const store = bucket();
    expect(await store.exists(oldKey)).toBe(true);

    const two = await upload(await picture('#602040', 600, 600));
    expect(two.statusCode).toBe(200);
    const newUrl = two.json().user.profileImage as string;
    expect(newUrl).not.toBe(`/media/${oldKey}`);
    expect(await store.exists(oldKey)).toBe(false);
    const served = await second.app.inject({ method: 'GET', url: newUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await second.app.inject({ method: 'GET', url: `/media/${oldKey}` })).statusCode).toBe(404);
    expect((await get(first, '/auth/profile', token)).json().user.profileImage).toBe(newUrl);
    store.close();
  });

  it('an image nothing refers to any more leaves the bucket, every size and format of it', async () => {
    const media = createMediaService({
      db: first.app.ctx.db,
      storage: first.app.ctx.storage,
      config: first.config,
    });
    const image = await media.ingest(await picture('#5a3a1a', 640, 480), { kind: 'cover' });
    const store = bucket();
    for (const v of image.variants) expect(await store.exists(v.path)).toBe(true);
    // Nothing refers to it (no rug, no cover): past the grace period the sweep removes it.
    const report = await sweepUnusedMedia(
      { db: first.app.ctx.db, storage: first.app.ctx.storage, log: first.app.log },
      { graceMs: 0 },
    );
    expect(report.images).toBeGreaterThanOrEqual(1);
    for (const v of image.variants) expect(await store.exists(v.path)).toBe(false);
    expect(await media.get(image.id)).toBeUndefined();
    store.close();
  });

  it('a bucket that does not answer: a clear 503, and nothing half-written in the database', async () => {
    const down = await createTestApp({
      ...s3.env,
      S3_ENDPOINT: `http://127.0.0.1:${await freePort()}`,
      DATA_DIR: dataDir(),
      RATE_LIMIT_SCALE: '100',
    });
    try {
      const media = createMediaService({
        db: down.app.ctx.db,
        storage: down.app.ctx.storage,
        config: down.config,
      });
      const count = async () =>
        Number(
          (
            (await down.app.ctx.db.execute(sql`select count(*)::int as n from media_images`)) as {
              rows: { n: number }[];
            }
          ).rows[0]!.n,
        );
      const before = await count();
      await expect(media.ingest(await picture('#335533'), { kind: 'rug' })).rejects.toMatchObject({
        statusCode: 503,
        message: STORAGE_UNAVAILABLE_MESSAGE,
      });
      expect(await count()).toBe(before);

      const { token } = await signUp(down);
      const form = multipart(
        { last_name: 'Renamed-While-Down' },
        {
          field: 'profileImage',
          filename: 'me.png',
          contentType: 'image/png',
          data: await picture('#112233', 300, 300),
        },
      );
      const res = await down.app.inject({
        method: 'PUT',
        url: '/api/v1/auth/profile',
        headers: { authorization: `Bearer ${token}`, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ message: STORAGE_UNAVAILABLE_MESSAGE });
      const profile = (await get(down, '/auth/profile', token)).json().user;
      expect(profile.profileImage).toBeNull();
      expect(profile.last_name).not.toBe('Renamed-While-Down');
      expect(
        (
          await down.app.inject({
            method: 'GET',
            url: '/media/avatars/0123456789abcdef0123456789abcdef.webp',
          })
        ).statusCode,
      ).toBe(503);
    } finally {
      await down.close();
    }
  });

  it('media:migrate copies a local folder into the bucket, and a second run copies nothing', async () => {
    const folder = dataDir();
    const files = {
      'rug/ab/abc-480.webp': Buffer.from('webp bytes'),
      'avatars/0123.webp': Buffer.from('avatar'),
      'blog/cd/cde-960.avif': Buffer.from('avif'),
    };
    for (const [key, data] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(folder, key)), { recursive: true });
      fs.writeFileSync(path.join(folder, key), data);
    }
    fs.writeFileSync(path.join(folder, 'rug/ab/abc-480.webp.1a2b.tmp'), 'half');
    const store = bucket();
    const seen: number[] = [];
    const once = await migrateMedia(folder, store, (p) => seen.push(p.done));
    expect(once).toEqual({ done: 3, total: 3, copied: 3, skipped: 0 });
    expect(seen).toEqual([0, 1, 2, 3]);
    const twice = await migrateMedia(folder, store);
    expect(twice).toEqual({ done: 3, total: 3, copied: 0, skipped: 3 });
    const served = await second.app.inject({ method: 'GET', url: '/media/blog/cd/cde-960.avif' });
    expect(served.headers['content-type']).toBe('image/avif');
    expect(served.body).toBe('avif');
    expect(await store.exists('rug/ab/abc-480.webp.1a2b.tmp')).toBe(false);
    store.close();
  });
});
