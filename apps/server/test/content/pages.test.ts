import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { faqEntries } from '../../src/db/schema/index.ts';
import { DEMO_FAQ } from '../../src/seed/demo-content/faq.ts';
import { DEMO_BLOG_POSTS, seedDemoContent } from '../../src/seed/demo-content/seed-content.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

describe('FAQ, legal pages, testimonials, careers', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}` });
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers empty lists and 404 pages before anything is seeded', async () => {
    expect((await get('/auth/faq')).json()).toEqual({ data: [] });
    expect((await get('/misc/testimonials')).json()).toEqual({ data: [] });
    expect((await get('/misc/careers')).json()).toEqual({ data: [] });
    expect((await get('/auth/blog')).json().meta.total).toBe(0);
    const privacy = await get('/auth/privacypolicy');
    expect(privacy.statusCode).toBe(404);
    expect(privacy.json()).toEqual({ message: 'This page could not be found' });
  });

  it('seeds idempotently: twice (even at once) gives the same rows', async () => {
    await Promise.all([seedDemoContent(t.app), seedDemoContent(t.app)]);
    await seedDemoContent(t.app);
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(faqEntries);
    expect(row!.n).toBe(DEMO_FAQ.reduce((n, g) => n + g.items.length, 0));
    expect((await get('/auth/blog')).json().meta.total).toBe(DEMO_BLOG_POSTS.length);
  });

  it('groups the FAQ in display order', async () => {
    const res = await get('/auth/faq');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((g: { group: string }) => g.group)).toEqual([
      'Bidding',
      'Buying & Payment',
      'Shipping & Returns',
      'Condition & Authenticity',
      'Account',
    ]);
    expect(data[0].items[0]).toEqual({
      id: expect.any(String),
      question: 'How does bidding work?',
      answer: expect.stringContaining('maximum'),
    });
    expect(data.flatMap((g: { items: unknown[] }) => g.items).length).toBeGreaterThanOrEqual(20);
  });

  it('serves the privacy policy and the terms as HTML', async () => {
    const privacy = (await get('/auth/privacypolicy')).json().data;
    expect(privacy.title).toBe('Privacy Policy');
    expect(privacy.html).toContain('<h2>Your rights</h2>');
    expect(privacy.updatedAt).toBe('2025-01-06T09:00:00.000Z');
    const terms = (await get('/auth/terms')).json().data;
    expect(terms.title).toBe('Terms and Conditions of Sale');
    expect(terms.html).toContain("buyer's premium of 25% of the hammer price");
    expect(terms.html).toContain('Payment is due within 3 days');
    expect(terms.html).toContain('Bids are binding.');
  });

  it('lists testimonials and open careers', async () => {
    const testimonials = (await get('/misc/testimonials')).json().data;
    expect(testimonials.length).toBeGreaterThanOrEqual(5);
    expect(testimonials[0]).toEqual({
      id: expect.any(String),
      name: 'Claire M.',
      location: 'London, United Kingdom',
      quote: expect.any(String),
      rating: 5,
    });
    const careers = (await get('/misc/careers')).json().data;
    expect(careers[0]).toMatchObject({
      title: 'Rug Specialist and Cataloguer',
      type: 'Full-time',
      location: expect.any(String),
    });
  });
});
