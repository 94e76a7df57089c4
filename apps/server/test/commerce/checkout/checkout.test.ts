import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { paymentMessages } from '@knotwork/shared/schemas/payments';
import {
  addAddress,
  auth,
  bankTransfer,
  count,
  frAddress,
  makeOrder,
  makeUser,
  orderStatus,
} from '../helpers.ts';

describe('checkout quote and bank transfer', () => {
  let t: TestApp;
  let staff: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await makeUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t.close();
  });

  const quote = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/checkout/quote', headers: auth(token), payload });
  const record = (payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/payments/bank-transfer',
      headers: auth(staff.token),
      payload,
    });

  it('prices several orders with one combined shipping charge, computed by the server', async () => {
    const buyer = await makeUser(t);
    const a = await makeOrder(t, buyer.id, { price: 100_000 });
    const b = await makeOrder(t, buyer.id, { price: 50_000 });
    const c = await makeOrder(t, buyer.id, { kind: 'fixed_price', price: 30_000 });
    const addressId = await addAddress(t, buyer.token);
    const res = await quote(buyer.token, {
      orderIds: [a.orderId, b.orderId, c.orderId],
      addressId,
      shippingMethod: 'courier',
    });
    expect(res.statusCode).toBe(200);
    const q = res.json().data;
    expect(q.lines.map((l: { orderId: string }) => l.orderId)).toEqual([a.orderId, b.orderId, c.orderId]);
    expect(q.lines[0]).toMatchObject({
      hammerPrice: 100_000,
      buyersPremium: 25_000,
      itemPrice: 125_000,
      tax: 0,
      kind: 'auction',
    });
    expect(q.lines[2]).toMatchObject({
      hammerPrice: null,
      buyersPremium: 0,
      itemPrice: 30_000,
      kind: 'fixed_price',
    });
    expect(q.shipping).toEqual({ method: 'courier', zone: 'domestic', amount: 9_500, tax: 0 });
    expect(q).toMatchObject({
      subtotal: 217_500,
      shippingAmount: 9_500,
      taxAmount: 0,
      total: 227_000,
      currency: 'USD',
      tax: null,
    });
    expect(q.shippingAddress).toMatchObject({ city: 'New York', country: 'US' });

    const collect = (await quote(buyer.token, { orderIds: [a.orderId], shippingMethod: 'collect' })).json()
      .data;
    expect(collect).toMatchObject({
      shippingAmount: 0,
      total: 125_000,
      shippingAddress: null,
      shipping: { method: 'collect', zone: null },
    });
  });

  it('applies a destination tax rate: margin scheme on premium and shipping, or the whole amount', async () => {
    const buyer = await makeUser(t);
    const a = await makeOrder(t, buyer.id, { price: 100_000 });
    const f = await makeOrder(t, buyer.id, { kind: 'fixed_price', price: 30_000 });
    const addressId = await addAddress(t, buyer.token, frAddress);
    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/tax-rates',
      headers: auth(staff.token),
      payload: { country: 'FR', rateBp: 2000, appliesTo: 'premium_and_shipping' },
    });
    expect(set.statusCode).toBe(200);
    const q = (
      await quote(buyer.token, { orderIds: [a.orderId, f.orderId], addressId, shippingMethod: 'courier' })
    ).json().data;
    // 20% of the 25,000 premium; nothing on the all-in fixed price; 20% of the 24,500 European shipping.
    expect(q.lines.map((l: { tax: number }) => l.tax)).toEqual([5_000, 0]);
    expect(q.shipping).toMatchObject({ zone: 'europe', amount: 24_500, tax: 4_900 });
    expect(q).toMatchObject({
      taxAmount: 9_900,
      total: 125_000 + 30_000 + 24_500 + 9_900,
      tax: { country: 'FR', rateBp: 2000, appliesTo: 'premium_and_shipping' },
    });

    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/tax-rates',
      headers: auth(staff.token),
      payload: { country: 'FR', rateBp: 2000, appliesTo: 'whole' },
    });
    const whole = (
      await quote(buyer.token, { orderIds: [a.orderId, f.orderId], addressId, shippingMethod: 'courier' })
    ).json().data;
    expect(whole.lines.map((l: { tax: number }) => l.tax)).toEqual([25_000, 6_000]);
    const rates = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/tax-rates', headers: auth(staff.token) })
    ).json().data;
    expect(rates).toHaveLength(1);
    expect(await count(t, `select count(*) as n from staff_actions where action = 'set_tax_rate'`)).toBe(2);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/tax-rates/${rates[0].id}`,
      headers: auth(staff.token),
    });
  });

  it("refuses another buyer's order or address as not found, and unpayable or malformed requests", async () => {
    const buyer = await makeUser(t);
    const other = await makeUser(t);
    const mine = await makeOrder(t, buyer.id);
    const theirs = await makeOrder(t, other.id);
    const myAddress = await addAddress(t, buyer.token);
    const theirAddress = await addAddress(t, other.token);
    expect(
      (
        await quote(buyer.token, {
          orderIds: [mine.orderId, theirs.orderId],
          addressId: myAddress,
          shippingMethod: 'courier',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await bankTransfer(t, buyer.token, { orderIds: [theirs.orderId], shippingMethod: 'collect' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await quote(buyer.token, {
          orderIds: [mine.orderId],
          addressId: theirAddress,
          shippingMethod: 'courier',
        })
      ).statusCode,
    ).toBe(404);
    const noAddress = await quote(buyer.token, { orderIds: [mine.orderId], shippingMethod: 'courier' });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().errors).toHaveProperty('addressId');
    expect((await quote(buyer.token, { orderIds: [], shippingMethod: 'collect' })).statusCode).toBe(400);
    expect(
      (await quote(buyer.token, { orderIds: [mine.orderId, mine.orderId], shippingMethod: 'collect' }))
        .statusCode,
    ).toBe(400);
    // The client never sends an amount: an extra field is refused rather than ignored.
    expect(
      (await quote(buyer.token, { orderIds: [mine.orderId], shippingMethod: 'collect', total: 1 }))
        .statusCode,
    ).toBe(400);
    await t.database.query(`update orders set status = 'cancelled' where id = $1`, [mine.orderId]);
    const gone = await quote(buyer.token, { orderIds: [mine.orderId], shippingMethod: 'collect' });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ code: 'ORDER_NOT_PAYABLE' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/checkout/quote',
          payload: { orderIds: [mine.orderId], shippingMethod: 'collect' },
        })
      ).statusCode,
    ).toBe(401);
    // Without a session the answer is 401 before the body is even read.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/payment/bank-transfer', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('bank transfer: a reference and instructions, the same checkout on retry; staff record it -> paid, one invoice, one receipt', async () => {
    const buyer = await makeUser(t);
    const a = await makeOrder(t, buyer.id, { price: 100_000 });
    const b = await makeOrder(t, buyer.id, { price: 40_000 });
    const addressId = await addAddress(t, buyer.token);
    const payload = { orderIds: [a.orderId, b.orderId], addressId, shippingMethod: 'courier' };
    const first = await bankTransfer(t, buyer.token, payload);
    expect(first.statusCode).toBe(201);
    const body = first.json().data;
    expect(body.reference).toMatch(/^KW-[2-9A-HJ-NP-Z]{6}$/);
    expect(body.instructions).toBe(t.config.BANK_TRANSFER_INSTRUCTIONS);
    expect(body.checkout).toMatchObject({ status: 'open', method: 'bank_transfer', invoiceNumber: null });
    expect(body.checkout.quote).toMatchObject({ shippingAmount: 9_500, total: 125_000 + 50_000 + 9_500 });
    const again = (await bankTransfer(t, buyer.token, payload)).json().data;
    expect(again.reference).toBe(body.reference);
    expect(await orderStatus(t, a.orderId)).toBe('awaiting_payment');
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/v1/order/${a.orderId}`, headers: auth(buyer.token) })
    ).json().data;
    expect(detail.openCheckout).toMatchObject({ reference: body.reference, total: 184_500 });

    const mailsBefore = t.mails.length;
    const recorded = await record({
      reference: body.reference.toLowerCase(),
      amount: 184_500,
      currency: 'usd',
    });
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json().data).toMatchObject({
      outcome: 'paid',
      invoiceNumber: expect.stringMatching(/^INV-\d{4}-\d{6}$/),
    });
    expect(await orderStatus(t, a.orderId)).toBe('paid');
    expect(await orderStatus(t, b.orderId)).toBe('paid');
    expect(
      await count(t, `select count(*) as n from invoices where checkout_id = $1`, [body.checkout.id]),
    ).toBe(1);
    // Combined shipping: one charge, split across the orders by price (largest remainder, decision 073); the orders'
    // totals add up to what was paid.
    const frozen = await t.database.query<{ shipping_amount: string; total: string }>(
      `select shipping_amount, total from orders where id = any($1::uuid[]) order by shipping_amount desc`,
      [[a.orderId, b.orderId]],
    );
    expect(frozen.map((r) => Number(r.shipping_amount))).toEqual([6_786, 2_714]);
    expect(frozen.reduce((s, r) => s + Number(r.total), 0)).toBe(184_500);
    const receipts = t.mails.slice(mailsBefore);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toContain('Payment received');
    expect(receipts[0]!.attachments?.[0]?.contentType).toBe('application/pdf');
    expect(receipts[0]!.attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      await count(
        t,
        `select count(*) as n from staff_actions where action = 'record_bank_transfer' and staff_id = $1`,
        [staff.id],
      ),
    ).toBe(1);
    const paid = (
      await t.app.inject({ method: 'GET', url: `/api/v1/order/${a.orderId}`, headers: auth(buyer.token) })
    ).json().data;
    expect(paid).toMatchObject({
      status: 'paid',
      shippingAmount: 6_786,
      total: 125_000 + 6_786,
      openCheckout: null,
      invoiceNumber: recorded.json().data.invoiceNumber,
    });
    expect(paid.events).toEqual([
      expect.objectContaining({ fromStatus: 'awaiting_payment', toStatus: 'paid', actor: 'staff' }),
    ]);

    // The same transfer recorded again changes nothing.
    const replay = await record({ reference: body.reference, amount: 184_500, currency: 'USD' });
    expect(replay.json().data.outcome).toBe('duplicate');
    expect(
      await count(t, `select count(*) as n from payments where checkout_id = $1`, [body.checkout.id]),
    ).toBe(1);
    expect(t.mails.length).toBe(mailsBefore + 1);
    expect((await record({ reference: 'KW-ZZZZZZ', amount: 100, currency: 'USD' })).statusCode).toBe(404);
  });

  it('a wrong currency is refused with a 409 and tells staff; it never blocks the right record (decision 072)', async () => {
    const buyer = await makeUser(t);
    const a = await makeOrder(t, buyer.id, { price: 100_000 });
    const { reference } = (
      await bankTransfer(t, buyer.token, { orderIds: [a.orderId], shippingMethod: 'collect' })
    ).json().data;
    const mailsBefore = t.mails.length;
    const euro = await record({ reference, amount: 125_000, currency: 'EUR', transferId: 'BANK-2' });
    expect(euro.statusCode).toBe(409);
    expect(euro.json()).toEqual({
      message: paymentMessages.paymentRefusedCurrency,
      code: 'PAYMENT_CURRENCY_MISMATCH',
    });
    // Without a transfer id the attempt does not hold the reference either.
    expect((await record({ reference, amount: 125_000, currency: 'EUR' })).statusCode).toBe(409);
    expect(await orderStatus(t, a.orderId)).toBe('awaiting_payment');
    expect(
      await count(
        t,
        `select count(*) as n from invoices i join checkouts c on c.id = i.checkout_id where c.reference = $1`,
        [reference],
      ),
    ).toBe(0);
    const staffMails = t.mails.slice(mailsBefore);
    expect(staffMails.map((m) => m.to)).toEqual([t.config.STAFF_EMAIL, t.config.STAFF_EMAIL]);
    expect(staffMails[0]!.subject).toContain(reference);
    // The right record then pays it, with the same transfer id or none.
    expect(
      (await record({ reference, amount: 125_000, currency: 'USD', transferId: 'BANK-2' })).json().data
        .outcome,
    ).toBe('paid');
  });

  it('a fixed-price hold is extended to the payment due date by a bank-transfer checkout', async () => {
    const buyer = await makeUser(t);
    const f = await makeOrder(t, buyer.id, { kind: 'fixed_price', price: 30_000 });
    const res = (
      await bankTransfer(t, buyer.token, { orderIds: [f.orderId], shippingMethod: 'collect' })
    ).json().data;
    const days = (Date.parse(res.dueAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    await t.app.jobs.runDueJobsOnce();
    expect(await orderStatus(t, f.orderId)).toBe('awaiting_payment');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/payments/bank-transfer',
      headers: auth(staff.token),
      payload: { reference: res.reference, amount: 30_000, currency: 'USD' },
    });
    const [rug] = await t.database.query<{ status: string }>(`select status from rugs where id = $1`, [
      f.rugId,
    ]);
    expect(rug!.status).toBe('sold');
  });
});
