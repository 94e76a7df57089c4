import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFastBidPath } from '../../src/modules/bidding/bid-fast-path.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeLot, makeUser, units } from './helpers.ts';

/**
 * Lots' guarded writes sharing statements (bid-write-combiner.ts) against the database: a bidder's bidding limit
 * holds across their lots when those lots' writes wait for the same statement (migration 0490, decision
 * 103). One statement in flight, so the writes queue for it exactly as under load.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('bid write combiner on the database', () => {
  it("a limited bidder's two lots queued together: the second sees the first's lead, and is not written", async () => {
    const [a, b, c] = [await makeLot(t), await makeLot(t), await makeLot(t)];
    const [limited, other] = [await makeUser(t), await makeUser(t)];
    await t.database.query(`insert into bidder_limits (user_id, limit_cents, note) values ($1, $2, 'test')`, [
      limited.id,
      units(2_000),
    ]);
    const fast = createFastBidPath(t.database.db, { writeStatements: 1 });
    const bidOn = (lotId: string, userId: string, amount: number) =>
      fast.tryRun(lotId, [{ userId, target: lotId, amount }]);
    // Each lot's copy cached by a first bid, so the bids below reach the combiner at once.
    for (const lot of [a, b, c]) expect(await bidOn(lot.lotId, other.id, units(100))).not.toBeNull();
    const before = fast.writes();

    // c's write takes the one statement; a's and b's wait for the next. Both are the limited bidder's: $1,500 each
    // fits a $2,000 limit alone, not together.
    const [onC, onA, onB] = await Promise.all([
      bidOn(c.lotId, other.id, units(300)),
      bidOn(a.lotId, limited.id, units(1_500)),
      bidOn(b.lotId, limited.id, units(1_500)),
    ]);
    expect(onC).not.toBeNull();
    expect(onA?.outcomes[0]).toMatchObject({ kind: 'accepted' });
    // Not written by the fast path: the locked path takes it and answers the refusal with its figures.
    expect(onB).toBeNull();
    // a and b went in statements of their own: three statements for three lots.
    expect(fast.writes()).toEqual({ statements: before.statements + 3, lots: before.lots + 3 });

    const leads = await t.database.query<{ id: string; leader_id: string }>(
      `select id, leader_id from lots where id = any($1::uuid[])`,
      [[a.lotId, b.lotId]],
    );
    expect(Object.fromEntries(leads.map((l) => [l.id, l.leader_id]))).toEqual({
      [a.lotId]: limited.id,
      [b.lotId]: other.id,
    });

    // 0380's one-lot check, kept for a process of the previous release during an upgrade, now asks 0490's.
    const hold = async (m: number) =>
      (
        await t.database.query<{ ok: boolean }>(`select bidder_limits_hold($1::uuid, $2::jsonb) as ok`, [
          b.lotId,
          JSON.stringify([{ u: limited.id, m }]),
        ])
      )[0]!.ok;
    expect(await hold(units(1_500))).toBe(false);
    expect(await hold(units(500))).toBe(true);
  });

  it('one lot asked for by its rug id and by its own id: two statements, and the second finds its copy stale', async () => {
    const [lot, busy] = [await makeLot(t), await makeLot(t)];
    const [first, second, other] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const fast = createFastBidPath(t.database.db, { writeStatements: 1 });
    // Two cached copies of the same lot, one under each of its ids (the per-lot queue is keyed by the URL's id).
    expect(
      await fast.tryRun(lot.lotId, [{ userId: other.id, target: lot.lotId, amount: units(100) }]),
    ).not.toBeNull();
    await fast.tryRun(busy.lotId, [{ userId: other.id, target: busy.lotId, amount: units(100) }]);
    const viaRug = await fast.tryRun(lot.rugId, [
      { userId: other.id, target: lot.rugId, amount: units(150) },
    ]);
    expect(viaRug).not.toBeNull();
    const before = fast.writes();
    const [, byLot, byRug] = await Promise.all([
      fast.tryRun(busy.lotId, [{ userId: other.id, target: busy.lotId, amount: units(300) }]),
      fast.tryRun(lot.lotId, [{ userId: first.id, target: lot.lotId, amount: units(900) }]),
      fast.tryRun(lot.rugId, [{ userId: second.id, target: lot.rugId, amount: units(800) }]),
    ]);
    // The lot id's copy is stale since the rug id's bid; the rug id's copy is current: it is written, and the other
    // is not (the locked path would take it), each in a statement of its own.
    expect(byRug?.outcomes[0]).toMatchObject({ kind: 'accepted' });
    expect(byLot).toBeNull();
    expect(fast.writes()).toEqual({ statements: before.statements + 3, lots: before.lots + 3 });
    const [stored] = await t.database.query<{ bid_count: number; n: string; leader_id: string }>(
      `select bid_count, (select count(*) from bids b where b.lot_id = l.id) as n, leader_id from lots l where id = $1`,
      [lot.lotId],
    );
    expect(stored).toMatchObject({ bid_count: 3, leader_id: second.id });
    expect(Number(stored!.n)).toBe(3);
  });

  it('lots of different bidders queued together share one statement, each written as its own', async () => {
    const lots = [await makeLot(t), await makeLot(t), await makeLot(t), await makeLot(t)];
    const users = [await makeUser(t), await makeUser(t), await makeUser(t), await makeUser(t)];
    const fast = createFastBidPath(t.database.db, { writeStatements: 1 });
    for (const lot of lots)
      await fast.tryRun(lot.lotId, [{ userId: users[0]!.id, target: lot.lotId, amount: units(100) }]);
    const before = fast.writes();
    const results = await Promise.all(
      lots.map((lot, i) =>
        fast.tryRun(lot.lotId, [
          { userId: users[(i + 1) % 4]!.id, target: lot.lotId, amount: units(200 + i * 100) },
        ]),
      ),
    );
    expect(results.every((r) => r?.outcomes[0]?.kind === 'accepted')).toBe(true);
    // The first went alone (the statement was free); the other three waited and shared the next.
    expect(fast.writes()).toEqual({ statements: before.statements + 2, lots: before.lots + 4 });
    const stored = await t.database.query<{ id: string; leader_id: string; bid_count: number }>(
      `select id, leader_id, bid_count from lots where id = any($1::uuid[])`,
      [lots.map((l) => l.lotId)],
    );
    for (const [i, lot] of lots.entries()) {
      expect(stored.find((s) => s.id === lot.lotId)).toMatchObject({
        leader_id: users[(i + 1) % 4]!.id,
        bid_count: 2,
      });
    }
  });
});
