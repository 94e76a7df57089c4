import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositMessages as m } from '@knotwork/shared/schemas/deposits';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { startStripeFake, type StripeFake } from '../fakes/stripe-fake.ts';
import { bid, makeLot, makeUser, units } from '../bidding/helpers.ts';
import { bankTransfer, makeOrder } from '../commerce/helpers.ts';
import { rows } from '../../src/db/raw.ts';
import { depositHoldersAmong } from '../../src/modules/lots/bidder-deposit-sql.ts';

/**
 * Issue 28 §2 (decision 091): deposits that set a bidding limit. Card holds through the official SDK against the
 * Stripe stand-in (manual capture, cancelled after the sale), bank deposits recorded by staff, the limit they give
 * (deposit x the house's multiple, never below a larger hand limit), release, the job, applying to an order, roles
 * and bad input.
 */
let t: TestApp;
let stripe: StripeFake;
let admin: { id: string; token: string };
let accounts: { id: string; token: string };
let specialist: { id: string; token: string };
beforeAll(async () => {
  stripe = await startStripeFake();
  t = await createTestApp({ RATE_LIMIT_SCALE: '100', ...stripe.env });
  admin = await makeUser(t, { role: 'admin' });
  accounts = await makeUser(t, { role: 'accounts' });
  specialist = await makeUser(t, { role: 'specialist' });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A collector with a saved card (as a confirmed SetupIntent leaves it). */
async function collector(card = `pm_fake_${crypto.randomBytes(4).toString('hex')}`) {
  const user = await makeUser(t);
  await t.database.query(
    `update users set stripe_customer_id = $2, stripe_payment_method_id = $3, card_brand = 'visa', card_last4 = '4242'
     where id = $1`,
    [user.id, `cus_${user.id.slice(0, 8)}`, card],
  );
  return { ...user, card };
}

const hold = (token: string, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/deposits/card-hold',
    headers: { ...auth(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const bankDeposit = (userId: string, payload: Record<string, unknown>, token = accounts.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/users/${userId}/deposits`,
    headers: auth(token),
    payload,
  });
const release = (depositId: string, token = accounts.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/deposits/${depositId}/release`,
    headers: auth(token),
    payload: {},
  });
const apply = (depositId: string, orderId: string, token = accounts.token) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/deposits/${depositId}/apply`,
    headers: auth(token),
    payload: { orderId },
  });
const setLimit = (userId: string, limitCents: number | null) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/users/${userId}/limit`,
    headers: auth(admin.token),
    payload: { limitCents },
  });
const limitOf = async (userId: string) => {
  const [row] = await t.database.query<{ limit_cents: string; source: string }>(
    'select limit_cents, source from bidder_limits where user_id = $1',
    [userId],
  );
  return row ? { limitCents: Number(row.limit_cents), source: row.source } : null;
};
const mine = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/deposits', headers: auth(token) })).json().data;

describe('card holds', () => {
  it('a hold placed with the saved card raises the limit by the multiple, and the bidder can bid higher', async () => {
    const bidder = await collector();
    await setLimit(bidder.id, units(1000));
    const { lotId } = await makeLot(t);
    expect((await bid(t, lotId, units(3000), bidder.token)).json().code).toBe('OVER_LIMIT');

    const res = await hold(bidder.token, { amountCents: units(500) }, 'hold-1');
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(m.holdPlaced);
    expect(body.data).toMatchObject({
      kind: 'card_hold',
      state: 'held',
      amountCents: units(500),
      auctionId: null,
    });
    expect(body.summary).toMatchObject({
      heldCents: units(500),
      depositLimitCents: units(5000),
      multiple: 10,
      limitCents: units(5000),
      limitSource: 'deposit',
      savedCard: 'Visa \u2022\u2022\u2022\u2022 4242',
    });
    const [intent] = [...stripe.intents.values()].filter(
      (i) => i.customer === `cus_${bidder.id.slice(0, 8)}`,
    );
    expect(intent).toMatchObject({
      capture_method: 'manual',
      status: 'requires_capture',
      amount: units(500),
    });
    expect(await limitOf(bidder.id)).toEqual({ limitCents: units(5000), source: 'deposit' });
    expect((await bid(t, lotId, units(3000), bidder.token)).statusCode).toBe(201);
  });

  it('a double submit (same Idempotency-Key, at once) makes one hold and one deposit', async () => {
    const bidder = await collector();
    const before = stripe.calls('POST', '/v1/payment_intents').length;
    const answers = await Promise.all([
      hold(bidder.token, { amountCents: units(300) }, 'double'),
      hold(bidder.token, { amountCents: units(300) }, 'double'),
    ]);
    for (const a of answers) expect(a.statusCode).toBe(201);
    expect(answers[0].json().data.id).toBe(answers[1].json().data.id);
    const deposits = await t.database.query('select id from bidder_deposits where user_id = $1', [bidder.id]);
    expect(deposits).toHaveLength(1);
    const ids = new Set(
      [...stripe.intents.values()]
        .filter((i) => i.customer === `cus_${bidder.id.slice(0, 8)}`)
        .map((i) => i.id),
    );
    expect(ids.size).toBe(1);
    expect(stripe.calls('POST', '/v1/payment_intents').length).toBeGreaterThan(before);
    expect((await mine(bidder.token)).heldCents).toBe(units(300));
  });

  it('a declined card or one that needs the bank holds nothing and says so in words', async () => {
    const declined = await collector();
    stripe.declined.add(declined.card);
    const refused = await hold(declined.token, { amountCents: units(200) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CARD_DECLINED', message: m.cardDeclined });
    expect(await limitOf(declined.id)).toBeNull();
    expect((await mine(declined.token)).deposits).toMatchObject([
      { state: 'failed', reference: 'card_declined' },
    ]);

    const sca = await collector();
    stripe.threeDs.add(sca.card);
    const action = await hold(sca.token, { amountCents: units(200) });
    expect(action.json()).toMatchObject({ code: 'CARD_NEEDS_ACTION', message: m.cardNeedsAction });
    const [intent] = [...stripe.intents.values()].filter((i) => i.customer === `cus_${sca.id.slice(0, 8)}`);
    expect(intent!.status).toBe('canceled');
    expect(await limitOf(sca.id)).toBeNull();
  });
});

describe('staff', () => {
  it('records a bank deposit (accounts); release restores the limit set by hand; a larger hand limit is never lowered', async () => {
    const bidder = await makeUser(t);
    await setLimit(bidder.id, units(1000));
    const res = await bankDeposit(bidder.id, { amountCents: units(400), reference: 'BANK-REF-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: m.bankRecorded,
      data: { kind: 'bank_transfer', state: 'held', reference: 'BANK-REF-1' },
      summary: { limitCents: units(4000), limitSource: 'deposit' },
    });
    const depositId = res.json().data.id as string;
    const audit = await t.database.query(
      `select 1 from staff_actions where action = 'record_deposit' and user_id = $1 and staff_id = $2`,
      [bidder.id, accounts.id],
    );
    expect(audit).toHaveLength(1);

    const back = await release(depositId);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ message: m.refunded, data: { state: 'refunded' } });
    expect(await limitOf(bidder.id)).toEqual({ limitCents: units(1000), source: 'staff' });
    expect((await release(depositId)).json()).toMatchObject({ code: 'DEPOSIT_NOT_HELD' });

    // A hand limit larger than the deposit's stays as it is.
    const rich = await makeUser(t);
    await setLimit(rich.id, units(100_000));
    await bankDeposit(rich.id, { amountCents: units(400), reference: 'BANK-REF-2' });
    expect(await limitOf(rich.id)).toEqual({ limitCents: units(100_000), source: 'staff' });
  });

  it('releasing a card hold cancels its PaymentIntent; a bidder without a limit before has none again', async () => {
    const bidder = await collector();
    const placed = (await hold(bidder.token, { amountCents: units(250) })).json().data;
    expect(await limitOf(bidder.id)).toEqual({ limitCents: units(2500), source: 'deposit' });
    const res = await release(placed.id as string, admin.token);
    expect(res.json()).toMatchObject({ message: m.released, data: { state: 'released' } });
    const [intent] = [...stripe.intents.values()].filter(
      (i) => i.customer === `cus_${bidder.id.slice(0, 8)}`,
    );
    expect(intent!.status).toBe('canceled');
    expect(await limitOf(bidder.id)).toBeNull();
  });

  it('a hand limit changed by staff while a deposit holds becomes the limit to restore', async () => {
    const bidder = await makeUser(t);
    const d = (await bankDeposit(bidder.id, { amountCents: units(100), reference: 'REF-3' })).json().data;
    expect(await limitOf(bidder.id)).toMatchObject({ limitCents: units(1000) });
    await setLimit(bidder.id, units(700));
    await release(d.id as string);
    expect(await limitOf(bidder.id)).toMatchObject({ limitCents: units(700) });
  });

  it('applies a bank deposit to the buyer\u2019s order as a payment, once', async () => {
    const buyer = await makeUser(t);
    const order = await makeOrder(t, buyer.id, { price: 100_000 });
    const deposit = (
      await bankDeposit(buyer.id, { amountCents: order.itemPrice, reference: 'REF-APPLY' })
    ).json().data;

    // Before the buyer checked out there is no checkout to pay.
    expect((await apply(deposit.id as string, order.orderId)).json()).toMatchObject({ code: 'NO_CHECKOUT' });
    expect(
      (await bankTransfer(t, buyer.token, { orderIds: [order.orderId], shippingMethod: 'collect' }))
        .statusCode,
    ).toBeLessThan(300);

    const [first, again] = [
      await apply(deposit.id as string, order.orderId),
      await apply(deposit.id as string, order.orderId),
    ];
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: m.applied,
      data: { state: 'applied_to_order', orderId: order.orderId },
    });
    expect(again.statusCode).toBe(200);
    const payments = await t.database.query<{ amount: string }>(
      `select amount from payments where provider = 'bank_transfer' and provider_ref = $1`,
      [`deposit-${deposit.id}`],
    );
    expect(payments).toHaveLength(1);
    const [status] = await t.database.query<{ status: string }>('select status from orders where id = $1', [
      order.orderId,
    ]);
    expect(status!.status).toBe('paid');
    expect(await limitOf(buyer.id)).toBeNull();

    // Another bidder's order is not theirs; a card hold is not applied.
    const other = await makeUser(t);
    const otherOrder = await makeOrder(t, other.id);
    const d2 = (await bankDeposit(buyer.id, { amountCents: units(10), reference: 'REF-X' })).json().data;
    expect((await apply(d2.id as string, otherOrder.orderId)).statusCode).toBe(404);
    const card = await collector();
    const h = (await hold(card.token, { amountCents: units(10) })).json().data;
    expect((await apply(h.id as string, otherOrder.orderId)).json()).toMatchObject({ code: 'CARD_HOLD' });
  });

  it('roles: accounts and admin manage deposits; a specialist reads, a collector gets 403', async () => {
    const bidder = await makeUser(t);
    expect(
      (await bankDeposit(bidder.id, { amountCents: units(10), reference: 'R' }, specialist.token)).statusCode,
    ).toBe(403);
    expect(
      (await bankDeposit(bidder.id, { amountCents: units(10), reference: 'R' }, bidder.token)).statusCode,
    ).toBe(403);
    expect(
      (await bankDeposit(bidder.id, { amountCents: units(10), reference: 'R' }, admin.token)).statusCode,
    ).toBe(201);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/users/${bidder.id}/deposits`,
      headers: auth(specialist.token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.deposits).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/deposits' })).statusCode).toBe(401);
  });
});

describe('sales', () => {
  it('the job releases the card holds of a closed sale within a run; the bid path sees who holds a deposit', async () => {
    const { auctionId } = await makeLot(t);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/auctions/${auctionId}/deposit`,
      headers: auth(admin.token),
      payload: { depositCents: units(500) },
    });
    expect(put.statusCode).toBe(200);
    const bidder = await collector();
    const other = await collector();
    // The sale's deposit is the amount when none is given.
    const placed = await hold(bidder.token, { auctionId });
    expect(placed.json().data).toMatchObject({ amountCents: units(500), auctionId, state: 'held' });
    // Less than the sale asks does not cover it.
    await hold(other.token, { auctionId, amountCents: units(100) });

    const holders = async () => {
      const [row] = await rows<{ ids: string[] | null }>(
        t.app.ctx.db,
        sql`select ${depositHoldersAmong(sql`array[${bidder.id}::uuid, ${other.id}::uuid]`, sql`${auctionId}::uuid`)} as ids`,
      );
      return row!.ids;
    };
    expect(await holders()).toEqual([bidder.id]);

    await t.database.query(`update lots set status = 'closed', outcome = 'unsold' where auction_id = $1`, [
      auctionId,
    ]);
    await t.database.query(`update auctions set status = 'closed' where id = $1`, [auctionId]);
    const report = await t.app.jobs.runDueJobsOnce();
    expect(report.depositHoldsReleased).toBeGreaterThanOrEqual(2);
    expect((await mine(bidder.token)).deposits[0]).toMatchObject({ state: 'released' });
    const intent = stripe.intents.get(
      (
        await t.database.query<{ pi: string }>(
          'select payment_intent_id as pi from bidder_deposits where user_id = $1',
          [bidder.id],
        )
      )[0]!.pi,
    );
    expect(intent!.status).toBe('canceled');
    expect(await holders()).toBeNull();
    expect(await limitOf(bidder.id)).toBeNull();
    // Running again finds nothing more.
    expect(await t.app.services.deposits.releaseHoldsAfterSales()).toBe(0);

    // A house-wide hold is released after 6 days (Stripe lets an uncaptured authorisation lapse after 7).
    const old = await collector();
    const recent = (await hold(old.token, { amountCents: units(100) })).json().data;
    const [row] = await t.database.query<{ pi: string }>(
      'select payment_intent_id as pi from bidder_deposits where id = $1',
      [recent.id],
    );
    const aged = { ...stripe.intents.get(row!.pi)!, id: `${row!.pi}_aged` };
    stripe.intents.set(aged.id, aged);
    const [agedDeposit] = await t.database.query<{ id: string }>(
      `insert into bidder_deposits (user_id, kind, amount_cents, currency, payment_intent_id, created_at)
       values ($1, 'card_hold', 10000, 'USD', $2, now() - interval '7 days') returning id`,
      [old.id, aged.id],
    );
    await t.database.query(`insert into bidder_deposit_events (deposit_id, kind) values ($1, 'held')`, [
      agedDeposit!.id,
    ]);
    expect(await t.app.services.deposits.releaseHoldsAfterSales()).toBe(1);
    expect(stripe.intents.get(aged.id)?.status).toBe('canceled');
    expect((await mine(old.token)).deposits).toMatchObject([{ state: 'held' }, { state: 'released' }]);
    // A closed sale takes no new deposit.
    expect((await hold(bidder.token, { auctionId })).json()).toMatchObject({ code: 'SALE_OVER' });
  });
});

