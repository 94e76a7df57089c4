import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { blogPosts, mediaImages } from '../../src/db/schema/index.ts';
import { imageSizes } from '@knotwork/shared/constants/image-sizes';
import { createTestDatabase } from '../helpers/database.ts';
import { seedFixture, type Fixture } from '../catalogue/fixtures.ts';

/** A tiny stand-in for the built index.html: the generic head every page starts from. */
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Knotwork — Fine Rugs at Auction</title>
    <meta name="description" content="The generic description." />
    <meta property="og:title" content="Knotwork" />
    <meta property="og:type" content="website" />
    <script type="module" src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

const PUBLIC_URL = 'https://rugs.example';

/** The content of a <meta> tag by name or property, unescaped the way a parser would; undefined when absent. */
function meta(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(
    html,
  );
  return m?.[1]
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const count = (html: string, needle: RegExp) => (html.match(needle) ?? []).length;
/** The attributes of the image preload in the head, or undefined when there is none. */
function imagePreload(html: string): Record<string, string> | undefined {
  const tag = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0];
  if (!tag) return undefined;
  return Object.fromEntries(
    [...tag.matchAll(/([a-z]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]),
  );
}

describe('page meta in the served index.html', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let dist: string;
  let fx: Fixture;

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-page-meta-'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    const created = await createTestDatabase();
    drop = created.drop;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATA_DIR: path.join(dist, 'data'),
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      WEB_DIST_DIR: dist,
      PUBLIC_URL,
    });
    app = await buildApp({
      config,
      database: created.database,
      mailer: { send: () => Promise.resolve() },
      serveWeb: true,
    });
    await app.ready();
    const db = created.database.db;
    fx = await seedFixture(db);

    const [image] = await db
      .insert(mediaImages)
      .values({
        kind: 'rug',
        contentHash: 'page-meta-cover',
        width: 1200,
        height: 1600,
        dominantColor: '#8a3b2e',
        placeholder: 'data:image/webp;base64,AAAA',
        variants: [
          { format: 'webp', width: 640, height: 853, path: 'rug/pm/cover-640.webp', bytes: 1 },
          { format: 'jpeg', width: 640, height: 853, path: 'rug/pm/cover-640.jpg', bytes: 1 },
        ],
      })
      .returning();
    await db.execute(
      sql`insert into rug_images (rug_id, image_id, position) values (${fx.rug['heriz-serapi']!}::uuid, ${image!.id}::uuid, 0)`,
    );
    // A title a cataloguer could type by mistake, or an attacker could try: it must stay text.
    await db.execute(
      sql`update rugs set title = ${'Kashan </title><script>alert("x")</script> & "Silk"'} where slug = 'kashan-silk'`,
    );
    await db.insert(blogPosts).values({
      slug: 'reading-a-heriz',
      title: 'Reading a Heriz',
      excerpt: 'How to tell a Heriz from a Serapi: drawing, colour and the knot.',
      bodyMarkdown: 'Body.',
      author: 'Staff',
      publishedAt: new Date('2025-01-01T00:00:00Z'),
      coverImageId: image!.id,
    });
  });

  afterAll(async () => {
    await app?.close();
    await drop?.();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string) => app.inject({ method: 'GET', url });

  it('gives a rug page its title, description, picture, canonical URL and large card', async () => {
    const id = fx.rug['heriz-serapi']!;
    const res = await page(`/rug-listing/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // index.html names the current hashed scripts: a cached copy would outlive a deploy and load deleted files.
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(titleOf(html)).toBe('Antique Heriz Serapi Carpet, circa 1890 | Knotwork');
    expect(meta(html, 'description')).toBe('A bold medallion on a rust field.');
    expect(meta(html, 'og:title')).toBe('Antique Heriz Serapi Carpet, circa 1890 | Knotwork');
    expect(meta(html, 'og:description')).toBe('A bold medallion on a rust field.');
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/media/rug/pm/cover-640.jpg`);
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/rug-listing/${id}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    // The template's own tags are replaced, not duplicated; the rest of the head and the body are kept.
    expect(count(html, /<title>/g)).toBe(1);
    expect(count(html, /name="description"/g)).toBe(1);
    expect(count(html, /property="og:title"/g)).toBe(1);
    expect(html).toContain('<script type="module" src="/assets/index-abc.js"></script>');
    expect(html).toContain('<div id="root"></div>');
  });

  it('preloads the largest picture of a rug, a sale and an article in the size the page shows it', async () => {
    const rug = imagePreload((await page(`/rug-listing/${fx.rug['heriz-serapi']!}`)).body);
    // The same list the page's <source type="image/avif"> carries (WebP above the largest AVIF), as it would pick.
    expect(rug).toMatchObject({
      type: 'image/avif',
      imagesrcset: '/media/rug/pm/cover-640.webp 640w',
      imagesizes: imageSizes.rugMain,
      fetchpriority: 'high',
    });
    const post = imagePreload((await page('/auction-blog/reading-a-heriz')).body);
    expect(post).toMatchObject({
      imagesrcset: '/media/rug/pm/cover-640.webp 640w',
      imagesizes: imageSizes.postCover,
    });
    // Without a picture there is nothing to preload.
    expect(imagePreload((await page('/rug-listing/kazak-prayer')).body)).toBeUndefined();
    expect(imagePreload((await page('/')).body)).toBeUndefined();
  });

  it('serves the live rug view by slug with the same head', async () => {
    const html = (await page('/rugs-details-live/heriz-serapi')).body;
    expect(titleOf(html)).toBe('Antique Heriz Serapi Carpet, circa 1890 | Knotwork');
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/rugs-details-live/heriz-serapi`);
  });

  it('uses the small card for a rug without a picture', async () => {
    const html = (await page('/rug-listing/kazak-prayer')).body;
    expect(meta(html, 'description')).toBe('A rug.');
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:card')).toBe('summary');
  });

  it('escapes every value', async () => {
    const html = (await page('/rug-listing/kashan-silk')).body;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(
      '<title>Kashan &lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Silk&quot; | Knotwork</title>',
    );
    expect(meta(html, 'og:title')).toBe('Kashan </title><script>alert("x")</script> & "Silk" | Knotwork');
  });

  it('gives a sale page its title and description', async () => {
    const res = await page(`/upcoming-auctions/spring-sale`);
    expect(titleOf(res.body)).toBe('Spring Sale | Knotwork');
    expect(meta(res.body, 'description')).toBe('Spring Sale: a timed sale at Knotwork.');
    expect(meta(res.body, 'og:url')).toBe(`${PUBLIC_URL}/upcoming-auctions/spring-sale`);
    const byId = await page(`/upcoming-auctions/${fx.auction.upcoming}`);
    expect(titleOf(byId.body)).toBe('Summer Sale | Knotwork');
  });

  it('gives a blog article its title, excerpt, cover and article type', async () => {
    const html = (await page('/auction-blog/reading-a-heriz')).body;
    expect(titleOf(html)).toBe('Reading a Heriz | Knotwork');
    expect(meta(html, 'description')).toBe(
      'How to tell a Heriz from a Serapi: drawing, colour and the knot.',
    );
    expect(meta(html, 'og:type')).toBe('article');
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/media/rug/pm/cover-640.jpg`);
  });

  it.each([
    ['an unknown rug id', '/rug-listing/00000000-0000-4000-8000-000000000000'],
    ['an unknown rug slug', '/rug-listing/no-such-rug'],
    ['a draft rug', '/rug-listing/draft-rug'],
    ['an unknown sale', '/upcoming-auctions/no-such-sale'],
    ['an unknown article', '/auction-blog/no-such-post'],
    ['a nested path', '/rug-listing/heriz-serapi/extra'],
    ['the listing', '/rug-listing'],
    ['the home page', '/'],
  ])('serves the generic head for %s', async (_name, url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(TEMPLATE);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the query string out of the lookup and the canonical URL', async () => {
    const html = (await page('/rug-listing/heriz-serapi?utm_source=newsletter')).body;
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/rug-listing/heriz-serapi`);
  });
});
