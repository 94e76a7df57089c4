import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedFixture, type Fixture } from './fixtures.ts';

describe('GET /rug/{id}, /rug/{id}/related, /auth/collection/list', () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp();
    f = await seedFixture(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('finds a rug by id and by slug (any case) with every field', async () => {
    const byId = await get(`/api/v1/rug/${f.rug['kashan-silk']}`);
    expect(byId.statusCode).toBe(200);
    const bySlug = await get('/api/v1/rug/KASHAN-SILK');
    expect(bySlug.statusCode).toBe(200);
    const rug = byId.json().data;
    expect(bySlug.json().data.id).toBe(rug.id);
    expect(rug).toMatchObject({
      slug: 'kashan-silk',
      title: 'Antique Silk Kashan Rug, circa 1900',
      description: 'Silk pile of great sheen; compare the Heriz next door.',
      originCountry: 'Iran',
      originRegion: 'Kashan',
      style: 'persian',
      ageClass: 'antique',
      circaYear: 1900,
      widthCm: 130,
      lengthCm: 200,
      shape: 'rectangle',
      pileMaterials: ['silk'],
      foundationMaterials: ['silk'],
      knotType: 'asymmetric',
      knotDensity: 300,
      colours: ['ivory', 'blue'],
      conditionGrade: 'excellent',
      conditionReport: 'Even low pile. Minor end losses.',
      estimateLow: 3_000_000,
      estimateHigh: 4_500_000,
      fixedPrice: null,
      status: 'available',
      availability: 'upcoming',
      images: [],
      publishedAt: '2025-01-07T00:00:00.000Z',
    });
    expect(rug.collections.map((c: { slug: string }) => c.slug)).toEqual([
      'antique-persian',
      'silk-collector',
    ]);
  });

  it('carries the current lot with every lot field, and never the reserve', async () => {
    const rug = (await get('/api/v1/rug/heriz-serapi')).json().data;
    expect(rug.lot).toEqual({
      id: f.lot.open1,
      auctionId: f.auction.open,
      auctionTitle: 'Spring Sale',
      auctionSlug: 'spring-sale',
      auctionType: 'timed',
      rugId: f.rug['heriz-serapi'],
      lotNumber: 1,
      status: 'open',
      outcome: null,
      startsAt: expect.any(String),
      endsAt: new Date(f.now.getTime() + 3 * 3_600_000).toISOString(),
      serverNow: expect.any(String),
      openingBid: 1_000_000,
      currentBid: 1_200_000,
      nextMinimumBid: 1_300_000,
      bidCount: 3,
      reserveMet: false,
      // Reserve not met: buy now would still be allowed, but this lot has no buy-now price.
      buyNowPrice: null,
      estimateLow: 400_000,
      estimateHigh: 600_000,
      hammerPrice: null,
    });
    expect(Date.parse(rug.lot.serverNow)).toBeGreaterThan(0);
    const kazak = (await get('/api/v1/rug/kazak-prayer')).json().data;
    expect(kazak.lot).toMatchObject({ buyNowPrice: 900_000, reserveMet: null, nextMinimumBid: 250_000 });
  });

  it('shows the last lot of a sold rug with its outcome and hammer', async () => {
    const rug = (await get('/api/v1/rug/tekke-main-carpet')).json().data;
    expect(rug).toMatchObject({ status: 'sold', availability: 'sold' });
    expect(rug.lot).toMatchObject({
      id: f.lot.pastSold,
      status: 'closed',
      outcome: 'sold',
      hammerPrice: 820_000,
    });
  });

  it('offers related rugs: shared collection first, never itself, never drafts', async () => {
    const rug = (await get('/api/v1/rug/heriz-serapi')).json().data;
    const related = rug.related.map((r: { slug: string }) => r.slug);
    expect(related[0]).toBe('kashan-silk');
    expect(related).not.toContain('heriz-serapi');
    expect(related).not.toContain('draft-rug');
    const res = await get(`/api/v1/rug/${f.rug['heriz-serapi']}/related`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { slug: string }) => r.slug)).toEqual(related);
  });

  it('answers 404 for unknown ids and slugs and for drafts', async () => {
    for (const id of [
      'no-such-rug',
      '00000000-0000-4000-8000-000000000000',
      'draft-rug',
      f.rug['draft-rug']!,
    ]) {
      const res = await get(`/api/v1/rug/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
    expect((await get('/api/v1/rug/no-such-rug/related')).statusCode).toBe(404);
  });

  it('counts published rugs per collection', async () => {
    const res = await get('/api/v1/auth/collection/list');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((c: { slug: string; rugCount: number; cover: unknown }) => [c.slug, c.rugCount, c.cover]),
    ).toEqual([
      ['antique-persian', 2, null],
      ['caucasian-tribal', 1, null],
      ['silk-collector', 1, null],
      ['runners', 1, null],
    ]);
  });

  it('documents every catalogue route in OpenAPI', async () => {
    const doc = (await get('/api/docs/json')).json();
    for (const p of [
      '/api/v1/rug',
      '/api/v1/rug/facets',
      '/api/v1/rug/{id}',
      '/api/v1/rug/{id}/related',
      '/api/v1/rug/upcoming/list',
      '/api/v1/rug/upcoming/{id}',
      '/api/v1/rug/lot/list',
    ]) {
      expect(doc.paths[p]?.get?.tags, p).toBeDefined();
      expect(doc.paths[p].get.responses['400'] ?? doc.paths[p].get.responses['404'], p).toBeDefined();
    }
  });
});
