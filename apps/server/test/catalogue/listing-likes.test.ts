import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { seedFixture, type Fixture } from './fixtures.ts';

describe("GET /rug: the caller's likes on the listing", () => {
  let t: TestApp;
  let f: Fixture;
  beforeAll(async () => {
    t = await createTestApp();
    f = await seedFixture(t.app.ctx.db);
  });
  afterAll(() => t.close());

  async function makeUser() {
    const email = `liker.${crypto.randomBytes(5).toString('hex')}@example.com`;
    const [row] = await t.database.query<{ id: string }>(
      `insert into users (first_name, last_name, email, email_verified_at) values ('Lia', 'Liker', $1, now()) returning id`,
      [email],
    );
    const { token } = await t.app.ctx.tokens.issue(row!.id);
    return { id: row!.id, token };
  }
  const like = (userId: string, rugId: string) =>
    t.database.query('insert into likes (user_id, rug_id) values ($1, $2)', [userId, rugId]);

  async function list(token?: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/rug',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { slug: string; liked?: boolean }[] }>().data;
  }

  it('marks each card liked or not for a signed-in caller, from their own likes only', async () => {
    const me = await makeUser();
    const other = await makeUser();
    await like(me.id, f.rug['kazak-prayer']!);
    await like(me.id, f.rug['oushak-runner']!);
    await like(other.id, f.rug['heriz-serapi']!);

    const cards = await list(me.token);
    expect(cards.length).toBeGreaterThan(2);
    const liked = Object.fromEntries(cards.map((c) => [c.slug, c.liked]));
    expect(liked['kazak-prayer']).toBe(true);
    expect(liked['oushak-runner']).toBe(true);
    expect(liked['heriz-serapi']).toBe(false);
    expect(cards.every((c) => typeof c.liked === 'boolean')).toBe(true);
  });

  it('leaves `liked` out for a visitor', async () => {
    const cards = await list();
    expect(cards.length).toBeGreaterThan(0);
    for (const c of cards) expect(c).not.toHaveProperty('liked');
  });
});
