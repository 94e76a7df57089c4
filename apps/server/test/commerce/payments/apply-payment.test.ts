import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { buyNow } from '../../bidding/helpers.ts';
import { pdfText } from '../documents/pdf-text.ts';
import { auth, bankTransfer, count, makeOrder, makeUser, orderStatus, pay } from '../helpers.ts';

describe('applyPayment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function openCheckout(price = 100_000) {
    const buyer = await makeUser(t);
    const order = await makeOrder(t, buyer.id, { price });
    const data = (
      await bankTransfer(t, buyer.token, { orderIds: [order.orderId], shippingMethod: 'collect' })
    ).json().data;
    return {
      buyer,
      order,
      checkoutId: data.checkout.id as string,
      total: data.checkout.quote.total as number,
    };
  }

  it('the same payment reported 5 times, in turn and at once: one payment, one invoice, one mail', async () => {
    const { checkoutId, total, order } = await openCheckout();
    const report = {
      checkoutId,
      provider: 'stripe' as const,
      providerRef: 'pi_replayed',
      amount: total,
      currency: 'USD',
    };
    const mailsBefore = t.mails.length;
    const first = await pay(t, report);
    expect(first.outcome).toBe('paid');
    for (let i = 0; i < 4; i += 1) expect((await pay(t, report)).outcome).toBe('duplicate');
    const together = await Promise.all(Array.from({ length: 5 }, () => pay(t, report)));
    expect(together.every((r) => r.outcome === 'duplicate' && r.paymentId === first.paymentId)).toBe(true);
    expect(await count(t, `select count(*) as n from payments where checkout_id = $1`, [checkoutId])).toBe(1);
    expect(await count(t, `select count(*) as n from invoices where checkout_id = $1`, [checkoutId])).toBe(1);
    expect(
      await count(t, `select count(*) as n from order_events where order_id = $1 and to_status = 'paid'`, [
        order.orderId,
      ]),
    ).toBe(1);
    expect(t.mails.length).toBe(mailsBefore + 1);
  });

  it('5 reports racing from the start still pay once', async () => {
    const { checkoutId, total } = await openCheckout();
    const report = {
      checkoutId,
      provider: 'paypal' as const,
      providerRef: 'CAPTURE-RACE',
      amount: total,
      currency: 'USD',
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => pay(t, report)));
    expect(results.filter((r) => r.outcome === 'paid')).toHaveLength(1);
    expect(await count(t, `select count(*) as n from invoices where checkout_id = $1`, [checkoutId])).toBe(1);
  });

  it('two checkouts of one order: the second payment is refused (not payable) and staff are told', async () => {
    const buyer = await makeUser(t);
    const order = await makeOrder(t, buyer.id);
    const a = (
      await bankTransfer(t, buyer.token, { orderIds: [order.orderId], shippingMethod: 'collect' })
    ).json().data.checkout;
    const addressId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/address/add',
        headers: auth(buyer.token),
        payload: {
          name: 'A B',
          phone: '+1 (212) 555-0147',
          line1: '1 Main St',
          city: 'Boston',
          state: 'MA',
          postalCode: '02110',
          country: 'US',
        },
      })
    ).json().data.id;
    const b = (
      await bankTransfer(t, buyer.token, { orderIds: [order.orderId], shippingMethod: 'courier', addressId })
    ).json().data.checkout;
    expect(b.id).not.toBe(a.id);
    expect(
      (
        await pay(t, {
          checkoutId: a.id,
          provider: 'stripe',
          providerRef: 'pi_a',
          amount: a.quote.total,
          currency: 'USD',
        })
      ).outcome,
    ).toBe('paid');
    const mailsBefore = t.mails.length;
    const second = await pay(t, {
      checkoutId: b.id,
      provider: 'stripe',
      providerRef: 'pi_b',
      amount: b.quote.total,
      currency: 'USD',
    });
    expect(second).toMatchObject({ outcome: 'refused', refusal: 'not_payable' });
    expect(t.mails.slice(mailsBefore).map((m) => m.to)).toEqual([t.config.STAFF_EMAIL]);
    expect(await count(t, `select count(*) as n from invoices where checkout_id = $1`, [b.id])).toBe(0);
    const [row] = await t.database.query<{ status: string }>(`select status from checkouts where id = $1`, [
      b.id,
    ]);
    expect(row!.status).toBe('superseded');
  });

  it('payments of two checkouts sharing orders, racing each other and a staff cancel: one wins, nothing deadlocks', async () => {
    const staff = await makeUser(t, { role: 'admin' });
    for (let round = 0; round < 5; round += 1) {
      const buyer = await makeUser(t);
      const [o1, o2] = [await makeOrder(t, buyer.id), await makeOrder(t, buyer.id)];
      const a = (
        await bankTransfer(t, buyer.token, { orderIds: [o1.orderId, o2.orderId], shippingMethod: 'collect' })
      ).json().data.checkout;
      const addressId = (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/address/add',
          headers: auth(buyer.token),
          payload: {
            name: 'A B',
            phone: '+1 (212) 555-0147',
            line1: '1 Main St',
            city: 'Boston',
            state: 'MA',
            postalCode: '02110',
            country: 'US',
          },
        })
      ).json().data.id;
      const b = (
        await bankTransfer(t, buyer.token, {
          orderIds: [o2.orderId, o1.orderId],
          shippingMethod: 'courier',
          addressId,
        })
      ).json().data.checkout;
      const [ra, rb, cancel] = await Promise.all([
        pay(t, {
          checkoutId: a.id,
          provider: 'stripe',
          providerRef: `pi_race_a_${round}`,
          amount: a.quote.total,
          currency: 'USD',
        }),
        pay(t, {
          checkoutId: b.id,
          provider: 'stripe',
          providerRef: `pi_race_b_${round}`,
          amount: b.quote.total,
          currency: 'USD',
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/orders/${o2.orderId}/cancel`,
          headers: auth(staff.token),
          payload: { reason: 'race' },
        }),
      ]);
      const paid = [ra, rb].filter((r) => r.outcome === 'paid').length;
      expect(paid + (cancel.statusCode === 200 ? 1 : 0)).toBe(1);
      expect([200, 409]).toContain(cancel.statusCode);
      expect(
        await count(t, `select count(*) as n from invoices where checkout_id = any($1::uuid[])`, [
          [a.id, b.id],
        ]),
      ).toBe(paid);
    }
  });

  it('a payment for a lapsed fixed-price hold racing another buyer: exactly one gets the rug, nothing deadlocks', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = [await makeUser(t), await makeUser(t)];
      const held = await makeOrder(t, first.id, { kind: 'fixed_price', price: 20_000 });
      const { checkout } = (
        await bankTransfer(t, first.token, { orderIds: [held.orderId], shippingMethod: 'collect' })
      ).json().data;
      await t.database.query(`update orders set reserved_until = now() - interval '1 second' where id = $1`, [
        held.orderId,
      ]);
      const [paid, bought] = await Promise.all([
        pay(t, {
          checkoutId: checkout.id,
          provider: 'stripe',
          providerRef: `pi_lapsed_${round}`,
          amount: 20_000,
          currency: 'USD',
        }),
        buyNow(t, held.rugId, second.token),
      ]);
      expect([paid.outcome === 'paid', bought.statusCode === 201].filter(Boolean)).toHaveLength(1);
      // Refused for a reason, never because the database broke a deadlock (TRY_AGAIN).
      if (bought.statusCode !== 201) expect(bought.json().code).toBe('NOT_FOR_SALE');
      expect(
        await count(
          t,
          `select count(*) as n from orders where rug_id = $1 and status in ('awaiting_payment', 'paid')`,
          [held.rugId],
        ),
      ).toBe(1);
    }
  });

  it('invoice numbers stay gapless and unique under 20 concurrent payments', async () => {
    const checkouts = [];
    for (let i = 0; i < 20; i += 1) checkouts.push(await openCheckout(10_000 + i * 100));
    const before = await count(t, `select count(*) as n from invoices`);
    const results = await Promise.all(
      checkouts.map((c, i) =>
        pay(t, {
          checkoutId: c.checkoutId,
          provider: 'stripe',
          providerRef: `pi_concurrent_${i}`,
          amount: c.total,
          currency: 'USD',
        }),
      ),
    );
    expect(results.every((r) => r.outcome === 'paid')).toBe(true);
    const numbers = (
      await t.database.query<{ number: string }>(`select number from invoices order by number`)
    ).map((r) => r.number);
    expect(numbers).toHaveLength(before + 20);
    const year = new Date().getUTCFullYear();
    expect(numbers).toEqual(numbers.map((_, i) => `INV-${year}-${String(i + 1).padStart(6, '0')}`));
    // Issued invoices are frozen by the database itself.
    await expect(
      t.database.query(`update invoices set number = 'INV-X' where number = $1`, [numbers[0]]),
    ).rejects.toThrow(/cannot be changed/);
    await expect(t.database.query(`delete from invoices where number = $1`, [numbers[0]])).rejects.toThrow(
      /cannot be changed/,
    );
  });

  it('two buyers racing for one fixed-price rug: one order, the other refused cleanly', async () => {
    const [a, b] = [await makeUser(t), await makeUser(t)];
    const [rug] = await t.database.query<{ id: string }>(
      `insert into rugs (slug, title, origin_country, origin_region, style, age_class, width_cm, length_cm, shape, condition_grade,
         estimate_low, estimate_high, fixed_price, status)
       values ('race-rug', 'Race Kazak', 'Iran', 'Kazak', 'caucasian', 'antique', 120, 180, 'rectangle', 'good', 1, 2, 45000, 'available') returning id`,
    );
    const answers = await Promise.all([buyNow(t, rug!.id, a.token), buyNow(t, rug!.id, b.token)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ code: 'RUG_RESERVED' });
    const winner = answers[0].statusCode === 201 ? a : b;
    const orderId = answers.find((r) => r.statusCode === 201)!.json().data.order.id as string;
    const { checkout } = (
      await bankTransfer(t, winner.token, { orderIds: [orderId], shippingMethod: 'collect' })
    ).json().data;
    expect(
      (
        await pay(t, {
          checkoutId: checkout.id,
          provider: 'bank_transfer',
          providerRef: checkout.reference,
          amount: 45_000,
          currency: 'USD',
        })
      ).outcome,
    ).toBe('paid');
    expect(await count(t, `select count(*) as n from orders where rug_id = $1`, [rug!.id])).toBe(1);
    expect(await orderStatus(t, orderId)).toBe('paid');
    // Sold: nobody can buy it again.
    const late = await buyNow(t, rug!.id, (winner === a ? b : a).token);
    expect(late.statusCode).toBe(409);
  });
});

describe('orders and invoices: object-level access', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('only the buyer sees the order; the buyer and staff download the invoice; others get 404', async () => {
    const buyer = await makeUser(t);
    const stranger = await makeUser(t);
    const staff = await makeUser(t, { role: 'admin' });
    const order = await makeOrder(t, buyer.id, { price: 70_000 });
    const get = (url: string, token?: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? auth(token) : {} });
    expect((await get(`/order/${order.orderId}`, buyer.token)).statusCode).toBe(200);
    expect((await get(`/order/${order.orderId}`, stranger.token)).json()).toEqual({
      message: 'Order not found',
    });
    expect((await get(`/order/${order.orderId}`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/order/not-a-uuid`, buyer.token)).statusCode).toBe(404);
    expect((await get(`/order/${order.orderId}`)).statusCode).toBe(401);
    expect((await get(`/order/${order.orderId}/invoice`, buyer.token)).statusCode).toBe(404);

    const { checkout } = (
      await bankTransfer(t, buyer.token, { orderIds: [order.orderId], shippingMethod: 'collect' })
    ).json().data;
    expect((await get(`/checkout/${checkout.id}`, stranger.token)).statusCode).toBe(404);
    await pay(t, {
      checkoutId: checkout.id,
      provider: 'bank_transfer',
      providerRef: checkout.reference,
      amount: checkout.quote.total,
      currency: 'USD',
    });
    const own = await get(`/order/${order.orderId}/invoice`, buyer.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(own.headers['content-disposition']).toMatch(/INV-\d{4}-000001\.pdf/);
    expect((await get(`/order/${order.orderId}/invoice`, staff.token)).statusCode).toBe(200);
    expect((await get(`/order/${order.orderId}/invoice`, stranger.token)).statusCode).toBe(404);
    // In the reader's language (issue 29 §3): the page's, else the one frozen with the invoice; a language we do
    // not print is refused.
    expect(pdfText(own.rawPayload)).toContain('Invoice');
    const inArabic = await get(`/order/${order.orderId}/invoice?lang=ar`, staff.token);
    expect(inArabic.statusCode).toBe(200);
    expect(pdfText(inArabic.rawPayload)).toContain('فاتورة');
    expect(pdfText((await get(`/order/${order.orderId}/invoice?lang=fr`, buyer.token)).rawPayload)).toContain(
      'Facture',
    );
    expect((await get(`/order/${order.orderId}/invoice?lang=xx`, buyer.token)).statusCode).toBe(400);
    expect((await get(`/checkout/${checkout.id}`, buyer.token)).json().data).toMatchObject({
      status: 'paid',
      invoiceNumber: expect.stringMatching(/^INV-/),
    });
    // My Items lists it with its invoice and what was paid.
    const listed = (await get('/order/list', buyer.token)).json().data[0];
    expect(listed).toMatchObject({
      id: order.orderId,
      status: 'paid',
      total: checkout.quote.total,
      invoiceNumber: expect.stringMatching(/^INV-/),
    });
    // The staff API is staff only.
    expect((await get(`/admin/orders/${order.orderId}`, buyer.token)).statusCode).toBe(403);
    expect((await get(`/admin/orders/${order.orderId}`, staff.token)).json().data).toMatchObject({
      status: 'paid',
      buyer: { id: buyer.id },
      payments: [{ status: 'applied' }],
    });
  });
});
