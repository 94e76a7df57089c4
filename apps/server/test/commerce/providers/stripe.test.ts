import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { startStripeFake, type StripeFake } from '../../fakes/stripe-fake.ts';
import { addAddress, auth, count, makeOrder, makeUser, orderStatus } from '../helpers.ts';

describe('card payments with Stripe (the official SDK against a local fake)', () => {
  let t: TestApp;
  let stripe: StripeFake;
  beforeAll(async () => {
    stripe = await startStripeFake();
    t = await createTestApp({ RATE_LIMIT_SCALE: '100', ...stripe.env });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  const webhook = (payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/webhook',
      headers: { 'content-type': 'application/json', ...headers },
      payload,
    });
  const send = (e: { payload: string; header: string }) =>
    webhook(e.payload, { 'stripe-signature': e.header });

  async function intentFor(opts: { price?: number } = {}) {
    const buyer = await makeUser(t);
    const { orderId } = await makeOrder(t, buyer.id, { price: opts.price ?? 100_000 });
    const addressId = await addAddress(t, buyer.token);
    const body = { orderIds: [orderId], addressId, shippingMethod: 'courier' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/create-payment-intent',
      headers: auth(buyer.token),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { checkoutId: string; clientSecret: string; status: string };
    const intent = [...stripe.intents.values()].find(
      (pi) => (pi.metadata as { checkoutId: string }).checkoutId === data.checkoutId,
    )!;
    return { buyer, orderId, body, data, intent };
  }
  const payments = (checkoutId: string) =>
    count(t, `select count(*) as n from payments where checkout_id = $1`, [checkoutId]);

  it('lists card payment among the methods, with the publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/payment/methods' });
    expect(res.json().data).toMatchObject({
      stripe: { publishableKey: 'pk_test_knotwork_fake' },
      paypal: null,
      bankTransfer: { instructions: expect.any(String) },
    });
  });

  it('creates one PaymentIntent for the server total, keyed on the checkout, and a retry reuses it', async () => {
    const { buyer, body, data, intent } = await intentFor();
    expect(data.status).toBe('requires_payment_method');
    expect(data.clientSecret).toBe(intent.client_secret);
    const [checkout] = await t.database.query<{ total: string }>(
      `select total from checkouts where id = $1`,
      [data.checkoutId],
    );
    expect(intent.amount).toBe(Number(checkout!.total));
    expect(intent.currency).toBe('usd');
    const creates = stripe
      .calls('POST', '/v1/payment_intents')
      .filter((r) => r.path === '/v1/payment_intents' && r.body.includes(data.checkoutId));
    expect(creates.map((r) => r.headers['idempotency-key'])).toEqual([
      `knotwork-checkout-${data.checkoutId}-intent`,
    ]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/create-payment-intent',
      headers: auth(buyer.token),
      payload: body,
    });
    expect(again.json().data).toEqual(data);
    const amountSent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/create-payment-intent',
      headers: auth(buyer.token),
      payload: { ...body, amount: 1 },
    });
    expect(amountSent.statusCode).toBe(400);
  });

  it('sends the same Idempotency-Key again when the SDK retries a failed create', async () => {
    stripe.failures.nextCreateIntent = 1;
    const { data } = await intentFor();
    const creates = stripe.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body.includes(data.checkoutId),
    );
    expect(creates).toHaveLength(2);
    expect(new Set(creates.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([`knotwork-checkout-${data.checkoutId}-intent`]),
    );
    expect(stripe.intents.size).toBeGreaterThan(0);
    expect(
      [...stripe.intents.values()].filter(
        (pi) => (pi.metadata as { checkoutId: string }).checkoutId === data.checkoutId,
      ),
    ).toHaveLength(1);
  });

  it('marks the order paid once when payment_intent.succeeded arrives 5 times in a row and 5 at once', async () => {
    const { orderId, data, intent } = await intentFor();
    const event = stripe.event('payment_intent.succeeded', stripe.succeed(intent.id));
    for (let i = 0; i < 5; i += 1) expect((await send(event)).statusCode).toBe(200);
    const other = stripe.event('payment_intent.succeeded', intent);
    const together = await Promise.all(Array.from({ length: 5 }, () => send(other)));
    expect(together.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await orderStatus(t, orderId)).toBe('paid');
    expect(await payments(data.checkoutId)).toBe(1);
    expect(
      await count(t, `select count(*) as n from invoices where checkout_id = $1`, [data.checkoutId]),
    ).toBe(1);
    expect(
      await count(
        t,
        `select count(*) as n from webhook_events where provider = 'stripe' and event_id in ($1, $2)`,
        [JSON.parse(event.payload).id, JSON.parse(other.payload).id],
      ),
    ).toBe(2);
    expect(
      t.mails.filter((m) => m.subject.startsWith('Payment received') && m.attachments?.length),
    ).toHaveLength(await count(t, `select count(*) as n from invoices`));
  });

  it('refuses 100 unsigned, forged, stale or wrongly signed events with 400 and changes nothing', async () => {
    const { orderId, data, intent } = await intentFor();
    const object = stripe.succeed(intent.id);
    const before = await count(t, `select count(*) as n from webhook_events`);
    const now = Math.floor(Date.now() / 1000);
    const attempts: Promise<{ statusCode: number; json(): { message?: string } }>[] = [];
    for (let i = 0; i < 100; i += 1) {
      const good = stripe.event('payment_intent.succeeded', object);
      const kind = i % 5;
      if (kind === 0) attempts.push(webhook(good.payload));
      else if (kind === 1)
        attempts.push(
          send(stripe.event('payment_intent.succeeded', object, { secret: 'whsec_someone_else' })),
        );
      else if (kind === 2)
        attempts.push(send(stripe.event('payment_intent.succeeded', object, { timestamp: now - 301 - i })));
      else if (kind === 3)
        attempts.push(
          webhook(good.payload.replace(`"amount_received":${Number(intent.amount)}`, '"amount_received":1'), {
            'stripe-signature': good.header,
          }),
        );
      else attempts.push(webhook(good.payload, { 'stripe-signature': `t=${now},v1=${'0'.repeat(64)}` }));
    }
    const answers = await Promise.all(attempts);
    expect(answers.filter((r) => r.statusCode !== 400)).toHaveLength(0);
    expect(answers.every((r) => typeof r.json().message === 'string')).toBe(true);
    expect(await count(t, `select count(*) as n from webhook_events`)).toBe(before);
    expect(await payments(data.checkoutId)).toBe(0);
    expect(await orderStatus(t, orderId)).toBe('awaiting_payment');
  });

  it('refuses a payment whose amount or currency differs: nothing paid, staff told', async () => {
    const short = await intentFor();
    expect(
      (
        await send(
          stripe.event('payment_intent.succeeded', stripe.succeed(short.intent.id, { amountReceived: 100 })),
        )
      ).statusCode,
    ).toBe(200);
    expect(await orderStatus(t, short.orderId)).toBe('awaiting_payment');
    const euro = await intentFor();
    expect(
      (
        await send(
          stripe.event('payment_intent.succeeded', stripe.succeed(euro.intent.id, { currency: 'eur' })),
        )
      ).statusCode,
    ).toBe(200);
    expect(await orderStatus(t, euro.orderId)).toBe('awaiting_payment');
    const refused = await t.database.query<{ refusal: string }>(
      `select refusal from payments where checkout_id = any($1::uuid[])`,
      [[short.data.checkoutId, euro.data.checkoutId]],
    );
    // A card pays the whole balance: short is an amount mismatch, another currency a currency mismatch (decision 072).
    expect(refused.map((r) => r.refusal).sort()).toEqual(['amount_mismatch', 'currency_mismatch']);
    expect(t.mails.filter((m) => m.to === t.config.STAFF_EMAIL).length).toBeGreaterThanOrEqual(2);
  });

  it('takes events out of order: a failure after success changes nothing; a refund before its payment waits for it', async () => {
    const { orderId, data, intent } = await intentFor();
    const succeeded = stripe.succeed(intent.id);
    const refund = {
      id: 're_early_fake',
      object: 'refund',
      amount: 5_000,
      currency: 'usd',
      payment_intent: intent.id,
      status: 'succeeded',
    };
    const early = stripe.event('refund.created', refund);
    expect((await send(early)).statusCode).toBe(409);
    expect((await send(stripe.event('payment_intent.succeeded', succeeded))).statusCode).toBe(200);
    expect(
      (
        await send(
          stripe.event('payment_intent.payment_failed', { ...succeeded, status: 'requires_payment_method' }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await orderStatus(t, orderId)).toBe('paid');
    expect((await send(early)).statusCode).toBe(200);
    expect((await send(early)).statusCode).toBe(200);
    expect(await orderStatus(t, orderId)).toBe('partially_refunded');
    expect(await count(t, `select count(*) as n from refunds where provider_ref = 're_early_fake'`)).toBe(1);
    expect(await payments(data.checkoutId)).toBe(1);
  });

  it('refunds through Stripe for staff with an Idempotency-Key, and the refund events that follow change nothing more', async () => {
    const staff = await makeUser(t, { role: 'admin' });
    const { orderId, intent } = await intentFor();
    await send(stripe.event('payment_intent.succeeded', stripe.succeed(intent.id)));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${orderId}/refund`,
      headers: auth(staff.token),
      payload: { amount: 10_000, reason: 'Damaged fringe' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [call] = stripe.calls('POST', '/v1/refunds').filter((r) => r.body.includes(intent.id));
    expect(call!.headers['idempotency-key']).toBe(`knotwork-refund-${orderId}-0-10000`);
    const refund = [...stripe.refunds.values()].find((r) => r.payment_intent === intent.id)!;
    expect((await send(stripe.event('refund.created', refund))).statusCode).toBe(200);
    expect(
      (
        await send(
          stripe.event('charge.refunded', {
            id: 'ch_fake',
            object: 'charge',
            payment_intent: intent.id,
            amount_refunded: 10_000,
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(await count(t, `select count(*) as n from refunds where order_id = $1`, [orderId])).toBe(1);
    expect(await orderStatus(t, orderId)).toBe('partially_refunded');
  });

  it('leaves a staff refund to the staff transaction when its event comes first, and records it if that never happens', async () => {
    const { orderId, intent } = await intentFor();
    await send(stripe.event('payment_intent.succeeded', stripe.succeed(intent.id)));
    const now = Math.floor(Date.now() / 1000);
    const fresh = {
      id: 're_staff_fresh',
      object: 'refund',
      amount: 2_000,
      currency: 'usd',
      payment_intent: intent.id,
      status: 'succeeded',
      metadata: { knotwork: 'staff' },
      created: now,
    };
    expect((await send(stripe.event('refund.created', fresh))).statusCode).toBe(409);
    expect(await count(t, `select count(*) as n from refunds where order_id = $1`, [orderId])).toBe(0);
    const lost = { ...fresh, id: 're_staff_lost', created: now - 600 };
    expect((await send(stripe.event('refund.created', lost))).statusCode).toBe(200);
    expect(await count(t, `select count(*) as n from refunds where order_id = $1`, [orderId])).toBe(1);
  });

  it('saves a card from a SetupIntent (brand and last four only), pays with it in one click, and removes it', async () => {
    const { buyer, orderId, body } = await intentFor();
    const setup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/setup-intent',
      headers: auth(buyer.token),
    });
    expect(setup.statusCode, setup.body).toBe(200);
    const setupIntentId = (setup.json().data.clientSecret as string).split('_secret_')[0]!;
    const notYet = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/card',
      headers: auth(buyer.token),
      payload: { setupIntentId },
    });
    expect(notYet.statusCode).toBe(409);
    stripe.confirmSetup(setupIntentId, { brand: 'visa', last4: '4242' });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/card',
      headers: auth(buyer.token),
      payload: { setupIntentId },
    });
    expect(saved.json().data).toEqual({ cardNumber: 'Visa \u2022\u2022\u2022\u2022 4242' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: auth(buyer.token) })).json().user
        .cardNumber,
    ).toBe('Visa \u2022\u2022\u2022\u2022 4242');
    const stranger = await makeUser(t);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/payment/stripe/card',
          headers: auth(stranger.token),
          payload: { setupIntentId },
        })
      ).statusCode,
    ).toBe(404);

    const oneClick = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/create-payment-intent',
      headers: auth(buyer.token),
      payload: { ...body, useSavedCard: true },
    });
    expect(oneClick.json().data.status).toBe('succeeded');
    expect(await orderStatus(t, orderId)).toBe('paid');
    const intent = [...stripe.intents.values()].find(
      (pi) => (pi.metadata as { checkoutId: string }).checkoutId === oneClick.json().data.checkoutId,
    )!;
    // The webhook racing the client's own confirmation finds it paid.
    expect((await send(stripe.event('payment_intent.succeeded', intent))).statusCode).toBe(200);
    expect(await payments(oneClick.json().data.checkoutId)).toBe(1);

    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/v1/payment/stripe/card',
          headers: auth(buyer.token),
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: auth(buyer.token) })).json().user
        .cardNumber,
    ).toBeNull();
  });
});

describe('without Stripe keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('offers no card payment and its routes answer 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/payment/methods' })).json().data).toMatchObject(
      { stripe: null, paypal: null },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBeTruthy();
  });
});
