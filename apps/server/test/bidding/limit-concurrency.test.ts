import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bid, makeLot, makeUser, onPostgres, units } from './helpers.ts';

/**
 * Issue 28 §6 (decision 090): 1,000 bids at once from 50 bidders close to their limits across 20 lots. No accepted
 * maximum may take a bidder past their limit, every accepted bid is in the database, and every refusal is a clear
 * 4xx with a code. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the transactions really overlap).
 */
const BIDDERS = 50;
const LOTS = 20;
const BIDS = 1_000;
const LIMIT = units(2_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '1000' });
});
afterAll(async () => t.close());

/** A small seeded generator (mulberry32): the same bids every run, so a failure can be replayed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('bidding limits under load', () => {
  it('1,000 concurrent bids: none past a limit, none lost, every refusal a 4xx with a code', async () => {
    const lots = await Promise.all(Array.from({ length: LOTS }, () => makeLot(t)));
    const bidders: { id: string; token: string }[] = [];
    for (let i = 0; i < BIDDERS; i++) bidders.push(await makeUser(t));
    const values = bidders.map((b) => `('${b.id}'::uuid, ${LIMIT}, 'load test')`).join(', ');
    await t.database.query(`insert into bidder_limits (user_id, limit_cents, note) values ${values}`);

    // Maxima from $100 to $1,900: two or three leads take a bidder to their $2,000 limit.
    const next = random(28);
    const wanted = Array.from({ length: BIDS }, () => ({
      bidder: bidders[Math.floor(next() * BIDDERS)]!,
      lot: lots[Math.floor(next() * LOTS)]!,
      amount: units(100 + Math.floor(next() * 19) * 100),
    }));
    const before = t.app.services.bids.paths();
    const answers = await Promise.all(wanted.map((w) => bid(t, w.lot.lotId, w.amount, w.bidder.token)));
    // On PostgreSQL, statements wrote several lots at once (bid-write-combiner.ts), so limits were checked across
    // lots in one statement too (migration 0490). PGlite runs one statement at a time: one lot each there.
    const after = t.app.services.bids.paths();
    if (onPostgres()) expect(after.lots - before.lots).toBeGreaterThan(after.statements - before.statements);

    const byStatus = new Map<number, number>();
    const codes = new Map<string, number>();
    for (const a of answers) {
      byStatus.set(a.statusCode, (byStatus.get(a.statusCode) ?? 0) + 1);
      if (a.statusCode >= 400) {
        const code = String(a.json().code);
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
    }
    // Every answer is a placed bid or a clear refusal: never a 5xx, never a refusal without its code.
    for (const status of byStatus.keys()) expect([201, 403, 409, 422]).toContain(status);
    expect([...codes.keys()].every((c) => c !== 'undefined')).toBe(true);
    expect(codes.get('OVER_LIMIT') ?? 0).toBeGreaterThan(0);
    expect(byStatus.get(201) ?? 0).toBeGreaterThan(0);

    // Nothing lost: each 201 is an accepted bid in the database, and nothing else is.
    const ids = bidders.map((b) => b.id);
    const [stored] = await t.database.query<{ n: string }>(
      `select count(*) as n from bids where bidder_id = any($1::uuid[]) and status = 'accepted'`,
      [ids],
    );
    expect(Number(stored!.n)).toBe(byStatus.get(201) ?? 0);

    // No accepted maximum past a limit, and no bidder's exposure (their leading maxima now) past it either.
    const [over] = await t.database.query<{ n: string }>(
      `select count(*) as n from bids where bidder_id = any($1::uuid[]) and max_amount > $2`,
      [ids, LIMIT],
    );
    expect(Number(over!.n)).toBe(0);
    const exposures = await t.database.query<{ leader_id: string; exposure: string }>(
      `select leader_id, sum(leader_max) as exposure from lots
        where leader_id = any($1::uuid[]) and status = 'open' group by leader_id`,
      [ids],
    );
    for (const e of exposures) expect(Number(e.exposure)).toBeLessThanOrEqual(LIMIT);
    expect(exposures.length).toBeGreaterThan(0);
  }, 300_000);
});
