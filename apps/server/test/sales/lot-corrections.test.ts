import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@knotwork/shared/schemas/sales-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { post, signUp } from '../auth/helpers.ts';
import { notificationsOf, openLotFixture } from '../jobs/fixtures.ts';
import { send, staffAccount } from '../helpers/staff.ts';
import { lotChannel, type ServerEvent } from '@knotwork/shared/realtime/events';
import { createLotReplay } from '../../src/realtime/lot-replay.ts';

describe('staff API: withdraw, void, block, bid history', () => {
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof staffAccount>>;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    staff = await staffAccount(t);
  });
  afterAll(() => t.close());

  const bid = async (lotId: string, token: string, amount: number) => {
    const res = await post(t, `/rug/add-offer/${lotId}`, { amount }, token);
    expect(res.statusCode, JSON.stringify(res.json())).toBe(201);
  };

  it('voids a bid: the lot is recomputed from the remaining bids, stored, recorded and the bidder told', async () => {
    const alice = await signUp(t, { first_name: 'Alice', last_name: 'Aubusson' });
    const bob = await signUp(t, { first_name: 'Bob', last_name: 'Bakhtiari' });
    const carol = await signUp(t, { first_name: 'Carol', last_name: 'Chobi' });
    const { lotId } = await openLotFixture(t.database, { openingBid: 10_000 });
    await bid(lotId, alice.token, 50_000); // A leads at 100
    await bid(lotId, bob.token, 30_000); // A leads at 320
    await bid(lotId, carol.token, 60_000); // C leads at 550
    const before = (await send(t, 'GET', `/admin/lots/${lotId}/bids`, undefined, staff.token)).json().data;
    expect(before.lot).toMatchObject({
      currentBid: 55_000,
      leaderId: carol.user.id,
      leaderMax: 60_000,
      bidCount: 3,
    });
    expect(
      before.bids.map((b: { bidder: { email: string }; maxAmount: number }) => [b.bidder.email, b.maxAmount]),
    ).toEqual([
      [alice.email, 50_000],
      [bob.email, 30_000],
      [carol.email, 60_000],
    ]);
    expect(before.bids[0].bidder.name).toBe('Alice Aubusson');
    expect(before.history.length).toBeGreaterThanOrEqual(3);
    expect(before.history.every((l: { bidder: { email: string } | null }) => l.bidder !== null)).toBe(true);

    const carolsBid = before.bids[2].id as string;
    const [{ seq: seqBefore }] = (await t.database.query<{ seq: string | number }>(
      'select seq from lots where id = $1',
      [lotId],
    )) as [{ seq: string | number }];
    const heard: ServerEvent[] = [];
    const stopListening = t.app.ctx.bus.onEvent((e) => {
      if (e.channel === lotChannel(lotId)) heard.push(e);
    });
    const res = await send(
      t,
      'POST',
      `/admin/bids/${carolsBid}/void`,
      { reason: 'Shill bidding reported by the consignor' },
      staff.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: adminMessages.bidVoided,
      data: { currentBid: 32_000, leaderId: alice.user.id, leaderMax: 50_000 },
    });

    const after = (await send(t, 'GET', `/admin/lots/${lotId}/bids`, undefined, staff.token)).json().data;
    expect(after.bids[2]).toMatchObject({
      status: 'voided',
      voidReason: 'Shill bidding reported by the consignor',
      voidedBy: { id: staff.user.id, email: staff.email },
    });
    expect(after.history.some((l: { superseded: boolean }) => l.superseded)).toBe(true);

    // Watchers are told to drop the old lines before the recomputed ones arrive, live and in a replay.
    stopListening();
    const names = heard.map((e) => e.event);
    const reset = heard.find((e) => e.event === 'lot.history_reset');
    expect(reset).toBeDefined();
    const resetSeq = (reset!.data as { seq: number }).seq;
    expect(resetSeq).toBeGreaterThan(Number(seqBefore));
    const lines = heard.filter((e) => e.event === 'lot.bid').map((e) => (e.data as { seq: number }).seq);
    expect(lines.length).toBe(3); // Alice at 100, Bob at 300, Alice's proxy at 320: replayed without Carol's
    expect(lines.every((seq) => seq > resetSeq)).toBe(true);
    expect(names.indexOf('lot.history_reset')).toBeLessThan(names.indexOf('lot.bid'));
    const replayed = await createLotReplay(t.app.ctx.db)(lotId, Number(seqBefore), 500);
    expect(replayed!.events.map((e) => e.event)).toEqual([
      'lot.history_reset',
      'lot.bid',
      'lot.bid',
      'lot.bid',
    ]);
    expect(replayed!.events[0]!.data.seq).toBe(resetSeq);
    // The public lot answers the recomputed price.
    const [lot] = await t.database.query<{ current_bid: string | number; leader_id: string }>(
      'select current_bid, leader_id from lots where id = $1',
      [lotId],
    );
    expect(Number(lot!.current_bid)).toBe(32_000);
    expect((await notificationsOf(t.database, carol.user.id)).map((n) => n.type)).toContain('bid_voided');
    const [action] = await t.database.query<{ action: string; reason: string; staff_id: string }>(
      `select action, reason, staff_id from staff_actions where bid_id = $1`,
      [carolsBid],
    );
    expect(action).toEqual({
      action: 'void_bid',
      reason: 'Shill bidding reported by the consignor',
      staff_id: staff.user.id,
    });

    const twice = await send(
      t,
      'POST',
      `/admin/bids/${carolsBid}/void`,
      { reason: 'again and again' },
      staff.token,
    );
    expect(twice.statusCode).toBe(409);
    expect((await send(t, 'POST', `/admin/bids/${carolsBid}/void`, {}, staff.token)).statusCode).toBe(400);
    expect(
      (
        await send(
          t,
          'POST',
          '/admin/bids/8a3d7f2e-1111-4222-8333-944455556666/void',
          { reason: 'no such bid' },
          staff.token,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await send(t, 'POST', `/admin/bids/${before.bids[0].id}/void`, { reason: 'not staff' }, alice.token))
        .statusCode,
    ).toBe(403);
  });

  it('withdraws a lot: bids stop, bidders are told, a second withdrawal is refused', async () => {
    const dina = await signUp(t);
    const ed = await signUp(t);
    const { lotId } = await openLotFixture(t.database, { openingBid: 10_000 });
    await bid(lotId, dina.token, 20_000);
    await bid(lotId, ed.token, 30_000);
    const res = await send(
      t,
      'POST',
      `/admin/lots/${lotId}/withdraw`,
      { reason: 'Consignor withdrew the rug' },
      staff.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: adminMessages.lotWithdrawn,
      data: { status: 'withdrawn', outcome: null },
    });
    for (const u of [dina, ed])
      expect((await notificationsOf(t.database, u.user.id)).map((n) => n.type)).toContain('lot_withdrawn');
    const late = await post(t, `/rug/add-offer/${lotId}`, { amount: 50_000 }, dina.token);
    expect(late.statusCode).toBe(409);
    const again = await send(t, 'POST', `/admin/lots/${lotId}/withdraw`, {}, staff.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('LOT_WITHDRAWN');
    // Without a body at all, too.
    const { lotId: other } = await openLotFixture(t.database);
    expect((await send(t, 'POST', `/admin/lots/${other}/withdraw`, undefined, staff.token)).statusCode).toBe(
      200,
    );
    expect(
      (await send(t, 'POST', '/admin/lots/8a3d7f2e-1111-4222-8333-944455556666/withdraw', {}, staff.token))
        .statusCode,
    ).toBe(404);
  });

  it('blocks and unblocks a bidder: a blocked bidder gets BIDDING_BLOCKED', async () => {
    const fay = await signUp(t);
    const { lotId } = await openLotFixture(t.database, { openingBid: 10_000 });
    const blocked = await send(
      t,
      'POST',
      `/admin/users/${fay.user.id}/block`,
      { reason: 'Unpaid invoices' },
      staff.token,
    );
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({
      message: adminMessages.bidderBlocked,
      data: { id: fay.user.id, biddingBlockedReason: 'Unpaid invoices' },
    });
    expect(blocked.json().data.biddingBlockedAt).toEqual(expect.any(String));
    const refused = await post(t, `/rug/add-offer/${lotId}`, { amount: 10_000 }, fay.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('BIDDING_BLOCKED');
    const users = (
      await send(t, 'GET', `/admin/users?q=${encodeURIComponent(fay.email)}`, undefined, staff.token)
    ).json();
    expect(users.data).toHaveLength(1);
    expect(users.data[0].biddingBlockedAt).not.toBeNull();

    const unblocked = await send(t, 'DELETE', `/admin/users/${fay.user.id}/block`, undefined, staff.token);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json().data.biddingBlockedAt).toBeNull();
    expect((await post(t, `/rug/add-offer/${lotId}`, { amount: 10_000 }, fay.token)).statusCode).toBe(201);

    expect((await send(t, 'POST', `/admin/users/${staff.user.id}/block`, {}, staff.token)).statusCode).toBe(
      400,
    );
    expect(
      (await send(t, 'POST', '/admin/users/8a3d7f2e-1111-4222-8333-944455556666/block', {}, staff.token))
        .statusCode,
    ).toBe(404);
    expect((await send(t, 'POST', `/admin/users/${fay.user.id}/block`, {}, fay.token)).statusCode).toBe(403);
  });
});
