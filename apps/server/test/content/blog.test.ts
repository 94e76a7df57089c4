import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blogPosts, mediaImages } from '../../src/db/schema/index.ts';
import { DEMO_BLOG_POSTS, seedDemoContent } from '../../src/seed/demo-content/seed-content.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

type Summary = {
  id: string;
  slug: string;
  title: string;
  publishedAt: string;
  tags: string[];
  readingMinutes: number;
};

describe('blog', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}` });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoContent(t.app);
    // Unpublished posts must never be served: a draft and one scheduled for the future.
    await t.database.db.insert(blogPosts).values([
      {
        slug: 'draft-post',
        title: 'Draft',
        excerpt: 'x',
        bodyMarkdown: 'x',
        author: 'Staff',
        publishedAt: null,
      },
      {
        slug: 'scheduled-post',
        title: 'Scheduled',
        excerpt: 'x',
        bodyMarkdown: 'x',
        author: 'Staff',
        publishedAt: new Date(Date.now() + 86_400_000),
      },
    ]);
  });
  afterAll(() => t.close());

  it('lists published posts newest first with paging metadata', async () => {
    const res = await get('/auth/blog');
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ page: 1, pageSize: 9, total: DEMO_BLOG_POSTS.length, totalPages: 1 });
    expect(data).toHaveLength(DEMO_BLOG_POSTS.length);
    const dates = data.map((p: Summary) => p.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(data.map((p: Summary) => p.slug)).not.toContain('draft-post');
    expect(data.map((p: Summary) => p.slug)).not.toContain('scheduled-post');
    expect(Object.keys(data[0]).sort()).toEqual(
      [
        'author',
        'coverImage',
        'excerpt',
        'id',
        'publishedAt',
        'readingMinutes',
        'slug',
        'tags',
        'title',
      ].sort(),
    );
    expect(data[0].coverImage).toBeNull();
    // Reading time comes from the stored body at 220 words a minute, never less than one.
    for (const p of data) {
      const words = DEMO_BLOG_POSTS.find((d) => d.slug === p.slug)!
        .body.trim()
        .split(/\s+/).length;
      expect(p.readingMinutes, p.slug).toBe(Math.max(1, Math.round(words / 220)));
    }
  });

  it('pages through without overlap and answers an empty page past the end', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => get(`/auth/blog?page=${n}&pageSize=3`)));
    const slugs = pages.flatMap((r) => r.json().data.map((p: Summary) => p.slug));
    expect(new Set(slugs).size).toBe(DEMO_BLOG_POSTS.length);
    expect(pages[0]!.json().meta).toEqual({ page: 1, pageSize: 3, total: 8, totalPages: 3 });
    const past = await get('/auth/blog?page=99&pageSize=3');
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual({ data: [], meta: { page: 99, pageSize: 3, total: 8, totalPages: 3 } });
  });

  it.each([
    'page=0',
    'page=-1',
    'page=abc',
    'page=1.5',
    'pageSize=0',
    'pageSize=51',
    'page=10001',
    'tag=%3Cscript%3E',
  ])('refuses ?%s with a 400', async (q) => {
    const res = await get(`/auth/blog?${q}`);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().message).toBe('string');
    expect(res.json().errors).toBeDefined();
  });

  it('filters by tag, case-insensitively', async () => {
    const res = await get('/auth/blog?tag=Bidding');
    const { data, meta } = res.json();
    expect(meta.total).toBe(2);
    for (const p of data) expect(p.tags).toContain('bidding');
  });

  it('serves a post by slug and by id, with rendered HTML, neighbours and related posts', async () => {
    const bySlug = await get('/auth/blog/understanding-proxy-bidding-and-soft-close');
    expect(bySlug.statusCode).toBe(200);
    const post = bySlug.json().data;
    expect(post.title).toBe('Understanding proxy bidding and soft close');
    expect(post.html).toContain('<h2>Every bid is a maximum</h2>');
    expect(post.html).toContain('<ol>');
    expect(post.html).not.toContain('## ');

    const byId = await get(`/auth/blog/${post.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json().data).toEqual(post);

    const list: Summary[] = (await get('/auth/blog')).json().data;
    const i = list.findIndex((p) => p.id === post.id);
    expect(post.next).toEqual({ id: list[i - 1]!.id, slug: list[i - 1]!.slug, title: list[i - 1]!.title });
    expect(post.previous).toEqual({
      id: list[i + 1]!.id,
      slug: list[i + 1]!.slug,
      title: list[i + 1]!.title,
    });

    expect(post.related).toHaveLength(3);
    expect(post.related.map((p: Summary) => p.id)).not.toContain(post.id);
    // The one other post tagged "bidding" shares the most tags, so it comes first.
    expect(post.related[0].slug).toBe('estimates-reserves-and-buyers-premium');
  });

  it('serves a cover picture as an API image when the post has one', async () => {
    const [image] = await t.database.db
      .insert(mediaImages)
      .values({
        kind: 'blog',
        contentHash: 'test-cover',
        width: 1600,
        height: 900,
        dominantColor: '#8a3b2e',
        placeholder: 'data:image/webp;base64,AAAA',
        variants: [
          { format: 'avif', width: 640, height: 360, path: 'blog/te/cover-640.avif', bytes: 1 },
          { format: 'webp', width: 640, height: 360, path: 'blog/te/cover-640.webp', bytes: 1 },
          { format: 'jpeg', width: 640, height: 360, path: 'blog/te/cover-640.jpg', bytes: 1 },
        ],
      })
      .returning();
    await t.database.db
      .update(blogPosts)
      .set({ coverImageId: image!.id })
      .where(eq(blogPosts.slug, 'natural-dyes-and-abrash'));
    const post = (await get('/auth/blog/natural-dyes-and-abrash')).json().data;
    expect(post.coverImage).toMatchObject({
      id: image!.id,
      width: 1600,
      height: 900,
      color: '#8a3b2e',
      alt: post.title,
      sources: { webp: '/media/blog/te/cover-640.webp 640w' },
      fallback: '/media/blog/te/cover-640.jpg',
    });
    const card = (await get('/auth/blog'))
      .json()
      .data.find((p: Summary) => p.slug === 'natural-dyes-and-abrash');
    expect(card.coverImage.id).toBe(image!.id);
  });

  it('has no newer post after the newest and no older one before the oldest', async () => {
    const list: Summary[] = (await get('/auth/blog')).json().data;
    expect((await get(`/auth/blog/${list[0]!.slug}`)).json().data.next).toBeNull();
    expect((await get(`/auth/blog/${list.at(-1)!.slug}`)).json().data.previous).toBeNull();
  });

  it.each(['no-such-post', 'draft-post', 'scheduled-post', '00000000-0000-4000-8000-000000000000'])(
    'answers 404 for %s',
    async (key) => {
      const res = await get(`/auth/blog/${key}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'This article could not be found' });
    },
  );

  it('refuses an over-long id with a 4xx in the error shape', async () => {
    // Fastify itself refuses path parameters over 100 characters (414) before our schema's 200 bound.
    const res = await get(`/auth/blog/${'a'.repeat(201)}`);
    expect(res.statusCode).toBe(414);
    expect(typeof res.json().message).toBe('string');
  });
});
