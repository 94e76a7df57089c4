import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { settleAfterAnswer } from '../../src/lib/after-answer.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bid, makeLot, makeUser, units } from './helpers.ts';

/**
 * The bid fast path (decision 030): after a lot's first batch, this process bids on its own copy of the lot and
 * writes in one guarded statement. Whatever changed the lot or the bidder elsewhere must send the batch down the
 * locked path, never commit on a stale copy.
 */
let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp();
  // A second app instance on the same database: "another process" whose bids this one's copy does not see.
  other = await buildApp({
    config: t.config,
    database: t.database,
    serveWeb: false,
    mailer: { send: () => Promise.resolve() },
  });
  await other.ready();
}, 120_000);
afterAll(async () => {
  await other?.close();
  await t.close();
});

interface BidBody {
  data: { lot: { endsAt: string; liked?: boolean } & Record<string, unknown> };
  nextMinimum?: number;
  code?: string;
}
const body = (res: { json(): unknown }) => res.json() as BidBody;
const rows = <T>(q: string, p: unknown[] = []) => t.database.query<T>(q, p);

/** Notifications are written after commit on the fast path: wait until the user has `n`. */
async function notices(userId: string, n: number): Promise<{ type: string }[]> {
  for (let i = 0; i < 100; i += 1) {
    await settleAfterAnswer();
    const found = await rows<{ type: string }>(`select type from notifications where user_id = $1`, [userId]);
    if (found.length >= n) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  return rows<{ type: string }>(`select type from notifications where user_id = $1`, [userId]);
}

describe('bid fast path', () => {
  it('bids in a row: prices, bid rows, events and the outbid notice are those of the locked path', async () => {
    const before = t.app.services.bids.paths();
    const { lotId } = await makeLot(t);
    const [a, b, c] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    expect((await bid(t, lotId, units(500), a.token)).statusCode).toBe(201);
    const second = await bid(t, lotId, units(800), b.token);
    expect(second.statusCode).toBe(201);
    expect(body(second).data.lot).toMatchObject({
      leading: true,
      currentBid: units(550),
      bidCount: 2,
      myMaxBid: units(800),
    });
    expect(body(await bid(t, lotId, units(560), c.token)).nextMinimum).toBe(units(600));
    const low = await bid(t, lotId, units(650), c.token);
    expect(low.statusCode).toBe(201);
    expect(body(low).data.lot).toMatchObject({ leading: false, currentBid: units(700) });

    const [{ n }] = (await rows<{ n: string }>(`select count(*) as n from bids where lot_id = $1`, [
      lotId,
    ])) as [{ n: string }];
    expect(Number(n)).toBe(3);
    const events = await rows<{ seq: number | string }>(
      `select seq from lot_events where lot_id = $1 order by seq`,
      [lotId],
    );
    expect(events.map((e) => Number(e.seq))).toEqual(events.map((_, i) => i + 1));
    const [lot] = await rows<{ seq: number | string; current_bid: number | string }>(
      `select seq, current_bid from lots where id = $1`,
      [lotId],
    );
    expect(Number(lot!.seq)).toBe(events.length);
    expect(Number(lot!.current_bid)).toBe(units(700));
    expect((await notices(a.id, 1)).map((x) => x.type)).toEqual(['outbid']);
    // Every batch took the fast path (the first one read the lot first, without a lock).
    const after = t.app.services.bids.paths();
    expect([after.locked - before.locked, after.fast - before.fast]).toEqual([0, 4]);
  });

  it('a bid placed by another process is seen: the stale copy does not commit', async () => {
    const { lotId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    expect((await bid(t, lotId, units(500), a.token)).statusCode).toBe(201);
    const elsewhere = await other.inject({
      method: 'POST',
      url: `/api/v1/rug/add-offer/${lotId}`,
      payload: { amount: units(900) },
      headers: { authorization: `Bearer ${b.token}` },
    });
    expect(elsewhere.statusCode).toBe(201);
    // This process's copy still says A leads at 100; the truth is B at 550 with a maximum of 900.
    const res = await bid(t, lotId, units(700), a.token);
    expect(res.statusCode).toBe(201);
    expect(body(res).data.lot).toMatchObject({ leading: false, currentBid: units(750), bidCount: 3 });
    const [row] = await rows<{ current_bid: string | number }>(`select current_bid from lots where id = $1`, [
      lotId,
    ]);
    expect(Number(row!.current_bid)).toBe(units(750));
  });

  it('a staff edit of the lot or of the sale is seen', async () => {
    const { lotId, auctionId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    expect((await bid(t, lotId, units(500), a.token)).statusCode).toBe(201);
    await rows(`update lots set ends_at = ends_at + interval '1 day' where id = $1`, [lotId]);
    const res = await bid(t, lotId, units(600), b.token);
    const [row] = await rows<{ ends_ms: string | number }>(
      `select floor(extract(epoch from ends_at) * 1000) as ends_ms from lots where id = $1`,
      [lotId],
    );
    expect(Date.parse(body(res).data.lot.endsAt)).toBe(Number(row!.ends_ms));
    // The sale's increments change: the next minimum follows at once.
    await rows(`update auctions set increments = '[{"from": 0, "increment": 5000}]'::jsonb where id = $1`, [
      auctionId,
    ]);
    const refused = await bid(t, lotId, units(560), a.token);
    expect(refused.statusCode).toBe(422);
    expect(body(refused).nextMinimum).toBe(units(550) + 5000);
  });

  it('a bidder blocked or made staff after their first bid is refused', async () => {
    const { lotId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    expect((await bid(t, lotId, units(500), a.token)).statusCode).toBe(201);
    await rows(`update users set bidding_blocked_at = now() where id = $1`, [a.id]);
    const blocked = await bid(t, lotId, units(900), a.token);
    expect(blocked.statusCode).toBe(403);
    expect(body(blocked).code).toBe('BIDDING_BLOCKED');
    await rows(`update users set role = 'admin' where id = $1`, [b.id]);
    expect(body(await bid(t, lotId, units(900), b.token)).code).toBe('STAFF_CANNOT_BID');
    const [{ n }] = (await rows<{ n: string }>(`select count(*) as n from bids where lot_id = $1`, [
      lotId,
    ])) as [{ n: string }];
    expect(Number(n)).toBe(1);
  });

  it('says whether the bidder likes the rug, in the answer and in the stored idempotent answer', async () => {
    const { lotId, rugId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    expect((await bid(t, lotId, units(500), a.token)).statusCode).toBe(201);
    await rows(`insert into likes (user_id, rug_id) values ($1, $2)`, [b.id, rugId]);
    const res = await bid(t, lotId, units(800), b.token, 'like-key');
    expect(body(res).data.lot.liked).toBe(true);
    const again = await bid(t, lotId, units(800), b.token, 'like-key');
    expect(body(again)).toEqual(body(res));
  });

  it('near the end (inside the soft-close window) the locked path extends the lot as before', async () => {
    const { lotId } = await makeLot(t, {
      endsIn: 60,
      softClose: { enabled: true, windowSeconds: 120, extensionSeconds: 120 },
    });
    const [a, b] = [await makeUser(t), await makeUser(t)];
    expect((await bid(t, lotId, units(500), a.token)).statusCode).toBe(201);
    const res = await bid(t, lotId, units(800), b.token);
    expect(res.statusCode).toBe(201);
    expect(Date.parse(body(res).data.lot.endsAt) - Date.now()).toBeGreaterThan(100_000);
    const types = await rows<{ type: string }>(`select type from lot_events where lot_id = $1`, [lotId]);
    expect(types.map((e) => e.type)).toContain('soft_close_extended');
  });
});
