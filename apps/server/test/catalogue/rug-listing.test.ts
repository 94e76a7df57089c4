import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { filterUrl, seedFixture, type Fixture } from './fixtures.ts';

describe('GET /rug (listing and filter)', () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp();
    f = await seedFixture(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const list = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{
      data: { slug: string; price: number; availability: string; [k: string]: unknown }[];
      meta: { total: number; page: number; pageSize: number; totalPages: number };
      filter: Record<string, unknown>;
    }>();
  };
  const slugs = async (filter: unknown) => (await list(filterUrl(filter))).data.map((r) => r.slug);

  it('lists published rugs newest first, without drafts', async () => {
    const body = await list('/api/v1/rug');
    expect(body.data.map((r) => r.slug)).toEqual([
      'heriz-serapi',
      'kashan-silk',
      'kazak-prayer',
      'oushak-runner',
      'beni-ourain',
      'tekke-main-carpet',
      'round-tibetan',
    ]);
    expect(body.meta).toEqual({ page: 1, pageSize: 24, total: 7, totalPages: 1 });
    expect(body.filter).toMatchObject({ sort: 'newest', page: 1, pageSize: 24 });
  });

  it('returns listing cards with price, availability and the current lot (no reserve)', async () => {
    const body = await list('/api/v1/rug');
    const heriz = body.data.find((r) => r.slug === 'heriz-serapi')!;
    expect(heriz).toMatchObject({
      price: 1_200_000,
      availability: 'open',
      widthCm: 280,
      lengthCm: 390,
      image: null,
    });
    expect(heriz.lot).toMatchObject({
      id: f.lot.open1,
      status: 'open',
      currentBid: 1_200_000,
      nextMinimumBid: 1_300_000,
      reserveMet: false,
      bidCount: 3,
    });
    expect(JSON.stringify(body)).not.toMatch(/"reserve"|leaderMax|leader_max/);
    expect(Object.keys(heriz.lot as object)).not.toContain('reserve');
    const byAvailability = Object.fromEntries(body.data.map((r) => [r.slug, r.availability]));
    expect(byAvailability).toEqual({
      'heriz-serapi': 'open',
      'kazak-prayer': 'open',
      'kashan-silk': 'upcoming',
      'oushak-runner': 'buyNow',
      'round-tibetan': 'buyNow',
      'tekke-main-carpet': 'sold',
      'beni-ourain': 'available',
    });
  });

  it('searches title, origin and description with a prefix on the last word, accents folded', async () => {
    expect(await slugs({ q: 'hér' })).toEqual(['heriz-serapi', 'kashan-silk']);
    // Title matches (weight A) rank above description matches (weight C).
    expect(await slugs({ q: 'heriz', sort: 'relevance' })).toEqual(['heriz-serapi', 'kashan-silk']);
    expect(await slugs({ q: 'antique kaz' })).toEqual(['kazak-prayer']);
    expect(await slugs({ q: 'middle atl' })).toEqual(['beni-ourain']);
    expect(await slugs({ q: 'zzzz' })).toEqual([]);
    expect(await slugs({ q: '!!!' })).toEqual([]);
    expect((await list(filterUrl({ q: 'heriz' }))).filter.sort).toBe('relevance');
  });

  it('filters by collection title or slug, case-insensitively', async () => {
    expect(await slugs({ collections: ['Antique Persian'] })).toEqual(['heriz-serapi', 'kashan-silk']);
    expect(await slugs({ collections: ['ANTIQUE PERSIAN'] })).toEqual(['heriz-serapi', 'kashan-silk']);
    expect(await slugs({ collections: 'silk-collector' })).toEqual(['kashan-silk']);
    expect(await slugs({ collections: ['caucasian-tribal', 'Runners & Gallery Sizes'] })).toEqual([
      'kazak-prayer',
      'oushak-runner',
    ]);
    expect(await slugs({ collections: ['No Such Collection'] })).toEqual([]);
  });

  it('filters by origin (weaving centre or country), style, age class and shape', async () => {
    expect(await slugs({ origins: ['heriz', 'Kazak'] })).toEqual(['heriz-serapi', 'kazak-prayer']);
    expect(await slugs({ origins: ['Morocco'] })).toEqual(['beni-ourain']);
    expect(await slugs({ styles: ['Central Asian'] })).toEqual(['tekke-main-carpet']);
    expect(await slugs({ styles: ['turkish', 'moroccan'] })).toEqual(['oushak-runner', 'beni-ourain']);
    expect(await slugs({ ageClasses: ['vintage'] })).toEqual(['oushak-runner', 'beni-ourain']);
    expect(await slugs({ shapes: ['runner', 'round'] })).toEqual(['oushak-runner', 'round-tibetan']);
  });

  it('filters by materials (pile or foundation) and colours (any of)', async () => {
    expect(await slugs({ materials: ['silk'] })).toEqual(['kashan-silk']);
    expect(await slugs({ materials: ['goatHair'] })).toEqual(['tekke-main-carpet']);
    expect(await slugs({ colours: ['black', 'green'] })).toEqual(['kazak-prayer', 'beni-ourain']);
  });

  it('filters by size and price ranges (price = lot bid, else fixed price, else low estimate)', async () => {
    expect(await slugs({ widthMin: 200, widthMax: 240 })).toEqual(['tekke-main-carpet', 'round-tibetan']);
    expect(await slugs({ lengthMin: 400 })).toEqual(['oushak-runner']);
    expect(await slugs({ lengthMax: 200 })).toEqual(['kashan-silk', 'kazak-prayer']);
    expect(await slugs({ priceMin: 1_000_000 })).toEqual(['heriz-serapi', 'kashan-silk']);
    expect(await slugs({ priceMax: 300_000 })).toEqual(['kazak-prayer', 'beni-ourain']);
    expect(await slugs({ priceMin: 350_000, priceMax: 400_000 })).toEqual(['oushak-runner', 'round-tibetan']);
  });

  it('filters by availability', async () => {
    expect(await slugs({ availability: ['open'] })).toEqual(['heriz-serapi', 'kazak-prayer']);
    expect(await slugs({ availability: ['upcoming'] })).toEqual(['kashan-silk']);
    expect(await slugs({ availability: ['Buy Now'] })).toEqual(['oushak-runner', 'round-tibetan']);
    expect(await slugs({ availability: ['sold', 'upcoming'] })).toEqual(['kashan-silk', 'tekke-main-carpet']);
  });

  it('combines filters', async () => {
    expect(await slugs({ styles: ['persian'], availability: ['open'], colours: ['rust'] })).toEqual([
      'heriz-serapi',
    ]);
  });

  it('sorts by price, size, newest and ending soon', async () => {
    expect(await slugs({ sort: 'priceAsc' })).toEqual([
      'beni-ourain',
      'kazak-prayer',
      'oushak-runner',
      'round-tibetan',
      'tekke-main-carpet',
      'heriz-serapi',
      'kashan-silk',
    ]);
    expect(await slugs({ sort: 'priceDesc' })).toEqual([
      'kashan-silk',
      'heriz-serapi',
      'tekke-main-carpet',
      'round-tibetan',
      'oushak-runner',
      'kazak-prayer',
      'beni-ourain',
    ]);
    expect(await slugs({ sort: 'sizeAsc' })).toEqual([
      'kazak-prayer',
      'kashan-silk',
      'oushak-runner',
      'beni-ourain',
      'tekke-main-carpet',
      'round-tibetan',
      'heriz-serapi',
    ]);
    expect((await slugs({ sort: 'sizeDesc' }))[0]).toBe('heriz-serapi');
    expect(await slugs({ sort: 'endingSoon', pageSize: 3 })).toEqual([
      'kazak-prayer',
      'heriz-serapi',
      'kashan-silk',
    ]);
    expect(await slugs({ sort: 'PRICEASC', pageSize: 1 })).toEqual(['beni-ourain']);
  });

  it('pages with stable order and reports totals', async () => {
    const p1 = await list(filterUrl({ sort: 'priceAsc', pageSize: 3 }));
    const p3 = await list(filterUrl({ sort: 'priceAsc', pageSize: 3, page: 3 }));
    expect(p1.meta).toEqual({ page: 1, pageSize: 3, total: 7, totalPages: 3 });
    expect(p3.data.map((r) => r.slug)).toEqual(['kashan-silk']);
    const beyond = await list(filterUrl({ page: 50 }));
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(7);
  });

  it('accepts plain query parameters, which win over data', async () => {
    const body = await list(`/api/v1/rug?styles=turkish,moroccan&sort=priceAsc&pageSize=1`);
    expect(body.data.map((r) => r.slug)).toEqual(['beni-ourain']);
    expect(body.meta.total).toBe(2);
    const both = await list(`${filterUrl({ styles: ['persian'], page: 1 })}&styles=caucasian&styles=turkish`);
    expect(both.data.map((r) => r.slug)).toEqual(['kazak-prayer', 'oushak-runner']);
    const q = await list('/api/v1/rug?q=kazak');
    expect(q.data.map((r) => r.slug)).toEqual(['kazak-prayer']);
  });

  describe('refuses bad filters with 400 and field errors', () => {
    const bad = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ message: string; errors?: Record<string, string> }>();
    };

    it('bad JSON and non-objects', async () => {
      expect(await bad('/api/v1/rug?data=%7B%22q%22%3A')).toEqual({
        message: 'The filter is not valid JSON',
        errors: { data: 'The filter is not valid JSON' },
      });
      expect((await bad(`/api/v1/rug?data=${encodeURIComponent('[1,2]')}`)).message).toBe(
        'The filter must be a JSON object',
      );
      expect((await bad(`/api/v1/rug?data=${encodeURIComponent('"heriz"')}`)).message).toBe(
        'The filter must be a JSON object',
      );
    });

    it('wrong types and unknown values', async () => {
      const body = await bad(filterUrl({ widthMin: 'wide', styles: ['nope'], colours: 5, q: 3 }));
      expect(body.message).toMatch(/^The filter is not valid: /);
      expect(body.errors).toMatchObject({ widthMin: 'widthMin must be a number', q: 'Search must be text' });
      expect(body.errors?.['styles.0']).toMatch(/^Unknown style: "nope"/);
      expect(body.errors?.['colours.0']).toMatch(/^Unknown colour/);
      expect((await bad(filterUrl({ sort: 'cheapest' }))).errors?.sort).toMatch(/^Unknown sort/);
      expect((await bad(filterUrl({ availability: ['maybe'] }))).errors?.['availability.0']).toMatch(
        /^Unknown availability/,
      );
      expect((await bad(filterUrl({ collections: {} }))).errors?.collections).toBe(
        'collections must be a list',
      );
    });

    it('out-of-range values and inverted ranges', async () => {
      expect((await bad(filterUrl({ pageSize: 61 }))).errors).toEqual({
        pageSize: 'pageSize must be at most 60',
      });
      expect((await bad(filterUrl({ pageSize: 0 }))).errors).toEqual({
        pageSize: 'pageSize must be at least 1',
      });
      expect((await bad(filterUrl({ page: 0 }))).errors).toEqual({ page: 'page must be at least 1' });
      expect((await bad(filterUrl({ page: 1.5 }))).errors).toEqual({ page: 'page must be a whole number' });
      expect((await bad(filterUrl({ page: 1001 }))).errors).toEqual({ page: 'page must be at most 1000' });
      expect((await bad(filterUrl({ widthMin: -1 }))).errors).toEqual({
        widthMin: 'widthMin must be at least 0',
      });
      expect((await bad(filterUrl({ priceMax: 1_000_000_001 }))).errors).toEqual({
        priceMax: 'priceMax must be at most 1000000000',
      });
      expect((await bad(filterUrl({ widthMin: 300, widthMax: 200 }))).errors).toEqual({
        widthMax: 'widthMax must be at least widthMin',
      });
      expect((await bad(filterUrl({ q: 'x'.repeat(101) }))).errors).toEqual({
        q: 'Search must be at most 100 characters',
      });
      expect(
        (await bad(filterUrl({ styles: Array.from({ length: 21 }, () => 'persian') }))).errors?.styles,
      ).toMatch(/At most 20/);
      expect((await bad('/api/v1/rug?page=abc')).errors).toEqual({ page: 'page must be a number' });
    });
  });
});