describe('bad input and records', () => {
  it('refuses bad amounts, a missing reference, an unknown sale, no saved card; 4xx with words', async () => {
    const bidder = await collector();
    for (const amountCents of [150, -100, 0, 'ten', 100_000_000_100])
      expect((await hold(bidder.token, { amountCents })).statusCode).toBe(400);
    expect((await hold(bidder.token, {})).json()).toMatchObject({ message: m.amountInvalid });
    expect(
      (await hold(bidder.token, { amountCents: units(10), auctionId: crypto.randomUUID() })).statusCode,
    ).toBe(404);
    expect((await hold(bidder.token, { amountCents: units(10), extra: 1 })).statusCode).toBe(400);
    const { auctionId } = await makeLot(t);
    expect((await hold(bidder.token, { auctionId })).json()).toMatchObject({ message: m.saleNoDeposit });
    const noCard = await makeUser(t);
    expect((await hold(noCard.token, { amountCents: units(10) })).json()).toMatchObject({
      code: 'NO_SAVED_CARD',
    });
    expect((await bankDeposit(bidder.id, { amountCents: units(10) })).statusCode).toBe(400);
    expect((await bankDeposit(bidder.id, { amountCents: units(10), reference: '  ' })).statusCode).toBe(400);
    expect(
      (await bankDeposit(crypto.randomUUID(), { amountCents: units(10), reference: 'R' })).statusCode,
    ).toBe(404);
    expect((await release(crypto.randomUUID())).statusCode).toBe(404);
    expect((await release('not-a-uuid')).statusCode).toBe(400);
  });

  it('deposits and their events are append-only', async () => {
    const bidder = await makeUser(t);
    await bankDeposit(bidder.id, { amountCents: units(10), reference: 'R-APPEND' });
    await expect(
      t.database.query('update bidder_deposits set amount_cents = 1 where user_id = $1', [bidder.id]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.database.query(
        'delete from bidder_deposit_events where deposit_id in (select id from bidder_deposits where user_id = $1)',
        [bidder.id],
      ),
    ).rejects.toThrow(/append-only/);
  });
});
