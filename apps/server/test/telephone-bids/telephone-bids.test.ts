import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { telephoneMessages } from '@knotwork/shared/schemas/telephone-bids';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { clerk, makeLiveSale, onlineBid, roomView } from '../live-sales/helpers.ts';
import { makeUser } from '../bidding/helpers.ts';

/**
 * Issue 29 §1 (decision 097): telephone bids in live sales. A registered, approved bidder books lines on lots
 * estimated at the house's minimum or more while lines remain; staff assign each booking to an operator; the operator
 * marks the lot ready and bids for their bidder through the live bid path (registration and limit checked, audited);
 * the clerk cannot open a lot whose lines are not ready unless they override, which is audited.
 */
let t: TestApp;
let admin: { id: string; token: string };
let specialist: { id: string; token: string };
let accounts: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = await makeUser(t, { role: 'admin' });
  specialist = await makeUser(t, { role: 'specialist' });
  accounts = await makeUser(t, { role: 'accounts' });
});
afterAll(async () => t.close());

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? auth(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

let paddleSeq = 100;
async function registerApproved(auctionId: string, user: { id: string }, status = 'approved') {
  paddleSeq += 1;
  await t.database.query(
    `insert into sale_registrations (auction_id, user_id, paddle, status, phone, terms_accepted_at)
     values ($1, $2, $3, $4, '+442079460958', now())`,
    [auctionId, user.id, paddleSeq, status],
  );
  return paddleSeq;
}

/** A live sale requiring registration; lot 3 is estimated below the house's minimum (1,000). */
async function phoneSale() {
  const sale = await makeLiveSale(t, { lots: 3 });
  await t.database.query(`update auctions set registration_required = true where id = $1`, [sale.auctionId]);
  await t.database.query(`update lots set estimate_low = 50000, estimate_high = 80000 where id = $1`, [
    sale.lotIds[2],
  ]);
  return sale;
}

const book = (auctionId: string, token: string, lotIds: string[], phone = '+44 20 7946 0958') =>
  call('POST', `/rug/upcoming/${auctionId}/telephone`, token, { lotIds, phone });

async function bookingIdOf(auctionId: string, lotId: string, userId: string) {
  const [row] = await t.database.query<{ id: string }>(
    `select id from telephone_bookings where auction_id = $1 and lot_id = $2 and user_id = $3 and cancelled_at is null`,
    [auctionId, lotId, userId],
  );
  return row!.id;
}

const assign = (auctionId: string, bookingId: string, operatorId: string | null, token = admin.token) =>
  call('PUT', `/admin/auctions/${auctionId}/telephone/${bookingId}/operator`, token, { operatorId });
const ready = (auctionId: string, lotId: string, token: string, isReady = true) =>
  call('POST', `/admin/telephone/${auctionId}/ready`, token, { lotId, ready: isReady });
const phoneBid = (auctionId: string, token: string, body: Record<string, unknown>) =>
  call('POST', `/admin/telephone/${auctionId}/bids`, token, body);

describe('booking a line', () => {
  it('books for a registered bidder, refuses the unregistered, lots below the minimum and full lots; cancels', async () => {
    const { auctionId, lotIds } = await phoneSale();
    const stranger = await makeUser(t);
    const refused = await book(auctionId, stranger.token, [lotIds[0]!]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'NOT_REGISTERED',
      message: telephoneMessages.notRegistered,
    });

    const pending = await makeUser(t);
    await registerApproved(auctionId, pending, 'pending');
    expect((await book(auctionId, pending.token, [lotIds[0]!])).json().code).toBe('REGISTRATION_PENDING');

    const bidder = await makeUser(t);
    await registerApproved(auctionId, bidder);
    const below = await book(auctionId, bidder.token, [lotIds[0]!, lotIds[2]!]);
    expect(below.statusCode).toBe(409);
    expect(below.json()).toMatchObject({
      code: 'BELOW_PHONE_MINIMUM',
      message: telephoneMessages.belowMinimum,
    });
    // All or none: the first lot was not booked either.
    expect(
      (await t.database.query(`select 1 from telephone_bookings where user_id = $1`, [bidder.id])).length,
    ).toBe(0);

    const ok = await book(auctionId, bidder.token, [lotIds[0]!, lotIds[1]!]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().message).toBe(telephoneMessages.booked);
    const standing = ok.json().data;
    expect(standing).toMatchObject({
      registration: 'approved',
      phone: '+442079460958',
      minimumEstimate: 100000,
    });
    expect(standing.lots.map((l: { availability: string }) => l.availability)).toEqual([
      'open',
      'open',
      'below',
    ]);
    expect(standing.lots[0].bookingId).toBeTruthy();
    expect(standing.lots[0].linesLeft).toBe(2);
    const [row] = await t.database.query<{ phone: string }>(
      `select phone from telephone_bookings where user_id = $1 limit 1`,
      [bidder.id],
    );
    expect(row!.phone).toBe('+442079460958');
    // Booking again books nothing twice.
    expect((await book(auctionId, bidder.token, [lotIds[0]!])).statusCode).toBe(201);
    expect(
      (await t.database.query(`select 1 from telephone_bookings where user_id = $1`, [bidder.id])).length,
    ).toBe(2);

    // Lines are limited per lot (3 by default): two more bidders fill lot 1, a fourth is refused.
    for (let i = 0; i < 2; i += 1) {
      const other = await makeUser(t);
      await registerApproved(auctionId, other);
      expect((await book(auctionId, other.token, [lotIds[0]!])).statusCode).toBe(201);
    }
    const late = await makeUser(t);
    await registerApproved(auctionId, late);
    const full = await book(auctionId, late.token, [lotIds[0]!]);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe('PHONE_LINES_FULL');
    const seen = (await call('GET', `/rug/upcoming/${auctionId}/telephone`, late.token)).json().data;
    expect(seen.lots[0]).toMatchObject({ availability: 'full', linesLeft: 0, bookingId: null });

    // Cancelling frees the line; only the bidder's own booking; not once the lot is offered.
    const mine = await bookingIdOf(auctionId, lotIds[0]!, bidder.id);
    expect(
      (await call('DELETE', `/rug/upcoming/${auctionId}/telephone/${mine}`, late.token)).statusCode,
    ).toBe(404);
    const cancelled = await call('DELETE', `/rug/upcoming/${auctionId}/telephone/${mine}`, bidder.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.lots[0].bookingId).toBeNull();
    expect((await book(auctionId, late.token, [lotIds[0]!])).statusCode).toBe(201);
    const second = await bookingIdOf(auctionId, lotIds[1]!, bidder.id);
    await assign(auctionId, second, specialist.id);
    await clerk(t, auctionId, admin.token, { type: 'open', lotId: lotIds[1]!, override: true });
    const tooLate = await call('DELETE', `/rug/upcoming/${auctionId}/telephone/${second}`, bidder.token);
    expect(tooLate.statusCode).toBe(409);
    expect((await book(auctionId, late.token, [lotIds[1]!])).json().code).toBe('LOT_STARTED');
  });

  it('answers bad input with 400 and a field error, never a 500', async () => {
    const { auctionId, lotIds } = await phoneSale();
    const bidder = await makeUser(t);
    await registerApproved(auctionId, bidder);
    const empty = await book(auctionId, bidder.token, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors?.lotIds).toBe(telephoneMessages.lotsRequired);
    expect((await book(auctionId, bidder.token, ['nope'])).statusCode).toBe(400);
    expect((await book(auctionId, bidder.token, [lotIds[0]!], '12')).statusCode).toBe(400);
    const foreign = await makeLiveSale(t, { lots: 1 });
    const other = await book(auctionId, bidder.token, [foreign.lotIds[0]!]);
    expect(other.statusCode).toBe(400);
    expect((await book(auctionId, bidder.token, [crypto.randomUUID()])).statusCode).toBe(400);
    expect(
      (
        await call('POST', `/rug/upcoming/no-such-sale/telephone`, bidder.token, {
          lotIds: [lotIds[0]],
          phone: '+442079460958',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/rug/upcoming/${auctionId}/telephone/nope`, bidder.token)).statusCode).toBe(
      400,
    );
    expect((await book(auctionId, '', [lotIds[0]!])).statusCode).toBe(401);
    const assignBad = await call(
      'PUT',
      `/admin/auctions/${auctionId}/telephone/${crypto.randomUUID()}/operator`,
      admin.token,
      { operatorId: 'x' },
    );
    expect(assignBad.statusCode).toBe(400);
    const bidBad = await phoneBid(auctionId, specialist.token, { bookingId: 'x', lotId: lotIds[0], ask: -1 });
    expect(bidBad.statusCode).toBe(400);
    expect((await ready(auctionId, 'nope', specialist.token)).statusCode).toBe(400);
  });
});

describe('staff and operators', () => {
  async function bookedSale() {
    const sale = await phoneSale();
    const bidder = await makeUser(t);
    const paddle = await registerApproved(sale.auctionId, bidder);
    expect((await book(sale.auctionId, bidder.token, [sale.lotIds[0]!])).statusCode).toBe(201);
    const bookingId = await bookingIdOf(sale.auctionId, sale.lotIds[0]!, bidder.id);
    return { ...sale, bidder, paddle, bookingId };
  }

  it('staff assign an operator (audited); the clerk waits for ready lines or overrides (audited)', async () => {
    const { auctionId, lotIds, bookingId, bidder, paddle } = await bookedSale();
    const list = await call('GET', `/admin/auctions/${auctionId}/telephone`, specialist.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.lots[0].bookings[0]).toMatchObject({
      id: bookingId,
      bidderId: bidder.id,
      paddle,
      phone: '+442079460958',
      language: 'en',
      operatorId: null,
      ready: false,
    });
    expect(list.json().data.operators.map((o: { id: string }) => o.id)).toEqual(
      expect.arrayContaining([admin.id, specialist.id, accounts.id]),
    );
    // A collector is not an operator; accounts may operate but not assign (the clerk's side).
    const collector = await makeUser(t);
    expect((await assign(auctionId, bookingId, collector.id)).statusCode).toBe(400);
    expect((await assign(auctionId, bookingId, accounts.id, accounts.token)).statusCode).toBe(403);
    const assigned = await assign(auctionId, bookingId, accounts.id);
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data.lots[0].bookings[0]).toMatchObject({ operatorId: accounts.id, ready: false });
    const [audit] = await t.database.query<{
      staff_id: string;
      user_id: string;
      details: { operatorId: string };
    }>(
      `select staff_id, user_id, details from staff_actions where action = 'assign_phone_operator' and lot_id = $1`,
      [lotIds[0]],
    );
    expect(audit).toMatchObject({
      staff_id: admin.id,
      user_id: bidder.id,
      details: { operatorId: accounts.id },
    });

    // The clerk sees the line, not ready, and cannot open the lot.
    const staffView = (await call('GET', `/admin/live/${auctionId}`, specialist.token)).json().data;
    expect(staffView.phoneLines[lotIds[0]!]).toEqual({ lines: 1, ready: 0, unassigned: 0 });
    const refused = await clerk(t, auctionId, specialist.token, { type: 'open', lotId: lotIds[0] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('OPERATORS_NOT_READY');

    // Another operator cannot mark this line ready; its own operator can.
    expect((await ready(auctionId, lotIds[0]!, specialist.token)).statusCode).toBe(404);
    const marked = await ready(auctionId, lotIds[0]!, accounts.token);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data.lots[0].bookings[0].ready).toBe(true);
    expect(
      (await call('GET', `/admin/live/${auctionId}`, specialist.token)).json().data.phoneLines[lotIds[0]!],
    ).toEqual({
      lines: 1,
      ready: 1,
      unassigned: 0,
    });
    expect((await clerk(t, auctionId, specialist.token, { type: 'open', lotId: lotIds[0] })).statusCode).toBe(
      200,
    );
    expect(
      (
        await t.database.query(
          `select 1 from staff_actions where action = 'open_lot_override' and auction_id = $1`,
          [auctionId],
        )
      ).length,
    ).toBe(0);

    // A second lot with an unassigned line: only an override opens it, and it is audited.
    await clerk(t, auctionId, specialist.token, { type: 'pass' });
    const other = await makeUser(t);
    await registerApproved(auctionId, other);
    expect((await book(auctionId, other.token, [lotIds[1]!])).statusCode).toBe(201);
    expect(
      (await clerk(t, auctionId, specialist.token, { type: 'open', lotId: lotIds[1] })).json().code,
    ).toBe('OPERATORS_NOT_READY');
    const forced = await clerk(t, auctionId, specialist.token, {
      type: 'open',
      lotId: lotIds[1],
      override: true,
    });
    expect(forced.statusCode).toBe(200);
    const [override] = await t.database.query<{ staff_id: string; details: Record<string, number> }>(
      `select staff_id, details from staff_actions where action = 'open_lot_override' and lot_id = $1`,
      [lotIds[1]],
    );
    expect(override).toMatchObject({
      staff_id: specialist.id,
      details: { lines: 1, ready: 0, unassigned: 1 },
    });
  });

  it('the operator bids for their bidder as a telephone bid, audited; the room sees it; the phone bidder wins', async () => {
    const { auctionId, lotIds, bookingId, bidder, paddle } = await bookedSale();
    await assign(auctionId, bookingId, specialist.id);
    await ready(auctionId, lotIds[0]!, specialist.token);
    await clerk(t, auctionId, admin.token, { type: 'open', lotId: lotIds[0] });
    const online = await makeUser(t);
    await registerApproved(auctionId, online);
    expect((await onlineBid(t, auctionId, online.token, { lotId: lotIds[0]!, ask: 100000 })).statusCode).toBe(
      201,
    );

    // Not the operator's bidder: another operator (or a collector) cannot bid for them.
    expect(
      (await phoneBid(auctionId, accounts.token, { bookingId, lotId: lotIds[0], ask: 110000 })).json().code,
    ).toBe('NOT_YOUR_BIDDER');
    const collector = await makeUser(t);
    expect(
      (await phoneBid(auctionId, collector.token, { bookingId, lotId: lotIds[0], ask: 110000 })).statusCode,
    ).toBe(403);
    // The ask the operator saw must still be the ask.
    expect(
      (await phoneBid(auctionId, specialist.token, { bookingId, lotId: lotIds[0], ask: 100000 })).json().code,
    ).toBe('ASK_CHANGED');

    const placed = await phoneBid(auctionId, specialist.token, { bookingId, lotId: lotIds[0], ask: 110000 });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data.current.leading).toMatchObject({ amount: 110000, source: 'telephone' });
    const room = (await roomView(t, auctionId, online.token)).json().data;
    expect(room.current.bids.map((b: { source: string }) => b.source)).toEqual(['online', 'telephone']);
    const [audit] = await t.database.query<{
      staff_id: string;
      user_id: string;
      details: Record<string, unknown>;
    }>(`select staff_id, user_id, details from staff_actions where action = 'phone_bid' and lot_id = $1`, [
      lotIds[0],
    ]);
    expect(audit).toMatchObject({
      staff_id: specialist.id,
      user_id: bidder.id,
      details: { amount: 110000, paddle, bookingId },
    });
    const [event] = await t.database.query<{ actor_id: string }>(
      `select actor_id from live_events where auction_id = $1 and type = 'phoneBid'`,
      [auctionId],
    );
    expect(event!.actor_id).toBe(specialist.id);

    const sold = await clerk(t, auctionId, admin.token, { type: 'sold', bidCount: 2 });
    expect(sold.statusCode).toBe(200);
    expect(sold.json().data.current.hammer).toMatchObject({ source: 'telephone', amount: 110000 });
    const [lot] = await t.database.query<{ winner_id: string; outcome: string }>(
      `select winner_id, outcome from lots where id = $1`,
      [lotIds[0]],
    );
    expect(lot).toMatchObject({ outcome: 'sold', winner_id: bidder.id });
    const [order] = await t.database.query<{ user_id: string }>(
      `select user_id from orders where lot_id = $1`,
      [lotIds[0]],
    );
    expect(order!.user_id).toBe(bidder.id);
  });

  it("respects the bidder's limit and registration", async () => {
    const { auctionId, lotIds, bookingId, bidder } = await bookedSale();
    await assign(auctionId, bookingId, specialist.id);
    await ready(auctionId, lotIds[0]!, specialist.token);
    await clerk(t, auctionId, admin.token, { type: 'open', lotId: lotIds[0] });
    await t.database.query(`insert into bidder_limits (user_id, limit_cents) values ($1, 50000)`, [
      bidder.id,
    ]);
    const over = await phoneBid(auctionId, specialist.token, { bookingId, lotId: lotIds[0], ask: 100000 });
    expect(over.statusCode).toBe(403);
    expect(over.json().code).toBe('OVER_LIMIT');
    await t.database.query(`delete from bidder_limits where user_id = $1`, [bidder.id]);
    await t.database.query(`update sale_registrations set status = 'rejected' where user_id = $1`, [
      bidder.id,
    ]);
    const rejected = await phoneBid(auctionId, specialist.token, {
      bookingId,
      lotId: lotIds[0],
      ask: 100000,
    });
    expect(rejected.statusCode).toBe(403);
    expect(rejected.json().code).toBe('REGISTRATION_REJECTED');
    expect(
      (
        await t.database.query(`select 1 from staff_actions where action = 'phone_bid' and lot_id = $1`, [
          lotIds[0],
        ])
      ).length,
    ).toBe(0);
  });
});