describe('GET /rug/facets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedFixture(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const facets = async (filter: unknown) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/rug/facets?data=${encodeURIComponent(JSON.stringify(filter))}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<
      string,
      { value: string; count: number; selected: boolean; label: string }[]
    > & { total: number; ranges: Record<string, { min: number | null; max: number | null }> };
  };
  const counts = (values: { value: string; count: number }[]) =>
    Object.fromEntries(values.filter((v) => v.count > 0).map((v) => [v.value, v.count]));

  it('counts every value over the whole catalogue without a filter', async () => {
    const f = await facets({});
    expect(f.total).toBe(7);
    expect(counts(f.styles!)).toEqual({
      persian: 2,
      caucasian: 1,
      turkish: 1,
      moroccan: 1,
      centralAsian: 1,
      modern: 1,
    });
    expect(counts(f.ageClasses!)).toEqual({ antique: 4, vintage: 2, modern: 1 });
    expect(counts(f.availability!)).toEqual({ open: 2, upcoming: 1, buyNow: 2, sold: 1 });
    expect(counts(f.materials!)).toEqual({ wool: 6, silk: 1, cotton: 2, goatHair: 1 });
    expect(counts(f.collections!)).toEqual({
      'antique-persian': 2,
      'caucasian-tribal': 1,
      'silk-collector': 1,
      runners: 1,
    });
    expect(f.collections!.map((c) => c.label)).toEqual([
      'Antique Persian',
      'Caucasian Tribal',
      'Silk & Collector Pieces',
      'Runners & Gallery Sizes',
    ]);
    expect(f.origins!.find((o) => o.value === 'Heriz')).toMatchObject({ count: 1, country: 'Iran' });
    expect(f.ranges).toEqual({
      widthCm: { min: 85, max: 280 },
      lengthCm: { min: 160, max: 420 },
      price: { min: 150_000, max: 1_500_000 },
    });
    expect(f.styles!.find((s) => s.value === 'centralAsian')!.label).toBe('Central Asian');
  });

  it('counts each facet under the filter except its own selection', async () => {
    const f = await facets({ styles: ['persian'], availability: ['open'] });
    expect(f.total).toBe(1);
    // Styles ignore the style selection but keep availability=open: heriz (persian) and kazak (caucasian).
    expect(counts(f.styles!)).toEqual({ persian: 1, caucasian: 1 });
    expect(f.styles!.find((s) => s.value === 'persian')!.selected).toBe(true);
    // Availability ignores its own selection but keeps style=persian: heriz open, kashan upcoming.
    expect(counts(f.availability!)).toEqual({ open: 1, upcoming: 1 });
    // Other facets count under the whole filter.
    expect(counts(f.colours!)).toEqual({ rust: 1, ivory: 1, navy: 1 });
    expect(counts(f.collections!)).toEqual({ 'antique-persian': 1 });
  });

  it('marks selected collections and origins, and keeps ranges free of their own bounds', async () => {
    const f = await facets({ collections: ['Antique Persian'], origins: ['heriz'], widthMax: 100 });
    expect(f.total).toBe(0);
    expect(f.collections!.find((c) => c.value === 'antique-persian')).toMatchObject({
      selected: true,
      count: 0,
    });
    expect(f.ranges.widthCm).toEqual({ min: 280, max: 280 });
    const o = await facets({ collections: ['Antique Persian'] });
    expect(counts(o.origins!)).toEqual({ Heriz: 1, Kashan: 1 });
  });

  it('refuses a bad filter like the listing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/rug/facets?data=nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The filter is not valid JSON');
  });
});
