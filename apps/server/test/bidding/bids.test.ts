import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bid, get, makeLot, makeUser, units } from './helpers.ts';
import { syncListingPrices } from '../../src/jobs/listing-prices-repository.ts';
import { bidResponseSchema } from '@knotwork/shared/schemas/bidding';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /rug/add-offer/{id}: worked examples of AUCTION-RULES.md through the API', () => {
  it('A 500 leads at 100; B 300 -> A at 320; B 600 -> B at 550', async () => {
    const { lotId, rugId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    let res = await bid(t, rugId, units(500), a.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.lot).toMatchObject({
      id: lotId,
      currentBid: units(100),
      leading: true,
      myMaxBid: units(500),
      bidCount: 1,
    });
    res = await bid(t, lotId, units(300), b.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.lot).toMatchObject({
      currentBid: units(320),
      leading: false,
      myMaxBid: units(300),
      nextMinimumBid: units(340),
    });
    res = await bid(t, rugId, units(600), b.token);
    expect(res.json().data.lot).toMatchObject({
      currentBid: units(550),
      leading: true,
      myMaxBid: units(600),
      bidCount: 3,
    });
  });

  it('a tie goes to the earlier bid', async () => {
    const { lotId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    await bid(t, lotId, units(500), a.token);
    const res = await bid(t, lotId, units(500), b.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.lot).toMatchObject({ currentBid: units(500), leading: false });
  });

  it('reserve 1,000: 1,200 takes the price to the reserve; 800 leaves it unmet until raised to 1,000', async () => {
    const first = await makeLot(t, { reserve: units(1000) });
    const a = await makeUser(t);
    let res = await bid(t, first.lotId, units(1200), a.token);
    expect(res.json().data.lot).toMatchObject({ currentBid: units(1000), reserveMet: true });
    const second = await makeLot(t, { reserve: units(1000) });
    res = await bid(t, second.lotId, units(800), a.token);
    expect(res.json().data.lot).toMatchObject({ currentBid: units(100), reserveMet: false });
    res = await bid(t, second.lotId, units(1000), a.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Your maximum bid has been raised.');
    expect(res.json().data.lot).toMatchObject({
      currentBid: units(1000),
      reserveMet: true,
      myMaxBid: units(1000),
    });
  });

  it('stores each accepted bid once and keeps lot columns, engine state and events in step', async () => {
    const { lotId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    await bid(t, lotId, units(500), a.token);
    await bid(t, lotId, units(300), b.token);
    const [lot] = await t.database.query<{
      current_bid: string;
      leader_id: string;
      leader_max: string;
      seq: string;
      bid_count: number;
      engine_state: { nextSeq: number };
    }>('select current_bid, leader_id, leader_max, seq, bid_count, engine_state from lots where id = $1', [
      lotId,
    ]);
    expect(Number(lot!.current_bid)).toBe(units(320));
    expect(lot!.leader_id).toBe(a.id);
    expect(Number(lot!.leader_max)).toBe(units(500));
    expect(lot!.bid_count).toBe(2);
    expect(lot!.engine_state.nextSeq).toBe(3);
    const events = await t.database.query<{ seq: string; type: string }>(
      'select seq, type from lot_events where lot_id = $1 order by seq',
      [lotId],
    );
    expect(events.map((e) => e.type)).toEqual(['bid_placed', 'bid_placed', 'bid_placed']);
    expect(Number(lot!.seq)).toBe(events.length);
    const [{ n }] = (await t.database.query<{ n: string }>(
      'select count(*) as n from bids where lot_id = $1',
      [lotId],
    )) as [{ n: string }];
    expect(Number(n)).toBe(2);
    // The rug's listing price follows through the price sync (migration 0160), not on the bid path.
    await syncListingPrices(t.app.ctx.db);
    const [rug] = await t.database.query<{ lot_price: string }>(
      'select r.lot_price from rugs r join lots l on l.rug_id = r.id where l.id = $1',
      [lotId],
    );
    expect(Number(rug!.lot_price)).toBe(units(320));
  });
});

describe("the accepted answer is sent without the response schema's parse (decision 100)", () => {
  it('has the bytes the schema would give: same keys, same order, nothing stripped', async () => {
    const { lotId, rugId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    for (const [target, amount, who] of [
      [rugId, 500, a],
      [lotId, 300, b],
      [lotId, 900, b],
      [lotId, 1000, b],
    ] as const) {
      const res = await bid(t, target, units(amount), who.token);
      expect(res.statusCode).toBe(201);
      expect(res.body).toBe(JSON.stringify(bidResponseSchema.parse(res.json())));
    }
  });
});

describe('refusals: 4xx { message, code }, never a 500', () => {
  it('BID_TOO_LOW carries nextMinimum', async () => {
    const { lotId } = await makeLot(t);
    const a = await makeUser(t);
    const res = await bid(t, lotId, units(50), a.token);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'BID_TOO_LOW', nextMinimum: units(100) });
  });

  it('BID_NOT_WHOLE_UNIT, BID_TOO_HIGH and NOT_ABOVE_YOUR_MAX', async () => {
    const { lotId } = await makeLot(t);
    const a = await makeUser(t);
    expect((await bid(t, lotId, units(200) + 50, a.token)).json().code).toBe('BID_NOT_WHOLE_UNIT');
    const high = await bid(t, lotId, 1_000_000_100, a.token);
    expect(high.statusCode).toBe(422);
    expect(high.json().code).toBe('BID_TOO_HIGH');
    await bid(t, lotId, units(500), a.token);
    const same = await bid(t, lotId, units(500), a.token);
    expect(same.statusCode).toBe(422);
    expect(same.json().code).toBe('NOT_ABOVE_YOUR_MAX');
  });

  it('LOT_NOT_OPEN before the start, LOT_CLOSED after the end', async () => {
    const a = await makeUser(t);
    const upcoming = await makeLot(t, { startsIn: 3600, endsIn: 7200 });
    let res = await bid(t, upcoming.lotId, units(100), a.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LOT_NOT_OPEN');
    const ended = await makeLot(t, { startsIn: -7200, endsIn: -1 });
    res = await bid(t, ended.rugId, units(100), a.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LOT_CLOSED');
  });

  it('a scheduled lot that is due opens with the first bid', async () => {
    const a = await makeUser(t);
    const { lotId } = await makeLot(t, { startsIn: -5, endsIn: 3600, status: 'scheduled' });
    const res = await bid(t, lotId, units(100), a.token);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.lot.status).toBe('open');
    const types = await t.database.query<{ type: string }>(
      'select type from lot_events where lot_id = $1 order by seq',
      [lotId],
    );
    expect(types.map((r) => r.type)).toEqual(['lot_opened', 'bid_placed']);
  });

  it('BIDDING_BLOCKED for a blocked bidder, STAFF_CANNOT_BID for staff', async () => {
    const { lotId } = await makeLot(t);
    const blocked = await makeUser(t, { blocked: true });
    let res = await bid(t, lotId, units(100), blocked.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('BIDDING_BLOCKED');
    const staff = await makeUser(t, { role: 'admin' });
    res = await bid(t, lotId, units(100), staff.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('STAFF_CANNOT_BID');
  });

  it('bad input: 400 for a missing/negative/fractional amount, 401 without a token, 404 for an unknown id', async () => {
    const { lotId } = await makeLot(t);
    const a = await makeUser(t);
    for (const payload of [{}, { amount: -100 }, { amount: 10.5 }, { amount: '100' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/rug/add-offer/${lotId}`,
        payload,
        headers: { authorization: `Bearer ${a.token}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/rug/add-offer/${lotId}`,
          payload: { amount: 10000 },
        })
      ).statusCode,
    ).toBe(401);
    expect((await bid(t, '00000000-0000-4000-8000-000000000000', units(100), a.token)).statusCode).toBe(404);
    expect((await bid(t, 'not-a-uuid', units(100), a.token)).statusCode).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  it('the same key twice answers the first result and stores one bid; another body with it is 422', async () => {
    const { lotId } = await makeLot(t);
    const a = await makeUser(t);
    const first = await bid(t, lotId, units(500), a.token, 'key-1');
    const again = await bid(t, lotId, units(500), a.token, 'key-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const [{ n }] = (await t.database.query<{ n: string }>(
      'select count(*) as n from bids where lot_id = $1',
      [lotId],
    )) as [{ n: string }];
    expect(Number(n)).toBe(1);
    const other = await bid(t, lotId, units(600), a.token, 'key-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('a refused first attempt is replayed as refused; keys are per user', async () => {
    const { lotId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    const low = await bid(t, lotId, units(50), a.token, 'k');
    const retry = await bid(t, lotId, units(50), a.token, 'k');
    expect(retry.statusCode).toBe(422);
    expect(retry.json()).toEqual(low.json());
    const theirs = await bid(t, lotId, units(100), b.token, 'k');
    expect(theirs.statusCode).toBe(201);
  });

  it('concurrent retries with one key place one bid', async () => {
    const { lotId } = await makeLot(t);
    const a = await makeUser(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => bid(t, lotId, units(700), a.token, 'burst')),
    );
    expect(new Set(answers.map((r) => r.statusCode))).toEqual(new Set([201]));
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    const [{ n }] = (await t.database.query<{ n: string }>(
      'select count(*) as n from bids where lot_id = $1',
      [lotId],
    )) as [{ n: string }];
    expect(Number(n)).toBe(1);
  });
});

describe('history, caller fields and privacy', () => {
  it('pseudonyms stable per lot, own lines as You, no maxima anywhere', async () => {
    const { lotId, rugId } = await makeLot(t);
    const [a, b, c] = [await makeUser(t), await makeUser(t), await makeUser(t)];
    await bid(t, lotId, units(5000), a.token); // secret maximum 5,000
    await bid(t, lotId, units(300), b.token);
    await bid(t, lotId, units(400), c.token);
    const anon = await get(t, `/rug/${rugId}/bids`);
    expect(anon.statusCode).toBe(200);
    const lines = anon.json().data as {
      bidder: string;
      amount: number;
      automatic: boolean;
      mine: boolean;
      seq: number;
    }[];
    expect(lines.map((l) => [l.bidder, l.amount / 100, l.automatic])).toEqual([
      ['Bidder 1', 100, false],
      ['Bidder 2', 300, false],
      ['Bidder 1', 320, true],
      ['Bidder 3', 400, false],
      ['Bidder 1', 420, true],
    ]);
    expect(lines.every((l) => !l.mine)).toBe(true);
    // The pseudonym's number travels too, for clients to word "Bidder 3" in their language (issue 24).
    expect(anon.json().data.map((l: { bidderNumber: number }) => l.bidderNumber)).toEqual([1, 2, 1, 3, 1]);
    expect(anon.body).not.toContain(String(units(5000)));
    expect(anon.body).not.toContain(a.id);

    const mine = (await get(t, `/rug/${lotId}/bids`, b.token)).json().data as {
      bidder: string;
      mine: boolean;
    }[];
    expect(mine[1]).toMatchObject({ bidder: 'You', bidderNumber: 2, mine: true });
    expect(mine.filter((l) => l.mine)).toHaveLength(1);

    // B's lot payload shows B's own maximum, never A's.
    const detail = await get(t, `/rug/${rugId}`, b.token);
    expect(detail.json().data.lot).toMatchObject({
      leading: false,
      myMaxBid: units(300),
      liked: false,
      currentBid: units(420),
    });
    expect(detail.body).not.toContain(String(units(5000)));
    const leader = await get(t, `/rug/${rugId}`, a.token);
    expect(leader.json().data.lot).toMatchObject({ leading: true, myMaxBid: units(5000) });
    const anonymous = await get(t, `/rug/${rugId}`);
    expect(anonymous.json().data.lot).not.toHaveProperty('myMaxBid');
    expect(anonymous.body).not.toContain(String(units(5000)));
  });

  it('caller fields on /rug/lot/list and /rug/upcoming/{id}', async () => {
    const { lotId, auctionId, rugId } = await makeLot(t);
    const a = await makeUser(t);
    await bid(t, lotId, units(250), a.token);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/rug/auction/${rugId}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    const list = await get(t, `/rug/lot/list?auction=${auctionId}`, a.token);
    expect(list.json().data[0]).toMatchObject({
      id: lotId,
      leading: true,
      myMaxBid: units(250),
      liked: true,
    });
    const sale = await get(t, `/rug/upcoming/${auctionId}`, a.token);
    expect(sale.json().data.lots[0]).toMatchObject({
      id: lotId,
      leading: true,
      myMaxBid: units(250),
      liked: true,
    });
    const anon = await get(t, `/rug/lot/list?auction=${auctionId}`);
    expect(anon.json().data[0]).not.toHaveProperty('leading');
  });

  it('publishes lot.updated, pseudonymous lot.bid and private lot.position after commit', async () => {
    const { lotId } = await makeLot(t);
    const [a, b] = [await makeUser(t), await makeUser(t)];
    await bid(t, lotId, units(500), a.token);
    const seen: { event: string; channel: string; data: Record<string, unknown> }[] = [];
    const off = t.app.ctx.bus.onEvent((e) => void seen.push(e));
    await bid(t, lotId, units(600), b.token);
    off();
    expect(seen.filter((e) => e.event === 'lot.updated')).toHaveLength(1);
    const bidEvent = seen.find((e) => e.event === 'lot.bid')!;
    expect(bidEvent.channel).toBe(`lot:${lotId}`);
    expect(JSON.stringify(bidEvent.data)).not.toContain(b.id);
    expect(seen).toContainEqual(
      expect.objectContaining({
        event: 'lot.position',
        channel: `user:${a.id}`,
        data: { lotId, leading: false, myMaxBid: units(500) },
      }),
    );
    expect(seen).toContainEqual(
      expect.objectContaining({
        event: 'lot.position',
        channel: `user:${b.id}`,
        data: { lotId, leading: true, myMaxBid: units(600) },
      }),
    );
    const updated = seen.find((e) => e.event === 'lot.updated')!;
    expect(updated.data.lot).not.toHaveProperty('myMaxBid');
  });
});
