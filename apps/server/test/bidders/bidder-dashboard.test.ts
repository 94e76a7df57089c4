import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBidderMessages } from '@knotwork/shared/schemas/bidders-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createRug } from '../jobs/fixtures.ts';
import { makeUser } from '../bidding/helpers.ts';

/** A bidder's staff page (bids, wins, orders, notes) and the live dashboard figures (issue 11). */
describe('staff API: bidder detail and dashboard', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let bidder: { id: string; token: string };
  let lotId: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    for (const role of ['specialist', 'accounts', 'admin']) {
      const u = await makeUser(t);
      await t.database.query('update users set role = $1 where id = $2', [role, u.id]);
      tokens[role] = u.token;
    }
    bidder = await makeUser(t);
    // An open lot (started a minute ago, ends in ten) with one bid of the bidder, placed now.
    const [sale] = await t.database.query<{ id: string }>(
      `insert into auctions (slug, title, status, starts_at, ends_at)
       values ($1, 'Open Sale', 'open', now() - interval '1 minute', now() + interval '10 minutes') returning id`,
      [`open-${crypto.randomBytes(4).toString('hex')}`],
    );
    const rugId = await createRug(t.database, 'Antique Bakhtiari');
    const [lot] = await t.database.query<{ id: string }>(
      `insert into lots (auction_id, rug_id, lot_number, opening_bid, estimate_low, estimate_high, status, starts_at,
         ends_at, current_bid, leader_id, leader_max, bid_count)
       values ($1, $2, 1, 10000, 20000, 30000, 'open', now() - interval '1 minute', now() + interval '10 minutes',
         10000, $3, 15000, 1) returning id`,
      [sale!.id, rugId, bidder.id],
    );
    lotId = lot!.id;
    await t.database.query(
      `insert into bids (id, lot_id, bidder_id, max_amount, event_seq) values ($1, $2, $3, 15000, 1)`,
      [crypto.randomUUID(), lotId, bidder.id],
    );
    await t.database.query(`insert into chat_conversations (user_id, waiting_since) values ($1, now())`, [
      bidder.id,
    ]);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: { authorization: `Bearer ${token}` },
    });

  it("shows a bidder's bids with the lot they lead, and their counts", async () => {
    const res = await call('GET', `/admin/users/${bidder.id}`, tokens.accounts!);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.counts).toEqual({ bids: 1, lotsBidOn: 1, wins: 0, orders: 0 });
    expect(data.bids).toHaveLength(1);
    expect(data.bids[0]).toMatchObject({
      lotId,
      rugTitle: 'Antique Bakhtiari',
      maxAmount: 15000,
      leading: true,
    });
    expect(data.orders).toEqual([]);
    expect(data.notes).toEqual([]);
  });

  it('adds a staff note (audited) for accounts, refuses a blank one and a specialist', async () => {
    const blank = await call('POST', `/admin/users/${bidder.id}/notes`, tokens.accounts!, { body: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toHaveProperty('body');
    expect(
      (await call('POST', `/admin/users/${bidder.id}/notes`, tokens.specialist!, { body: 'Hello' }))
        .statusCode,
    ).toBe(403);
    const added = await call('POST', `/admin/users/${bidder.id}/notes`, tokens.accounts!, {
      body: 'Pays by bank transfer; call before shipping.',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().message).toBe(adminBidderMessages.noteAdded);
    const detail = (await call('GET', `/admin/users/${bidder.id}`, tokens.specialist!)).json().data;
    expect(detail.notes.map((n: { body: string }) => n.body)).toEqual([
      'Pays by bank transfer; call before shipping.',
    ]);
    const [audit] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from staff_actions where user_id = $1 and action = 'add_bidder_note'`,
      [bidder.id],
    );
    expect(audit!.n).toBe(1);
    expect((await call('GET', `/admin/users/${crypto.randomUUID()}`, tokens.accounts!)).statusCode).toBe(404);
  });

  it('counts open lots, bids in the last hour and waiting messages for each role that reads them', async () => {
    const admin = (await call('GET', '/admin/dashboard', tokens.admin!)).json().data;
    expect(admin.openLots).toBeGreaterThanOrEqual(1);
    expect(admin.bidsLastHour).toBeGreaterThanOrEqual(1);
    expect(admin.unansweredMessages).toBeGreaterThanOrEqual(1);
    expect(admin.awaitingPayment).toBeTypeOf('number');
    expect(admin.closingNext[0]).toMatchObject({ lotId, rugTitle: 'Antique Bakhtiari', currentBid: 10000 });

    const specialist = (await call('GET', '/admin/dashboard', tokens.specialist!)).json().data;
    // Specialists answer the live chat (issue 24, decision 076), so they see the waiting messages too.
    expect(specialist.unansweredMessages).toBe(admin.unansweredMessages);
    expect(specialist.awaitingPayment).toBeTypeOf('number'); // a specialist reads orders (035)
    expect(specialist.openLots).toBe(admin.openLots);
  });
});
