import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blogPosts, sitePages } from '../../src/db/schema/index.ts';
import { renderMarkdown } from '../../src/modules/content/render.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const HOSTILE = [
  '# Title',
  '',
  'Hello <script>alert("x")</script> world.',
  '',
  '<img src="x" onerror="alert(1)"> <svg onload="alert(2)"></svg>',
  '',
  '[click](javascript:alert(3)) [upper](JaVaScRiPt:alert(4)) <a href="jav&#x09;ascript:alert(5)">tab</a>',
  '',
  '<a href="data:text/html,<script>alert(6)</script>">data</a> <iframe src="https://evil.example"></iframe>',
  '',
  '<p style="background:url(javascript:alert(7))" onclick="alert(8)">styled</p><style>body{display:none}</style>',
  '',
  '![pic](javascript:alert(9)) <form action="https://evil.example"><input name="q"></form>',
  '',
  '[fine](https://example.com/rugs) and [local](/faq) and [mail](mailto:hello@example.com)',
].join('\n');

function expectSafe(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<iframe|<svg|<style|<form|<input/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/data:text/i);
  expect(html).not.toMatch(/style=/i);
  expect(html).not.toContain('alert(');
}

describe('Markdown rendering and sanitising', () => {
  it('keeps the structure and drops everything that could run', () => {
    const html = renderMarkdown(HOSTILE);
    expectSafe(html);
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('Hello  world.');
    expect(html).toContain(
      '<a href="https://example.com/rugs" rel="noopener noreferrer nofollow" target="_blank">fine</a>',
    );
    expect(html).toContain('<a href="/faq">local</a>');
    expect(html).toContain('<a href="mailto:hello@example.com">mail</a>');
  });

  describe('through the API', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
      await t.database.db.insert(blogPosts).values({
        slug: 'hostile',
        title: 'Hostile',
        excerpt: 'x',
        bodyMarkdown: HOSTILE,
        author: 'Nobody',
        publishedAt: new Date('2024-01-01T00:00:00Z'),
      });
      await t.database.db.insert(sitePages).values({ slug: 'terms', title: 'Terms', bodyMarkdown: HOSTILE });
    });
    afterAll(() => t.close());

    it('serves a blog post body safely', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/blog/hostile' });
      expect(res.statusCode).toBe(200);
      expectSafe(res.json().data.html);
    });

    it('serves a page body safely', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/terms' });
      expect(res.statusCode).toBe(200);
      expectSafe(res.json().data.html);
      const stored = await t.database.db.select().from(sitePages).where(eq(sitePages.slug, 'terms'));
      expect(stored[0]!.bodyMarkdown).toContain('<script>'); // stored as written, cleaned when served
    });
  });
});
