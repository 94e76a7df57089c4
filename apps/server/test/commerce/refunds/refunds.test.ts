import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { refundOrder } from '../../../src/modules/commerce/refunds/refunds.ts';
import { auth, bankTransfer, count, makeOrder, makeUser, pay } from '../helpers.ts';

describe('refunds through the provider that took the money', () => {
  let t: TestApp;
  let staff: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await makeUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function paidByCard() {
    const buyer = await makeUser(t);
    const order = await makeOrder(t, buyer.id, { price: 40_000 });
    const { checkout } = (
      await bankTransfer(t, buyer.token, { orderIds: [order.orderId], shippingMethod: 'collect' })
    ).json().data;
    await pay(t, {
      checkoutId: checkout.id,
      provider: 'stripe',
      providerRef: `pi_${order.orderId}`,
      amount: checkout.quote.total,
      currency: 'USD',
    });
    return order;
  }
  const refund = (orderId: string, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/refund`,
      headers: auth(staff.token),
      payload: { amount, reason: 'Damaged in transit' },
    });

  it('refuses a card refund while no card gateway is configured, then uses the gateway once per request', async () => {
    const order = await paidByCard();
    const refused = await refund(order.orderId, 5_000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'REFUND_PROVIDER_UNAVAILABLE' });
    expect(await count(t, `select count(*) as n from refunds where order_id = $1`, [order.orderId])).toBe(0);

    const calls: unknown[] = [];
    t.app.services.refundGateways.stripe = (input) => {
      calls.push(input);
      return Promise.resolve({ refundRef: `re_${calls.length}` });
    };
    const done = await refund(order.orderId, 5_000);
    expect(done.statusCode).toBe(200);
    expect(calls).toEqual([
      {
        providerRef: `pi_${order.orderId}`,
        amount: 5_000,
        currency: 'USD',
        idempotencyKey: `refund-${order.orderId}-0-5000`,
      },
    ]);
    const [row] = await t.database.query<{ provider: string; provider_ref: string }>(
      `select provider, provider_ref from refunds where order_id = $1`,
      [order.orderId],
    );
    expect(row).toEqual({ provider: 'stripe', provider_ref: 're_1' });
    delete t.app.services.refundGateways.stripe;
  });

  it('a refund the provider reports (webhook) is recorded once however often it is delivered', async () => {
    const order = await paidByCard();
    const report = {
      staffId: null,
      orderId: order.orderId,
      amount: 50_000,
      reason: 'Refunded in the Stripe dashboard',
      reportedRefundRef: 're_dashboard',
    };
    const first = await refundOrder(t.app.ctx.db, {}, report);
    expect(first?.status).toBe('refunded');
    for (let i = 0; i < 4; i += 1) expect(await refundOrder(t.app.ctx.db, {}, report)).toBeNull();
    expect(await count(t, `select count(*) as n from refunds where order_id = $1`, [order.orderId])).toBe(1);
    expect(
      await count(
        t,
        `select count(*) as n from credit_notes cn join refunds f on f.id = cn.refund_id where f.order_id = $1`,
        [order.orderId],
      ),
    ).toBe(1);
  });
});
