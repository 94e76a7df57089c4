import { describe, expect, it } from 'vitest';
import type { BlogListResponse, BlogPost } from '@knotwork/shared/schemas/content';
import { apiCall } from '../helpers/accounts.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { at, visible } from '../helpers/ui.ts';
import { seriousAxeViolations } from './axe.ts';

// E2E_WEB_DIST_DIR runs this file against a web build elsewhere than apps/web/dist (its own server).
const e2e = useE2E(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : undefined);

async function listPosts(tag?: string) {
  const { body } = await apiCall<BlogListResponse>(
    e2e.baseUrl,
    `/auth/blog${tag ? `?tag=${encodeURIComponent(tag)}` : ''}`,
  );
  return body;
}

describe('Auctions Blogs', () => {
  it('opens an article from the list and reads it: title, sanitised body, neighbours, related posts; no serious axe violations', async () => {
    const { data } = await listPosts();
    expect(data.length).toBeGreaterThan(2);
    const target = data[1]!;

    const { page } = await e2e.newPage();
    await page.goto('/auction-blog');
    await visible(page.getByRole('heading', { level: 1, name: 'Auctions Blogs' }));
    const cards = page.getByTestId('blog-post-card');
    await visible(cards.first());
    expect(await cards.count()).toBe(data.length);

    await page.getByRole('link', { name: target.title, exact: true }).click();
    await at(page, `/auction-blog/${target.slug}`);
    await visible(page.getByRole('heading', { level: 1, name: target.title }));

    const { body } = await apiCall<{ data: BlogPost }>(e2e.baseUrl, `/auth/blog/${target.slug}`);
    const post = body.data;
    const article = page.getByTestId('article-body');
    await visible(article);
    // The server's HTML is rendered as markup (headings and lists), not as escaped text.
    const firstHeading = /<h2[^>]*>([^<]+)<\/h2>/.exec(post.html)?.[1];
    expect(firstHeading).toBeTruthy();
    await visible(article.getByRole('heading', { level: 2, name: firstHeading! }));
    expect(await article.innerText()).not.toContain('<p>');
    await visible(page.getByText(post.author).first());

    if (post.next)
      await visible(
        page.getByRole('link', { name: new RegExp(`Newer article.*${escape(post.next.title)}`) }),
      );
    if (post.previous)
      await visible(
        page.getByRole('link', { name: new RegExp(`Older article.*${escape(post.previous.title)}`) }),
      );
    const related = page.getByRole('region', { name: 'Further reading' });
    for (const r of post.related) await visible(related.getByRole('link', { name: r.title, exact: true }));

    expect(await seriousAxeViolations(page)).toEqual([]);

    // Following "Older article" opens that article in place.
    if (post.previous) {
      await page.getByRole('link', { name: new RegExp(`Older article`) }).click();
      await at(page, `/auction-blog/${post.previous.slug}`);
      await visible(page.getByRole('heading', { level: 1, name: post.previous.title }));
    }
  });

  it('filters the list by a tag through the URL and shows only posts with that tag', async () => {
    const { data } = await listPosts();
    const tag = data.flatMap((p) => p.tags).find((t, i, all) => all.indexOf(t) !== i)!;
    const expected = await listPosts(tag);

    const { page } = await e2e.newPage();
    await page.goto('/auction-blog');
    const filter = page.getByRole('navigation', { name: 'Filter articles by tag' });
    await filter.getByRole('link', { name: tag, exact: true }).click();
    await at(page, `/auction-blog?tag=${encodeURIComponent(tag).replace(/%20/g, '+')}`);
    const cards = page.getByTestId('blog-post-card');
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="blog-post-card"]').length === n,
      expected.data.length,
    );
    for (const p of expected.data) await visible(cards.getByRole('link', { name: p.title, exact: true }));
    expect(await filter.getByRole('link', { name: tag, exact: true }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      await filter.getByRole('link', { name: 'All', exact: true }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('shows a not-found state with a way back for an unknown article', async () => {
    const { page } = await e2e.newPage({ allow: [httpStatusNoise(404)] });
    await page.goto('/auction-blog/no-such-article-here');
    await visible(page.getByRole('heading', { level: 1, name: 'This article could not be found' }));
    await page.getByRole('link', { name: 'Browse the journal' }).click();
    await at(page, '/auction-blog');
  });
});

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
