import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_RATE_PER_LOT, BID_RATE_PER_USER } from '@knotwork/shared/constants/bid-limits';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bid, makeLot, makeUser, units } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('per-user bid rate limits', () => {
  it(`answers 429 BID_RATE_LIMITED with Retry-After after ${BID_RATE_PER_LOT.points} bids on one lot in ${BID_RATE_PER_LOT.duration} s; others and other lots are unaffected`, async () => {
    const { lotId } = await makeLot(t);
    const { lotId: otherLot } = await makeLot(t);
    const [eager, calm] = [await makeUser(t), await makeUser(t)];
    for (let i = 0; i < BID_RATE_PER_LOT.points; i += 1) {
      // Generous for real bidding: every one of these is answered by the auction, accepted or refused.
      const answer = await bid(t, lotId, units(200 + i * 100), eager.token);
      expect(answer.statusCode).toBe(201);
    }
    const limited = await bid(t, lotId, units(5_000), eager.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: expect.stringMatching(/too many bids/i),
      code: 'BID_RATE_LIMITED',
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(BID_RATE_PER_LOT.duration);
    // The refused bid never reached the lot.
    const [lot] = await t.database.query<{ bid_count: number }>('select bid_count from lots where id = $1', [
      lotId,
    ]);
    expect(lot!.bid_count).toBe(BID_RATE_PER_LOT.points);

    expect((await bid(t, lotId, units(6_000), calm.token)).statusCode).toBe(201);
    expect((await bid(t, otherLot, units(200), eager.token)).statusCode).toBe(201);
  });

  it(
    `caps one user at ${BID_RATE_PER_USER.points} bids per ${BID_RATE_PER_USER.duration} s over all lots`,
    { timeout: 120_000 },
    async () => {
      const user = await makeUser(t);
      const lots = [];
      const perLot = BID_RATE_PER_LOT.points;
      for (let i = 0; i < Math.ceil(BID_RATE_PER_USER.points / perLot) + 1; i += 1)
        lots.push((await makeLot(t)).lotId);
      let placed = 0;
      for (const lotId of lots) {
        for (let i = 0; i < perLot && placed < BID_RATE_PER_USER.points; i += 1, placed += 1) {
          expect((await bid(t, lotId, units(200 + i * 100), user.token)).statusCode).toBe(201);
        }
      }
      const limited = await bid(t, lots.at(-1)!, units(9_000), user.token);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('BID_RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    },
  );
});
