import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { createTestDatabase } from '../helpers/database.ts';

/** A built web app in miniature: a hashed script with its build-time .br and .gz twins, a locale, index.html. */
const SCRIPT = `export const rugs = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `rug number ${i}`))};\n`;
const INDEX =
  '<!doctype html><html><head><title>Knotwork</title></head><body><div id="root"></div></body></html>';

describe('delivery of the web app: compression and caching', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-delivery-'));
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.mkdirSync(path.join(dist, 'locales', 'en'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    const script = path.join(dist, 'assets', 'index-AbC123.js');
    fs.writeFileSync(script, SCRIPT);
    fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
    fs.writeFileSync(path.join(dist, 'locales', 'en', 'common.json'), JSON.stringify({ hello: 'Hello' }));
    const media = path.join(dir, 'data', 'media', 'rug');
    fs.mkdirSync(media, { recursive: true });
    // Already compressed pictures: compressing them again costs CPU and saves nothing.
    fs.writeFileSync(path.join(media, 'cover-640.webp'), Buffer.alloc(4096, 7));

    const created = await createTestDatabase();
    drop = created.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATA_DIR: path.join(dir, 'data'),
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      WEB_DIST_DIR: dist,
    });
    app = await buildApp({
      config,
      database: created.database,
      mailer: { send: () => Promise.resolve() },
      serveWeb: true,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the build-time brotli file to a browser that accepts br, cached for a year as immutable', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('never lets a cache keep index.html, which names the current hashed files', async () => {
    for (const url of ['/', '/rug-listing', '/upcoming-auctions']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('makes files that are not fingerprinted (translations) revalidate', async () => {
    const res = await get('/locales/en/common.json', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses JSON answers over 1 KB and keeps them out of caches', async () => {
    const res = await get('/api/v1/auth/countries', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const json = JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()) as unknown;
    expect(JSON.stringify(json).length).toBeGreaterThan(1024);

    const gz = await get('/api/v1/auth/countries', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const personal = await get('/api/v1/nope', 'br');
    expect(personal.headers['cache-control']).toBe('no-store');
  });

  it('leaves small answers and already compressed media alone', async () => {
    const small = await get('/api/v1/nope', 'br');
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body)).toHaveProperty('message');

    const picture = await get('/media/rug/cover-640.webp', 'br, gzip');
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.rawPayload.length).toBe(4096);
  });
});
