import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { biddingMessages } from '@knotwork/shared/schemas/bidding';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { clerk, makeLiveSale, onlineBid } from '../live-sales/helpers.ts';
import { bid, buyNow, makeLot, makeRug, makeUser, units } from './helpers.ts';

/**
 * Issue 27: a consignor cannot bid on (or buy) their own lot. Whose lot: the consignor of the rug's open consignment
 * item, when linked to the bidder's account. Timed bids (locked and fast path), buy now, live online bids and the
 * absentee book; allowed again once the item is closed.
 */
let t: TestApp;
let clerkUser: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  clerkUser = await makeUser(t, { role: 'admin' });
});
afterAll(async () => t.close());

/** The consignor linked to `userId` (or one with no account) with an open consignment item for `rugId`; its item id. */
async function consign(rugId: string, userId: string | null): Promise<string> {
  const [c] = await t.database.query<{ id: string }>(
    // One consignor per account: a second consignment of the same account reuses it.
    `insert into consignors (kind, name, user_id) values ('person', 'Leila Haddad', $1)
     on conflict (user_id) do update set updated_at = excluded.updated_at returning id`,
    [userId],
  );
  const [k] = await t.database.query<{ id: string }>(
    `insert into consignments (number, consignor_id) values ($1, $2) returning id`,
    [`C-2026-${crypto.randomInt(10_000, 99_999_999)}`, c!.id],
  );
  const [i] = await t.database.query<{ id: string }>(
    `insert into consignment_items (consignment_id, rug_id, estimate_low, estimate_high, status)
     values ($1, $2, 100000, 200000, 'in_sale') returning id`,
    [k!.id, rugId],
  );
  return i!.id;
}

const closeItem = (itemId: string, status: 'sold' | 'returned' | 'withdrawn') =>
  t.database.query(`update consignment_items set status = $1 where id = $2`, [status, itemId]);

const OWN_LOT = { code: 'OWN_LOT', message: biddingMessages.ownLot };

