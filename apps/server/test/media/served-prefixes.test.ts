import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStorage } from '../../src/media/storage/index.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { startS3Server } from '../helpers/s3-server.ts';

/**
 * Issue 25 section 4: /media/<key> served any object of the bucket (a planted `secret/backup.sql` was streamed).
 * Only the folders the product writes are served: each image kind's folder (MediaService) and `avatars/`.
 */
const webp = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'latin1');
const planted = Buffer.from('-- PostgreSQL database dump\nCOPY users (email, password_hash) FROM stdin;\n');
const served = [
  'rug/ab/ab12-400.webp',
  'avatar/cd/cd34-96.webp',
  'cover/ef/ef56-800.webp',
  'blog/01/0123-800.webp',
  'avatars/0123456789abcdef0123456789abcdef.webp',
];
const refused = [
  'secret/backup.sql',
  'backup.sql',
  'rugs/ab/ab12-400.webp',
  'Rug/ab/ab12-400.webp',
  'rug',
  'tmp/avatars/x.webp',
];

function checks(app: () => TestApp) {
  it('serves what the product writes', async () => {
    for (const key of served) {
      const res = await app().app.inject({ method: 'GET', url: `/media/${key}` });
      expect(res.statusCode, key).toBe(200);
    }
  });
  it('answers 404 for any other object, GET and HEAD, and never its bytes', async () => {
    for (const key of refused) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await app().app.inject({ method, url: `/media/${key}` });
        expect(res.statusCode, `${method} ${key}`).toBe(404);
        expect(res.body).not.toContain('PostgreSQL database dump');
      }
      const ranged = await app().app.inject({
        method: 'GET',
        url: `/media/${key}`,
        headers: { range: 'bytes=0-10' },
      });
      expect(ranged.statusCode, `range ${key}`).toBe(404);
    }

    // A served folder is no way round: climbing out of it, encoded or not, is refused too.
    for (const url of [
      '/media/rug/..%2Fsecret/backup.sql',
      '/media/rug%2F..%2Fsecret%2Fbackup.sql',
      '/media/avatars/../secret/backup.sql',
    ]) {
      const res = await app().app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('PostgreSQL database dump');
    }
  });
}

describe('/media serves only the folders the product writes: S3 bucket (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-data-'));
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ ...s3.env, DATA_DIR: dataDir });
    const store = createMediaStorage({ ...t.config });
    for (const key of served) await store.put(key, webp, 'image/webp');
    for (const key of refused) await store.put(key, planted, 'application/octet-stream');
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  checks(() => t);
});

describe('/media serves only the folders the product writes: local folder', () => {
  let t: TestApp;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-data-'));
  beforeAll(async () => {
    t = await createTestApp({ DATA_DIR: dataDir });
    expect(t.app.ctx.storage.kind).not.toBe('s3');
    const write = (key: string, data: Buffer) => {
      const file = path.join(t.config.MEDIA_DIR, key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // `rug` is a folder of served files: a file of that name cannot also exist, and need not.
      if (!fs.existsSync(file)) fs.writeFileSync(file, data);
    };
    for (const key of served) write(key, webp);
    for (const key of refused) write(key, planted);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  checks(() => t);
});
