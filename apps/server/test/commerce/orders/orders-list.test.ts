import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { get, makeLot, makeRug, makeUser, units } from '../../bidding/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** An order by direct insert, created `agoSeconds` before the database's now. */
async function makeOrder(
  userId: string,
  rugId: string,
  opts: {
    kind?: 'auction' | 'buy_now' | 'fixed_price';
    agoSeconds?: number;
    lotId?: string | null;
    hammer?: number | null;
    premium?: number;
    price?: number;
    holdMinutes?: number | null;
  } = {},
) {
  const [row] = await t.database.query<{ id: string }>(
    `insert into orders (user_id, rug_id, lot_id, kind, hammer_price, buyers_premium, item_price, currency, reserved_until,
       due_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'USD',
       case when $8::int is null then null else now() + make_interval(mins => $8::int) end,
       now() + interval '3 days', now() - make_interval(secs => $9), now() - make_interval(secs => $9))
     returning id`,
    [
      userId,
      rugId,
      opts.lotId ?? null,
      opts.kind ?? 'fixed_price',
      opts.hammer ?? null,
      opts.premium ?? 0,
      opts.price ?? units(3500),
      opts.holdMinutes === undefined ? 15 : opts.holdMinutes,
      opts.agoSeconds ?? 0,
    ],
  );
  return row!.id;
}

describe('GET /order/list', () => {
  it('answers 401 without a token', async () => {
    const res = await get(t, '/order/list');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('message');
  });

  it('lists only my own orders, newest first, with the rug summary and cover image', async () => {
    const me = await makeUser(t);
    const other = await makeUser(t);
    const fixedRug = await makeRug(t, { fixedPrice: units(3500) });
    const { lotId, rugId: lotRug } = await makeLot(t);
    const media = await t.database.query<{ id: string }>(
      `insert into media_images (kind, content_hash, width, height, dominant_color, placeholder, variants)
       values ('rug', 'orders-list-cover', 640, 800, '#aa3311', 'data:image/webp;base64,AA',
         '[{"format":"webp","width":640,"height":800,"path":"rug/aa/o-640.webp","bytes":1},{"format":"jpeg","width":640,"height":800,"path":"rug/aa/o-640.jpg","bytes":1}]'::jsonb)
       returning id`,
    );
    await t.database.query(
      `insert into rug_images (rug_id, image_id, position, alt) values ($1, $2, 0, 'Heriz cover')`,
      [fixedRug, media[0]!.id],
    );

    const older = await makeOrder(me.id, lotRug, {
      kind: 'auction',
      lotId,
      hammer: units(1000),
      premium: units(250),
      price: units(1250),
      holdMinutes: null,
      agoSeconds: 120,
    });
    const newer = await makeOrder(me.id, fixedRug, { agoSeconds: 10 });
    await makeOrder(other.id, await makeRug(t), { agoSeconds: 5 });

    const res = await get(t, '/order/list', me.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, pageSize: 20, total: 2, totalPages: 1 });
    expect(body.data.map((o: { id: string }) => o.id)).toEqual([newer, older]);
    const [fixed, auction] = body.data;
    expect(fixed).toMatchObject({
      kind: 'fixed_price',
      status: 'awaiting_payment',
      itemPrice: units(3500),
      buyersPremium: 0,
      hammerPrice: null,
      currency: 'USD',
      lotId: null,
    });
    expect(new Date(fixed.reservedUntil).getTime()).toBeGreaterThan(Date.now());
    expect(fixed.rug).toMatchObject({ id: fixedRug, title: 'Test Heriz' });
    expect(fixed.rug.slug).toMatch(/^test-rug-/);
    expect(fixed.rug.image).toMatchObject({
      id: media[0]!.id,
      alt: 'Heriz cover',
      fallback: '/media/rug/aa/o-640.jpg',
    });
    expect(fixed).not.toHaveProperty('rugId');
    expect(auction).toMatchObject({
      kind: 'auction',
      lotId,
      hammerPrice: units(1000),
      buyersPremium: units(250),
      itemPrice: units(1250),
      reservedUntil: null,
    });
    expect(auction.rug).toMatchObject({ id: lotRug, image: null });
  });

  it('pages newest first and counts the total', async () => {
    const me = await makeUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push(await makeOrder(me.id, await makeRug(t), { agoSeconds: 100 - i }));
    const newestFirst = [...ids].reverse();

    const p1 = (await get(t, '/order/list?page=1&pageSize=2', me.token)).json();
    const p3 = (await get(t, '/order/list?page=3&pageSize=2', me.token)).json();
    const past = (await get(t, '/order/list?page=9&pageSize=2', me.token)).json();
    expect(p1.data.map((o: { id: string }) => o.id)).toEqual(newestFirst.slice(0, 2));
    expect(p1.meta).toEqual({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    expect(p3.data.map((o: { id: string }) => o.id)).toEqual(newestFirst.slice(4));
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(5);
  });

  it('answers 400 on a bad page query', async () => {
    const me = await makeUser(t);
    const res = await get(t, '/order/list?pageSize=500', me.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });
});
