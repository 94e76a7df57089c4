import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { createTestDatabase } from '../helpers/database.ts';

/** The shell index.html and a stand-in for the web app's SSR build (apps/web/src/entry-server.tsx). */
const INDEX =
  '<!doctype html><html lang="en" dir="ltr"><head><title>Knotwork</title><script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/react.js"></head><body><div id="root"><div class="kw-splash"></div></div></body></html>';
const ENTRY = `
export async function render(input) {
  if (input.url.startsWith('/rug-listing')) throw new Error('a component broke');
  const res = await input.transport(new URL('http://localhost/api/v1/health'), { method: 'GET', headers: {} });
  globalThis.__ssrRenders = (globalThis.__ssrRenders ?? 0) + 1;
  return { html: '<main data-render="' + globalThis.__ssrRenders + '">Rendered ' + input.language + ' ' + res.status + '</main>', styles: '<style data-emotion="kw x">.x{}</style>', state: { language: input.language, note: '</script>' } };
}
`;

describe('server rendering (decision 057): the rendered page, and the client shell whenever it fails', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-ssr-'));
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dir, 'entry-server.mjs'), ENTRY);
    const created = await createTestDatabase();
    drop = created.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATA_DIR: path.join(dir, 'data'),
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      WEB_DIST_DIR: dist,
      WEB_SSR: 'true',
      WEB_SSR_ENTRY: path.join(dir, 'entry-server.mjs'),
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

  it('puts the rendered page in #root, its styles in the head and its state in a JSON script nothing can close', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    expect(res.statusCode).toBe(200);
    // The stand-in's API call went through app.inject (whatever the health check answered).
    expect(res.body).toMatch(/<div id="root"><main data-render="\d+">Rendered fr \d{3}<\/main><\/div>/);
    expect(res.body).toContain('<html lang="fr"');
    expect(res.body).toMatch(/<style data-emotion="kw x">.*<\/head>/s);
    expect(res.body).toContain('<script type="application/json" id="kw-ssr">');
    expect(res.body).not.toContain('"</script>"');
    expect(res.body).not.toContain('kw-splash');
    expect(res.headers.vary).toMatch(/accept-language/i);
    // The page is painted without its scripts: they start once it has loaded, not sharing the link with its pictures.
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
    const deferred = /<script type="application\/json" id="kw-deferred">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(deferred ?? 'null')).toEqual({
      scripts: ['/assets/index.js'],
      preloads: ['/assets/react.js'],
    });
    expect(res.body).toMatch(/<script src="\/start-after-load.js" defer><\/script>.*<\/head>/s);
  });

  it('reuses a render for the same page and language, and renders again after a content change', async () => {
    const renderOf = async (lang: string) => {
      const res = await app.inject({ method: 'GET', url: '/home', headers: { 'accept-language': lang } });
      return { n: /data-render="(\d+)"/.exec(res.body)?.[1], timing: String(res.headers['server-timing']) };
    };
    const first = await renderOf('en-GB');
    expect(first.n).toBeDefined();
    expect(first.timing).toMatch(/^ssr;dur=\d/);
    const again = await renderOf('en-GB');
    expect(again.n).toBe(first.n);
    expect(again.timing).toBe('ssr;desc="cached"');
    // Another language is another page.
    const french = await renderOf('fr');
    expect(french.n).not.toBe(first.n);
    await app.ctx.bus.publish('site:content', 'content.changed', { kind: 'page' });
    const afterChange = await renderOf('en-GB');
    expect(afterChange.n).not.toBe(first.n);
    expect(afterChange.n).not.toBe(french.n);
  });

  it('sends the client-rendered shell, not an error, when the render throws', async () => {
    const res = await app.inject({ method: 'GET', url: '/rug-listing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('kw-splash');
    expect(res.body).not.toContain('kw-ssr');
    // The shell needs its scripts to show anything: they stay in its head.
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index.js">');
    expect(res.body).not.toContain('kw-deferred');
  });

  it('leaves right-to-left languages and pages outside the four to the browser', async () => {
    const arabic = await app.inject({ method: 'GET', url: '/?lng=ar' });
    expect(arabic.body).toContain('kw-splash');
    const about = await app.inject({ method: 'GET', url: '/about-us' });
    expect(about.body).toContain('kw-splash');
    expect(about.body).not.toContain('kw-ssr');
  });
});
