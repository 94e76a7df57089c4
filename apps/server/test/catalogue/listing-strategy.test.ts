import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVAILABILITIES, RUG_SORTS } from '@knotwork/shared/constants/catalogue';
import { parseRugFilter } from '../../src/modules/catalogue/filter-request.ts';
import { rugAvailability } from '../../src/modules/catalogue/mappers.ts';
import { createRugRepository } from '../../src/modules/catalogue/rug-repository.ts';
import { createRugService } from '../../src/modules/catalogue/rug-service.ts';
import { toPrefixTsQuery } from '../../src/modules/catalogue/search-text.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedFixture, type Fixture } from './fixtures.ts';

/** The performance paths of the listing (migration 0007, listing-limits.ts) must answer exactly what they did. */
describe('catalogue listing strategy (capped counts, estimates, ranking, covering indexes)', () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp();
    f = await seedFixture(t.app.ctx.db);
  });
  afterAll(() => t.close());

  const service = (limits: { exactCountLimit?: number; rankLimit?: number } = {}) =>
    createRugService({ db: t.app.ctx.db, mediaBaseUrl: '/media', cacheTtlMs: 0, ...limits });

  it('counts exactly up to the limit, and above it answers the estimate, never below limit + 1', async () => {
    const exact = await service().list(parseRugFilter({}), f.now);
    expect(exact.meta.total).toBe(7);
    const capped = await service({ exactCountLimit: 2 }).list(parseRugFilter({}), f.now);
    expect(capped.meta.total).toBeGreaterThanOrEqual(3);
    expect(capped.meta.totalPages).toBe(Math.ceil(capped.meta.total / 24));
    // The page itself is unaffected by how the total was found.
    expect(capped.data.map((r) => r.slug)).toEqual(exact.data.map((r) => r.slug));
    // A narrow filter stays exact under the same small limit.
    const narrow = await service({ exactCountLimit: 2 }).list(
      parseRugFilter({ styles: ['caucasian'] }),
      f.now,
    );
    expect(narrow.meta.total).toBe(1);
  });

  it('lists and counts each availability exactly as the cards report it, in every sort', async () => {
    const svc = service();
    const all = (await svc.list(parseRugFilter({ pageSize: 60 }), f.now)).data;
    for (const availability of AVAILABILITIES) {
      const expected = all
        .filter((r) => r.availability === availability)
        .map((r) => r.slug)
        .sort();
      for (const sort of RUG_SORTS) {
        const body = await svc.list(
          parseRugFilter({ availability: [availability], sort, pageSize: 60 }),
          f.now,
        );
        expect(body.data.map((r) => r.slug).sort(), `${availability} ${sort}`).toEqual(expected);
        expect(body.meta.total, `${availability} ${sort}`).toBe(expected.length);
      }
    }
    // "open" and "upcoming" are written on active_ends_at; the rows agree with the mapper's rule at other times too.
    const repo = createRugRepository(t.app.ctx.db);
    for (const hours of [-30, 1, 3, 60]) {
      const now = new Date(f.now.getTime() + hours * 3_600_000);
      const ctx = { now, collectionIds: undefined, tsQuery: undefined };
      const everything = await repo.list(parseRugFilter({ pageSize: 60 }), ctx, 'newest');
      for (const availability of ['open', 'upcoming'] as const) {
        const rows = await repo.list(
          parseRugFilter({ availability: [availability], pageSize: 60 }),
          ctx,
          'newest',
        );
        const expected = everything
          .filter((r) => rugAvailability(r, now) === availability)
          .map((r) => r.slug);
        expect(
          rows.map((r) => r.slug),
          `${availability} at ${hours} h`,
        ).toEqual(expected);
      }
    }
  });

  it('pages by offset over the covering-index path without gaps or repeats, in every sort', async () => {
    const svc = service();
    for (const sort of RUG_SORTS) {
      const whole = (await svc.list(parseRugFilter({ sort, pageSize: 60 }), f.now)).data.map((r) => r.slug);
      const paged: string[] = [];
      for (let page = 1; page <= 4; page += 1)
        paged.push(
          ...(await svc.list(parseRugFilter({ sort, page, pageSize: 2 }), f.now)).data.map((r) => r.slug),
        );
      expect(paged, sort).toEqual(whole);
    }
  });

  it('carries the cover image in the page query', async () => {
    const media = (await t.app.ctx.db
      .execute(sql`insert into media_images (kind, content_hash, width, height, dominant_color, placeholder, variants)
      values ('rug', 'listing-strategy-cover', 640, 800, '#aa3311', 'data:image/webp;base64,AA',
        '[{"format":"webp","width":640,"height":800,"path":"rug/aa/x-640.webp","bytes":1},{"format":"jpeg","width":640,"height":800,"path":"rug/aa/x-640.jpg","bytes":1}]'::jsonb)
      returning id`)) as { rows: { id: string }[] };
    await t.app.ctx.db.execute(
      sql`insert into rug_images (rug_id, image_id, position, alt) values (${f.rug['kazak-prayer']}::uuid, ${media.rows[0]!.id}::uuid, 0, 'Kazak')`,
    );
    const body = await service().list(parseRugFilter({ styles: ['caucasian'] }), f.now);
    expect(body.data[0]!.image).toMatchObject({
      id: media.rows[0]!.id,
      width: 640,
      height: 800,
      color: '#aa3311',
      alt: 'Kazak',
      fallback: '/media/rug/aa/x-640.jpg',
    });
    const other = await service().list(parseRugFilter({ styles: ['moroccan'] }), f.now);
    expect(other.data[0]!.image).toBeNull();
  });

  it('ranks a small match set by relevance, and lists a large one newest first', async () => {
    const filter = parseRugFilter({ q: 'heriz' });
    const ranked = await service().list(filter, f.now);
    // The title match outranks a rug that names Heriz only as its weaving centre or in its description.
    expect(ranked.data[0]!.slug).toBe('heriz-serapi');
    expect(ranked.filter.sort).toBe('relevance');
    const unranked = await service({ rankLimit: 1 }).list(filter, f.now);
    const newest = await service().list(parseRugFilter({ q: 'heriz', sort: 'newest' }), f.now);
    expect(unranked.data.map((r) => r.slug)).toEqual(newest.data.map((r) => r.slug));
    expect(unranked.meta.total).toBe(ranked.meta.total);
  });

  it('matches a one-letter last word whole, and 2+ letters as a prefix', () => {
    expect(toPrefixTsQuery('a')).toBe('a');
    expect(toPrefixTsQuery('antique k')).toBe('antique & k');
    expect(toPrefixTsQuery('he')).toBe('he:*');
    expect(toPrefixTsQuery('Hériz')).toBe('heriz:*');
  });
});
