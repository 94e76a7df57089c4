import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { startPaypalFake, type PaypalFake } from '../../fakes/paypal-fake.ts';
import { addAddress, auth, count, makeOrder, makeUser, orderStatus } from '../helpers.ts';

describe('PayPal (Orders v2 REST against a local fake)', () => {
  let t: TestApp;
  let paypal: PaypalFake;
  beforeAll(async () => {
    paypal = await startPaypalFake();
    t = await createTestApp({ RATE_LIMIT_SCALE: '100', ...paypal.env });
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  const webhook = (e: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/paypal/webhook',
      headers: e.headers,
      payload: e.payload,
    });
  const payments = (checkoutId: string) =>
    count(t, `select count(*) as n from payments where checkout_id = $1`, [checkoutId]);

  async function orderFor() {
    const buyer = await makeUser(t);
    const { orderId } = await makeOrder(t, buyer.id, { price: 100_000 });
    const addressId = await addAddress(t, buyer.token);
    const body = { orderIds: [orderId], addressId, shippingMethod: 'courier' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/paypal/create-payment',
      headers: auth(buyer.token),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { checkoutId: string; paypalOrderId: string };
    return { buyer, orderId, body, data };
  }
  const capture = (token: string, data: { checkoutId: string; paypalOrderId: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/paypal/capture',
      headers: auth(token),
      payload: data,
    });
  const captureOf = (paypalOrderId: string) => paypal.orders.get(paypalOrderId)!.capture!;

  it('lists PayPal among the methods with its client id and currency', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payment/methods' })).json().data).toMatchObject(
      {
        paypal: { clientId: 'fake-client-id', currency: 'USD' },
        stripe: null,
      },
    );
  });

  it('creates one PayPal order for the server total with a PayPal-Request-Id from the checkout; a retry reuses it', async () => {
    const { buyer, body, data } = await orderFor();
    const order = paypal.orders.get(data.paypalOrderId)!;
    const [checkout] = await t.database.query<{ total: string }>(
      `select total from checkouts where id = $1`,
      [data.checkoutId],
    );
    expect(order.amount).toEqual({ currency_code: 'USD', value: (Number(checkout!.total) / 100).toFixed(2) });
    expect(order.customId).toBe(data.checkoutId);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/paypal/create-payment',
      headers: auth(buyer.token),
      payload: body,
    });
    expect(again.json().data).toEqual(data);
    const creates = paypal
      .calls('POST', '/v2/checkout/orders')
      .filter((r) => r.path === '/v2/checkout/orders' && r.body.includes(data.checkoutId));
    expect(creates.map((r) => r.headers['paypal-request-id'])).toEqual([
      `knotwork-checkout-${data.checkoutId}-order`,
    ]);
    // One OAuth token for every call so far: it is cached.
    expect(paypal.calls('POST', '/v1/oauth2/token')).toHaveLength(1);
  });

  it('captures an approved order (same PayPal-Request-Id on a retry) and the racing webhook leaves one payment', async () => {
    const { buyer, orderId, data } = await orderFor();
    expect((await capture(buyer.token, data)).statusCode).toBe(409);
    paypal.approve(data.paypalOrderId);
    const [first, second] = await Promise.all([capture(buyer.token, data), capture(buyer.token, data)]);
    expect([first.body, second.body].map((b) => JSON.parse(b).data?.status ?? b)).toEqual(['paid', 'paid']);
    const ids = paypal
      .calls('POST', `/v2/checkout/orders/${data.paypalOrderId}/capture`)
      .map((r) => r.headers['paypal-request-id']);
    expect(new Set(ids)).toEqual(new Set([`knotwork-checkout-${data.checkoutId}-capture`]));
    const event = paypal.event('PAYMENT.CAPTURE.COMPLETED', captureOf(data.paypalOrderId));
    const racing = await Promise.all([webhook(event), webhook(event), capture(buyer.token, data)]);
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await orderStatus(t, orderId)).toBe('paid');
    expect(await payments(data.checkoutId)).toBe(1);
    expect(
      await count(t, `select count(*) as n from invoices where checkout_id = $1`, [data.checkoutId]),
    ).toBe(1);
  });

  it('marks the order paid from the webhook alone, once for 5 deliveries', async () => {
    const { orderId, data } = await orderFor();
    paypal.approve(data.paypalOrderId);
    // Captured, but the browser never came back: the webhook is what tells us.
    const order = paypal.orders.get(data.paypalOrderId)!;
    order.status = 'COMPLETED';
    order.capture = {
      id: `CAP-WEBHOOK-${data.checkoutId.slice(0, 8)}`,
      status: 'COMPLETED',
      amount: order.amount,
      custom_id: data.checkoutId,
    };
    const event = paypal.event('PAYMENT.CAPTURE.COMPLETED', order.capture);
    for (let i = 0; i < 5; i += 1) expect((await webhook(event)).statusCode).toBe(200);
    expect(await orderStatus(t, orderId)).toBe('paid');
    expect(await payments(data.checkoutId)).toBe(1);
  });

  it('refuses 100 forged, unsigned or tampered events with 400 and changes nothing', async () => {
    const { orderId, data } = await orderFor();
    const resource = {
      id: 'CAP-FORGED',
      status: 'COMPLETED',
      amount: paypal.orders.get(data.paypalOrderId)!.amount,
      custom_id: data.checkoutId,
    };
    const before = await count(t, `select count(*) as n from webhook_events`);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const good = paypal.event('PAYMENT.CAPTURE.COMPLETED', resource);
        const kind = i % 4;
        if (kind === 0) return webhook(paypal.event('PAYMENT.CAPTURE.COMPLETED', resource, { forge: true }));
        if (kind === 1)
          return webhook({ payload: good.payload, headers: { 'content-type': 'application/json' } });
        if (kind === 2)
          return webhook({
            payload: good.payload.replace('CAP-FORGED', 'CAP-FORGED2'),
            headers: good.headers,
          });
        return webhook({
          payload: good.payload,
          headers: {
            ...good.headers,
            'paypal-transmission-time': new Date(Date.now() - 600_000).toISOString(),
          },
        });
      }),
    );
    expect(answers.filter((r) => r.statusCode !== 400)).toHaveLength(0);
    expect(await count(t, `select count(*) as n from webhook_events`)).toBe(before);
    expect(await orderStatus(t, orderId)).toBe('awaiting_payment');
  });

  it('refuses a capture whose amount differs: nothing paid', async () => {
    const { buyer, orderId, data } = await orderFor();
    paypal.approve(data.paypalOrderId);
    paypal.options.captureAmount = '1.00';
    try {
      expect((await capture(buyer.token, data)).statusCode).toBe(409);
    } finally {
      paypal.options.captureAmount = null;
    }
    expect(await orderStatus(t, orderId)).toBe('awaiting_payment');
    expect(
      (
        await t.database.query<{ refusal: string }>(`select refusal from payments where checkout_id = $1`, [
          data.checkoutId,
        ])
      )[0]!.refusal,
    ).toBe('amount_mismatch');
  });

  it('takes a refund event that arrives before its capture is recorded once the capture is (out of order)', async () => {
    const { orderId, data } = await orderFor();
    paypal.approve(data.paypalOrderId);
    const order = paypal.orders.get(data.paypalOrderId)!;
    order.status = 'COMPLETED';
    order.capture = {
      id: `CAP-LATE-${data.checkoutId.slice(0, 8)}`,
      status: 'COMPLETED',
      amount: order.amount,
      custom_id: data.checkoutId,
    };
    const refund = paypal.event('PAYMENT.CAPTURE.REFUNDED', {
      id: `RF-EARLY-${data.checkoutId.slice(0, 8)}`,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '10.00' },
      links: [{ rel: 'up', href: `${paypal.url}/v2/payments/captures/${order.capture.id}` }],
    });
    expect((await webhook(refund)).statusCode).toBe(409);
    expect((await webhook(paypal.event('PAYMENT.CAPTURE.COMPLETED', order.capture))).statusCode).toBe(200);
    expect((await webhook(refund)).statusCode).toBe(200);
    expect(await orderStatus(t, orderId)).toBe('partially_refunded');
    expect(await count(t, `select count(*) as n from refunds where order_id = $1`, [orderId])).toBe(1);
  });

  it('refuses another buyer capturing the checkout', async () => {
    const { data } = await orderFor();
    const stranger = await makeUser(t);
    expect((await capture(stranger.token, data)).statusCode).toBe(404);
  });

  it('refunds through PayPal for staff with a PayPal-Request-Id, and the refund event changes nothing more', async () => {
    const staff = await makeUser(t, { role: 'admin' });
    const { buyer, orderId, data } = await orderFor();
    paypal.approve(data.paypalOrderId);
    await capture(buyer.token, data);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/refund`,
      headers: auth(staff.token),
      payload: { amount: 10_000, reason: 'Wrong colour' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const captureId = captureOf(data.paypalOrderId).id;
    const [call] = paypal.calls('POST', `/v2/payments/captures/${captureId}/refund`);
    expect(call!.headers['paypal-request-id']).toBe(`knotwork-refund-${orderId}-0-10000`);
    expect(JSON.parse(call!.body)).toEqual({
      amount: { currency_code: 'USD', value: '100.00' },
      custom_id: 'knotwork-staff-refund',
    });
    const [refund] = await t.database.query<{ provider_ref: string }>(
      `select provider_ref from refunds where order_id = $1`,
      [orderId],
    );
    const event = paypal.event('PAYMENT.CAPTURE.REFUNDED', {
      id: refund!.provider_ref,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '100.00' },
      links: [{ rel: 'up', href: `${paypal.url}/v2/payments/captures/${captureId}` }],
    });
    expect((await webhook(event)).statusCode).toBe(200);
    expect(await count(t, `select count(*) as n from refunds where order_id = $1`, [orderId])).toBe(1);
    // A refund made in PayPal's own dashboard is recorded from its event, once.
    const dashboard = paypal.event('PAYMENT.CAPTURE.REFUNDED', {
      id: 'RF-DASHBOARD',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '50.00' },
      links: [{ rel: 'up', href: `${paypal.url}/v2/payments/captures/${captureId}` }],
    });
    for (let i = 0; i < 3; i += 1) expect((await webhook(dashboard)).statusCode).toBe(200);
    expect(await count(t, `select count(*) as n from refunds where order_id = $1`, [orderId])).toBe(2);
    expect(await orderStatus(t, orderId)).toBe('partially_refunded');
  });
});