describe('timed bids', () => {
  it('refuses the consignor (403 OWN_LOT, nothing written), accepts others, and the consignor again once closed', async () => {
    const { lotId, rugId } = await makeLot(t);
    const [owner, other] = [await makeUser(t), await makeUser(t)];
    const itemId = await consign(rugId, owner.id);

    // First batch on the lot in this process: the fast path's guarded write refuses, the locked path answers.
    const refused = await bid(t, rugId, units(500), owner.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(OWN_LOT);
    expect(await t.database.query('select 1 from bids where lot_id = $1', [lotId])).toHaveLength(0);

    // Someone else bids (the lot is now cached for the fast path); the consignor's proxy maximum is refused there too.
    expect((await bid(t, lotId, units(100), other.token)).statusCode).toBe(201);
    const max = await bid(t, lotId, units(5000), owner.token);
    expect(max.statusCode).toBe(403);
    expect(max.json().code).toBe('OWN_LOT');
    const [lot] = await t.database.query<{ leader_id: string; bid_count: number }>(
      'select leader_id, bid_count from lots where id = $1',
      [lotId],
    );
    expect(lot).toMatchObject({ leader_id: other.id, bid_count: 1 });

    // The rug is returned to its consignor (the item is closed): their account bids like anyone's.
    await closeItem(itemId, 'returned');
    expect((await bid(t, lotId, units(5000), owner.token)).statusCode).toBe(201);
  });

  it('a retry with the same Idempotency-Key replays the refusal', async () => {
    const { lotId, rugId } = await makeLot(t);
    const owner = await makeUser(t);
    await consign(rugId, owner.id);
    const first = await bid(t, lotId, units(300), owner.token, 'own-1');
    const again = await bid(t, lotId, units(300), owner.token, 'own-1');
    expect(first.statusCode).toBe(403);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual(first.json());
  });

  it('a consignor with no linked account, or an account that is not the consignor, bids as usual', async () => {
    const { lotId, rugId } = await makeLot(t);
    await consign(rugId, null);
    const a = await makeUser(t);
    expect((await bid(t, lotId, units(200), a.token)).statusCode).toBe(201);
  });

  it('a rug consigned while the lot is cached on the fast path: the next bid of the consignor is refused', async () => {
    const { lotId, rugId } = await makeLot(t);
    const [owner, other] = [await makeUser(t), await makeUser(t)];
    expect((await bid(t, lotId, units(100), other.token)).statusCode).toBe(201);
    expect((await bid(t, lotId, units(200), owner.token)).statusCode).toBe(201);
    await consign(rugId, owner.id);
    expect((await bid(t, lotId, units(900), owner.token)).json().code).toBe('OWN_LOT');
    expect((await bid(t, lotId, units(900), other.token)).statusCode).toBe(201);
  });
});

describe('buy now', () => {
  it('refuses the consignor on the lot and at the fixed price; others buy', async () => {
    const { rugId } = await makeLot(t, { buyNowPrice: units(2000) });
    const owner = await makeUser(t);
    await consign(rugId, owner.id);
    const refused = await buyNow(t, rugId, owner.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(OWN_LOT);
    expect(await t.database.query('select 1 from orders where rug_id = $1', [rugId])).toHaveLength(0);
    expect((await buyNow(t, rugId, (await makeUser(t)).token)).statusCode).toBe(201);

    const fixed = await makeRug(t, { fixedPrice: units(900) });
    const itemId = await consign(fixed, owner.id);
    expect((await buyNow(t, fixed, owner.token)).json().code).toBe('OWN_LOT');
    await closeItem(itemId, 'withdrawn');
    expect((await buyNow(t, fixed, owner.token)).statusCode).toBe(201);
  });
});

describe('live sales', () => {
  it('refuses an online bid from the consignor at the ask, in the bid transaction; the room bids on', async () => {
    const { auctionId, lotIds } = await makeLiveSale(t, { lots: 1 });
    const [{ rug_id: rugId }] = (await t.database.query<{ rug_id: string }>(
      'select rug_id from lots where id = $1',
      [lotIds[0]],
    )) as [{ rug_id: string }];
    const [owner, other] = [await makeUser(t), await makeUser(t)];
    const itemId = await consign(rugId, owner.id);
    const opened = await clerk(t, auctionId, clerkUser.token, { type: 'open', lotId: lotIds[0] });
    expect(opened.statusCode, opened.body).toBe(200);
    const ask = opened.json().data.current.ask as number;

    const refused = await onlineBid(t, auctionId, owner.token, { lotId: lotIds[0]!, ask });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject(OWN_LOT);
    const accepted = await onlineBid(t, auctionId, other.token, { lotId: lotIds[0]!, ask });
    expect(accepted.statusCode, accepted.body).toBe(201);

    await closeItem(itemId, 'sold');
    const ask2 = accepted.json().data.current.ask as number;
    expect((await onlineBid(t, auctionId, owner.token, { lotId: lotIds[0]!, ask: ask2 })).statusCode).toBe(
      201,
    );
  });

  it('absentee: the consignor cannot leave a maximum, and one left before the rug was consigned is not in the book', async () => {
    const { auctionId, lotIds } = await makeLiveSale(t, { lots: 2 });
    const rugOf = async (lotId: string) =>
      (await t.database.query<{ rug_id: string }>('select rug_id from lots where id = $1', [lotId]))[0]!
        .rug_id;
    const [owner, other] = [await makeUser(t), await makeUser(t)];

    await consign(await rugOf(lotIds[0]!), owner.id);
    expect((await bid(t, lotIds[0]!, 150000, owner.token)).json().code).toBe('OWN_LOT');

    // Left before the rug came into a consignment, then the rug is consigned: the clerk's book leaves it out.
    expect((await bid(t, lotIds[1]!, 180000, owner.token)).statusCode).toBe(201);
    expect((await bid(t, lotIds[1]!, 120000, other.token)).statusCode).toBe(201);
    await consign(await rugOf(lotIds[1]!), owner.id);
    const staffView = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/live/${auctionId}`,
      headers: { authorization: `Bearer ${clerkUser.token}` },
    });
    expect(staffView.json().data.upcomingAbsentee[lotIds[1]!]).toEqual([
      expect.objectContaining({ max: 120000 }),
    ]);
    const opened = await clerk(t, auctionId, clerkUser.token, { type: 'open', lotId: lotIds[1] });
    expect(opened.statusCode, opened.body).toBe(200);
    const current = opened.json().data.current;
    expect(current.bids).toHaveLength(1);
    expect(current.leading).toMatchObject({ source: 'absentee', amount: 100000 });
  });
});
