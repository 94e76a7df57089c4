import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { startStripeFake, type StripeFake } from '../../fakes/stripe-fake.ts';
import { addAddress, auth, count, makeOrder, makeUser, orderStatus } from '../helpers.ts';

/**
 * Issue 25 section 4: two concurrent card refunds both reached the provider before the database checked what
 * was left. A refund now reserves its amount (a pending row, under the order's lock) before the provider is
 * called, and settles it after: done, or failed (which releases the amount).
 */
describe('a card refund reserves its amount before it calls the provider', () => {
  let t: TestApp;
  let stripe: StripeFake;
  let staff: { id: string; token: string };
  beforeAll(async () => {
    stripe = await startStripeFake();
    t = await createTestApp({ RATE_LIMIT_SCALE: '100', ...stripe.env });
    staff = await makeUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const send = (e: { payload: string; header: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': e.header },
      payload: e.payload,
    });

  /** An order paid by card through the Stripe stand-in; its total. */
  async function paidByCard() {
    const buyer = await makeUser(t);
    const { orderId } = await makeOrder(t, buyer.id, { price: 100_000 });
    const addressId = await addAddress(t, buyer.token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/create-payment-intent',
      headers: auth(buyer.token),
      payload: { orderIds: [orderId], addressId, shippingMethod: 'courier' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const checkoutId = (res.json().data as { checkoutId: string }).checkoutId;
    const intent = [...stripe.intents.values()].find(
      (pi) => (pi.metadata as { checkoutId: string }).checkoutId === checkoutId,
    )!;
    expect((await send(stripe.event('payment_intent.succeeded', stripe.succeed(intent.id)))).statusCode).toBe(
      200,
    );
    expect(await orderStatus(t, orderId)).toBe('paid');
    const [o] = await t.database.query<{ total: string }>(`select total::text from orders where id = $1`, [
      orderId,
    ]);
    return { orderId, intentId: intent.id, total: Number(o!.total) };
  }
  const refund = (orderId: string, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/refund`,
      headers: auth(staff.token),
      payload: { amount, reason: 'Damaged in transit' },
    });
  const providerCalls = (intentId: string) =>
    stripe.calls('POST', '/v1/refunds').filter((r) => r.body.includes(intentId)).length;

  it('two concurrent refunds whose sum exceeds what is left: the provider is called once, the other is a 409', async () => {
    const { orderId, intentId, total } = await paidByCard();
    const part = Math.ceil(total * 0.6);
    const answers = await Promise.all([refund(orderId, part), refund(orderId, part + 1)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'REFUND_TOO_LARGE' });
    expect(providerCalls(intentId)).toBe(1);
    const rows = await t.database.query<{ status: string; provider_ref: string | null }>(
      `select status, provider_ref from refunds where order_id = $1`,
      [orderId],
    );
    expect(rows).toEqual([{ status: 'done', provider_ref: expect.stringMatching(/^re_/) }]);
    expect(await orderStatus(t, orderId)).toBe('partially_refunded');
    expect(
      await count(
        t,
        `select count(*) as n from credit_notes cn join refunds f on f.id = cn.refund_id where f.order_id = $1`,
        [orderId],
      ),
    ).toBe(1);
  });

  it('a pending refund holds its amount: a second one that would exceed is refused without calling the provider', async () => {
    const { orderId, intentId, total } = await paidByCard();
    const real = t.app.services.refundGateways.stripe!;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    t.app.services.refundGateways.stripe = async (input) => {
      await held;
      return real(input);
    };
    try {
      const first = refund(orderId, total);
      // The first is reserved and waiting at the provider.
      for (
        let i = 0;
        i < 100 &&
        (await count(t, `select count(*) as n from refunds where order_id = $1 and status = 'pending'`, [
          orderId,
        ])) === 0;
        i += 1
      )
        await new Promise((r) => setTimeout(r, 20));
      const second = await refund(orderId, 1);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ code: 'REFUND_TOO_LARGE' });
      release();
      expect((await first).statusCode).toBe(200);
    } finally {
      t.app.services.refundGateways.stripe = real;
    }
    expect(providerCalls(intentId)).toBe(1);
    expect(await orderStatus(t, orderId)).toBe('refunded');
  });

  it('a provider failure releases the reservation (a failed row, kept) and a retry refunds', async () => {
    const { orderId, intentId, total } = await paidByCard();
    const real = t.app.services.refundGateways.stripe!;
    t.app.services.refundGateways.stripe = () => Promise.reject(new Error('charge_disputed'));
    try {
      const failed = await refund(orderId, total);
      expect(failed.statusCode, failed.body).toBe(409);
      expect(failed.json()).toMatchObject({ code: 'REFUND_PROVIDER_FAILED' });
    } finally {
      t.app.services.refundGateways.stripe = real;
    }
    expect(await orderStatus(t, orderId)).toBe('paid');
    const again = await refund(orderId, total);
    expect(again.statusCode, again.body).toBe(200);
    expect(providerCalls(intentId)).toBe(1);
    const rows = await t.database.query<{ status: string; failure: string | null }>(
      `select status, failure from refunds where order_id = $1 order by created_at`,
      [orderId],
    );
    expect(rows).toEqual([
      { status: 'failed', failure: expect.stringContaining('charge_disputed') },
      { status: 'done', failure: null },
    ]);
    expect(await orderStatus(t, orderId)).toBe('refunded');
  });

  it('refund rows are append-only: an amount is never edited, a settled row never moves again', async () => {
    const { orderId } = await paidByCard();
    expect((await refund(orderId, 1_000)).statusCode).toBe(200);
    await expect(
      t.database.query(`update refunds set amount = 1 where order_id = $1`, [orderId]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.database.query(`update refunds set status = 'failed' where order_id = $1`, [orderId]),
    ).rejects.toThrow(/append-only/);
    await expect(t.database.query(`delete from refunds where order_id = $1`, [orderId])).rejects.toThrow(
      /append-only/,
    );
  });
});
