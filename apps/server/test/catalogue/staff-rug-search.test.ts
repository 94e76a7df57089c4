import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { createRug } from '../jobs/fixtures.ts';

/**
 * The rug grid's text search answers from the first rugs in the grid's order when they hold a full page, else
 * from every match (decision 038): either way a page is exactly the matches in that order, at any depth.
 */
describe('staff API: rug grid text search', () => {
  let t: TestApp;
  let token: string;
  const matching: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    const s = await makeUser(t);
    await t.database.query(`update users set role = 'specialist' where id = $1`, [s.id]);
    token = s.token;
    // 23 rugs with the word, interleaved with others, each updated a second apart (newest last).
    for (let i = 0; i < 46; i += 1) {
      const id = await createRug(t.database, i % 2 === 0 ? `Quetzalcoatl carpet ${i}` : `Plain runner ${i}`);
      await t.database.query(`update rugs set updated_at = now() + make_interval(secs => $2) where id = $1`, [
        id,
        i,
      ]);
      if (i % 2 === 0) matching.unshift(id);
    }
  });
  afterAll(() => t.close());

  const grid = async (query: string) => {
    const res = await t.app.inject({
      url: `/api/v1/admin/rugs?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { id: string }[]; meta: { total: number; capped: boolean } }>();
  };

  it('pages through every match, newest first, with the exact total', async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => grid(`q=quetzal&pageSize=10&page=${p}`)));
    expect(pages.flatMap((p) => p.data.map((r) => r.id))).toEqual(matching);
    expect(pages[0]!.meta).toMatchObject({ total: 23, capped: false });
  });

  it('keeps the order asked for and the filters beside the words', async () => {
    const asc = await grid('q=quetzal&pageSize=5&sort=updatedAt&order=asc');
    expect(asc.data.map((r) => r.id)).toEqual([...matching].reverse().slice(0, 5));
    expect((await grid('q=quetzal&status=sold')).data).toEqual([]);
    expect((await grid('q=nosuchwordanywhere')).meta.total).toBe(0);
  });
});
