import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMessages as m } from '@knotwork/shared/schemas/payments';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { auth, bankTransfer, count, makeOrder, makeUser, orderStatus } from '../helpers.ts';

/** Money that does not match (issue 24 section 1, decision 072): partial payments, credit, write-offs. */
describe('bank transfers that do not match the total', () => {
  let t: TestApp;
  let staff: { id: string; token: string };
  let accounts: { id: string; token: string };
  let specialist: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    staff = await makeUser(t, { role: 'admin' });
    accounts = await makeUser(t);
    await t.database.query(`update users set role = 'accounts' where id = $1`, [accounts.id]);
    specialist = await makeUser(t);
    await t.database.query(`update users set role = 'specialist' where id = $1`, [specialist.id]);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (
    url: string,
    payload: Record<string, unknown>,
    token = staff.token,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...auth(token), ...headers }, payload });
  const record = (
    payload: Record<string, unknown>,
    headers: Record<string, string> = {},
    token = staff.token,
  ) => post('/admin/payments/bank-transfer', payload, token, headers);
  const staffOrder = async (orderId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders/${orderId}`,
        headers: auth(staff.token),
      })
    ).json().data;

  /** A buyer's order of 1,000.00 + 25 % premium, checked out by bank transfer for collection: 1,250.00. */
  async function openTransfer(price = 100_000) {
    const buyer = await makeUser(t);
    const order = await makeOrder(t, buyer.id, { price });
    const data = (
      await bankTransfer(t, buyer.token, { orderIds: [order.orderId], shippingMethod: 'collect' })
    ).json().data;
    return {
      buyer,
      orderId: order.orderId,
      reference: data.reference as string,
      total: data.checkout.quote.total as number,
      checkoutId: data.checkout.id as string,
    };
  }

  it('choosing bank transfer mails the buyer the reference, amount, due date and instructions, in their language, once', async () => {
    const buyer = await makeUser(t);
    await t.database.query(`update users set language = 'fr' where id = $1`, [buyer.id]);
    const order = await makeOrder(t, buyer.id, { price: 100_000 });
    const before = t.mails.length;
    const data = (
      await bankTransfer(t, buyer.token, { orderIds: [order.orderId], shippingMethod: 'collect' })
    ).json().data;
    const mails = t.mails.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Votre virement : référence ${data.reference}`);
    const instructions = (await t.app.ctx.settings.get()).bankTransfer.instructions;
    expect(mails[0]!.text).toContain(data.reference);
    expect(mails[0]!.text).toContain('1\u202f250,00\u00a0$US');
    expect(mails[0]!.text).toContain('À régler avant le');
    expect(mails[0]!.text).toContain(instructions);
    // A retried checkout finds the same one and mails nothing more.
    await bankTransfer(t, buyer.token, { orderIds: [order.orderId], shippingMethod: 'collect' });
    expect(t.mails.length).toBe(before + 1);
  });

  it('a short transfer then the rest: a balance due, shown to the buyer and staff, then paid with one invoice', async () => {
    const { buyer, orderId, reference, total } = await openTransfer();
    expect(total).toBe(125_000);
    const mailsBefore = t.mails.length;
    // A wire fee took 15.00: the transfer is kept, leaving 15.00 due.
    const short = await record({ reference, amount: 123_500, currency: 'USD', transferId: 'WIRE-1' });
    expect(short.statusCode).toBe(200);
    expect(short.json()).toMatchObject({
      message: m.paymentPartial,
      data: {
        outcome: 'partial',
        invoiceNumber: null,
        balance: { total: 125_000, received: 123_500, balanceDue: 1_500, credit: 0 },
      },
    });
    expect(await orderStatus(t, orderId)).toBe('awaiting_payment');
    const partialMail = t.mails.slice(mailsBefore);
    expect(partialMail.map((x) => x.subject)).toEqual([`Part of your payment has arrived: ${reference}`]);
    expect(partialMail[0]!.text).toContain('$15.00 is still due');
    // The buyer's order page and the staff's order and list show it.
    const mine = (
      await t.app.inject({ method: 'GET', url: `/api/v1/order/${orderId}`, headers: auth(buyer.token) })
    ).json().data;
    expect(mine.balance).toMatchObject({ reference, received: 123_500, balanceDue: 1_500 });
    const detail = await staffOrder(orderId);
    expect(detail.balance).toMatchObject({ received: 123_500, balanceDue: 1_500 });
    expect(detail.payments).toEqual([
      expect.objectContaining({ amount: 123_500, status: 'applied', providerRef: 'WIRE-1' }),
    ]);
    const list = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/orders?q=${reference}`,
        headers: auth(staff.token),
      })
    ).json().data;
    expect(list).toEqual([
      expect.objectContaining({ id: orderId, paidSoFar: 123_500, balanceDue: 1_500, credit: 0 }),
    ]);

    // The rest arrives: paid, one invoice, one receipt.
    const rest = await record({ reference, amount: 1_500, currency: 'USD', transferId: 'WIRE-2' });
    expect(rest.json()).toMatchObject({
      message: m.paymentRecorded,
      data: { outcome: 'paid', invoiceNumber: expect.stringMatching(/^INV-/), balance: { balanceDue: 0 } },
    });
    expect(await orderStatus(t, orderId)).toBe('paid');
    expect(
      await count(
        t,
        `select count(*) as n from invoices i join checkouts c on c.id = i.checkout_id where c.reference = $1`,
        [reference],
      ),
    ).toBe(1);
    const paid = (
      await t.app.inject({ method: 'GET', url: `/api/v1/order/${orderId}`, headers: auth(buyer.token) })
    ).json().data;
    expect(paid).toMatchObject({
      status: 'paid',
      invoiceNumber: rest.json().data.invoiceNumber,
      balance: { received: 125_000, balanceDue: 0 },
    });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/order/${orderId}/invoice`,
          headers: auth(buyer.token),
        })
      ).statusCode,
    ).toBe(200);
    expect(t.mails.slice(mailsBefore).filter((x) => x.subject.startsWith('Payment received'))).toHaveLength(
      1,
    );
  });

  it('the issue as filed: a short record without any id, then the right amount, is never "already recorded"', async () => {
    const { orderId, reference } = await openTransfer();
    const short = await record({ reference, amount: 124_000, currency: 'USD' });
    expect(short.json().data.outcome).toBe('partial');
    // The web app sends an Idempotency-Key with every record; the rest is then a new transfer.
    const rest = await record(
      { reference, amount: 1_000, currency: 'USD' },
      { 'idempotency-key': 'dialog-2' },
    );
    expect(rest.json().data.outcome).toBe('paid');
    expect(await orderStatus(t, orderId)).toBe('paid');
  });

  it('with neither transfer id nor Idempotency-Key, a retry counts once and another amount asks for the transfer id', async () => {
    const { reference } = await openTransfer();
    expect((await record({ reference, amount: 100_000, currency: 'USD' })).json().data.outcome).toBe(
      'partial',
    );
    expect((await record({ reference, amount: 100_000, currency: 'USD' })).json().data.outcome).toBe(
      'duplicate',
    );
    const again = await record({ reference, amount: 25_000, currency: 'USD' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: m.transferIdRequired,
      errors: { transferId: m.transferIdRequired },
    });
    expect(
      await count(
        t,
        `select count(*) as n from payments p join checkouts c on c.id = p.checkout_id where c.reference = $1`,
        [reference],
      ),
    ).toBe(1);
  });

  it('several transfers add up to the total', async () => {
    const { orderId, reference } = await openTransfer();
    const outcomes = [];
    for (const [i, amount] of [50_000, 50_000, 25_000].entries()) {
      outcomes.push(
        (await record({ reference, amount, currency: 'USD', transferId: `PART-${i}` })).json().data,
      );
    }
    expect(outcomes.map((o) => o.outcome)).toEqual(['partial', 'partial', 'paid']);
    expect(outcomes.map((o) => o.balance.balanceDue)).toEqual([75_000, 25_000, 0]);
    expect(await orderStatus(t, orderId)).toBe('paid');
  });

  it('an overpayment pays the order and leaves a credit staff refund, at most the credit, once per key', async () => {
    const { orderId, reference } = await openTransfer();
    const mailsBefore = t.mails.length;
    const over = await record({ reference, amount: 130_000, currency: 'USD', transferId: 'OVER-1' });
    expect(over.json()).toMatchObject({
      message: m.paymentOverpaid,
      data: { outcome: 'paid', balance: { balanceDue: 0, credit: 5_000 } },
    });
    const mails = t.mails.slice(mailsBefore);
    expect(mails.find((x) => x.subject.startsWith('Payment received'))!.text).toContain(
      'You paid $50.00 more than the total',
    );
    expect(mails.find((x) => x.to === t.config.STAFF_EMAIL)!.subject).toBe(
      `Overpayment to refund: ${reference}`,
    );
    // A late extra transfer on the paid checkout is all credit.
    const late = await record({ reference, amount: 2_000, currency: 'USD', transferId: 'OVER-2' });
    expect(late.json()).toMatchObject({
      message: m.paymentCredit,
      data: { outcome: 'credit', balance: { credit: 7_000 } },
    });
    expect((await staffOrder(orderId)).balance).toMatchObject({ credit: 7_000 });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/admin/orders?q=${reference}`,
          headers: auth(staff.token),
        })
      ).json().data[0].credit,
    ).toBe(7_000);

    const tooMuch = await post(`/admin/orders/${orderId}/refund-credit`, {
      amount: 7_001,
      reason: 'Overpaid',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(m.creditTooLarge);
    const key = { 'idempotency-key': 'credit-1' };
    const refunds = await Promise.all(
      [1, 2, 3].map(() =>
        post(
          `/admin/orders/${orderId}/refund-credit`,
          { amount: 7_000, reason: 'Overpaid by the buyer' },
          accounts.token,
          key,
        ),
      ),
    );
    expect(refunds.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(refunds[0]!.json()).toMatchObject({
      message: m.creditRefunded,
      data: { balance: { credit: 0, creditRefunded: 7_000 } },
    });
    expect(
      await count(
        t,
        `select count(*) as n from payment_adjustments a join checkouts c on c.id = a.checkout_id where c.reference = $1`,
        [reference],
      ),
    ).toBe(1);
    expect(
      (await post(`/admin/orders/${orderId}/refund-credit`, { amount: 1, reason: 'Again' })).json().message,
    ).toBe(m.noCredit);
    expect(
      await count(
        t,
        `select count(*) as n from staff_actions where action = 'refund_credit' and order_id = $1`,
        [orderId],
      ),
    ).toBe(1);
    // The paid order is untouched by it.
    expect(await orderStatus(t, orderId)).toBe('paid');
  });

  it('write-off within the limit settles and issues the invoice once; beyond it, before any payment or by a specialist it is refused', async () => {
    const { orderId, reference } = await openTransfer();
    // Nothing received yet: nothing to settle by writing off.
    const early = await post(
      `/admin/orders/${orderId}/write-off`,
      { amount: 1_000, reason: 'Wire fee' },
      accounts.token,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(m.writeOffNothingReceived);
    await record({ reference, amount: 119_000, currency: 'USD', transferId: 'WO-1' });
    expect((await staffOrder(orderId)).writeOffLimit).toBe(5_000);
    // Beyond the default limit of 50.00, and beyond the balance.
    const above = await post(
      `/admin/orders/${orderId}/write-off`,
      { amount: 6_000, reason: 'Wire fee' },
      accounts.token,
    );
    expect(above.statusCode).toBe(409);
    expect(above.json()).toEqual({ message: m.writeOffAboveLimit, code: 'WRITE_OFF_ABOVE_LIMIT' });
    expect(
      (
        await post(`/admin/orders/${orderId}/write-off`, { amount: 6_001, reason: 'x' }, accounts.token)
      ).json().message,
    ).toBe(m.writeOffAboveBalance);
    // Shared validation: a reason is required, amounts are whole cents.
    const bad = await post(
      `/admin/orders/${orderId}/write-off`,
      { amount: 10.5, reason: ' ' },
      accounts.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ amount: m.amountInvalid, reason: m.reasonRequired });
    expect(
      (
        await post(
          `/admin/orders/${orderId}/write-off`,
          { amount: 1_000, reason: 'Wire fee' },
          specialist.token,
        )
      ).statusCode,
    ).toBe(403);

    // Within the limit, in two steps (the second one settles); replays with the same key write nothing more.
    const first = await post(
      `/admin/orders/${orderId}/write-off`,
      { amount: 4_000, reason: 'Wire fee' },
      accounts.token,
      { 'idempotency-key': 'wo-a' },
    );
    expect(first.json()).toMatchObject({
      message: m.writeOffRecorded,
      data: { balance: { writtenOff: 4_000, balanceDue: 2_000 }, invoiceNumber: null },
    });
    expect(
      (
        await post(
          `/admin/orders/${orderId}/write-off`,
          { amount: 4_000, reason: 'Wire fee' },
          accounts.token,
          { 'idempotency-key': 'wo-a' },
        )
      ).json().data.balance.writtenOff,
    ).toBe(4_000);
    const mailsBefore = t.mails.length;
    const settle = await Promise.all(
      [1, 2].map(() =>
        post(
          `/admin/orders/${orderId}/write-off`,
          { amount: 2_000, reason: 'Correspondent bank fee' },
          accounts.token,
          { 'idempotency-key': 'wo-b' },
        ),
      ),
    );
    expect(settle.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(settle.map((r) => r.json().data.invoiceNumber)).toEqual([
      expect.stringMatching(/^INV-/),
      expect.stringMatching(/^INV-/),
    ]);
    expect(await orderStatus(t, orderId)).toBe('paid');
    expect(
      await count(
        t,
        `select count(*) as n from invoices i join checkouts c on c.id = i.checkout_id where c.reference = $1`,
        [reference],
      ),
    ).toBe(1);
    expect(t.mails.slice(mailsBefore).filter((x) => x.subject.startsWith('Payment received'))).toHaveLength(
      1,
    );
    const audit = await t.database.query<{ reason: string; details: { amount: number } }>(
      `select reason, details from staff_actions where action = 'write_off_balance' and order_id = $1 and staff_id = $2 order by created_at`,
      [orderId, accounts.id],
    );
    expect(audit.map((a) => [a.reason, a.details.amount])).toEqual([
      ['Wire fee', 4_000],
      ['Correspondent bank fee', 2_000],
    ]);
    // Nothing is left to write off.
    expect(
      (await post(`/admin/orders/${orderId}/write-off`, { amount: 1, reason: 'x' }, accounts.token)).json()
        .message,
    ).toBe(m.writeOffNothingDue);
  });

  it('the write-off limit comes from Settings', async () => {
    const instructions = (await t.app.ctx.settings.get()).bankTransfer.instructions;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/bank-transfer',
      headers: auth(staff.token),
      payload: { instructions, writeOffLimit: 10_000 },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.bankTransfer.writeOffLimit).toBe(10_000);
    const { orderId, reference } = await openTransfer();
    await record({ reference, amount: 116_000, currency: 'USD', transferId: 'LIMIT-1' });
    expect(
      (
        await post(
          `/admin/orders/${orderId}/write-off`,
          { amount: 9_000, reason: 'Two wire fees' },
          accounts.token,
        )
      ).json().data.invoiceNumber,
    ).toMatch(/^INV-/);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/bank-transfer',
      headers: auth(staff.token),
      payload: { instructions, writeOffLimit: 5_000 },
    });
  });

  it('a refused record answers 409 with the reason, is kept for the record, and does not block the right one', async () => {
    const { orderId, reference, checkoutId } = await openTransfer();
    // Cancelled orders are no longer payable: the transfer is refused, staff told.
    const other = await openTransfer();
    await post(`/admin/orders/${other.orderId}/cancel`, { reason: 'Buyer withdrew' });
    const late = await record({
      reference: other.reference,
      amount: other.total,
      currency: 'USD',
      transferId: 'LATE-1',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: m.paymentRefusedNotPayable, code: 'PAYMENT_NOT_PAYABLE' });

    const wrong = await record({ reference, amount: 125_000, currency: 'GBP', transferId: 'FX-1' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe(m.paymentRefusedCurrency);
    const right = await record({ reference, amount: 125_000, currency: 'USD', transferId: 'FX-1' });
    expect(right.json().data.outcome).toBe('paid');
    const rows = await t.database.query<{ status: string; refusal: string | null }>(
      `select status, refusal from payments where checkout_id = $1 order by created_at`,
      [checkoutId],
    );
    expect(rows).toEqual([
      { status: 'refused', refusal: 'currency_mismatch' },
      { status: 'applied', refusal: null },
    ]);
    expect((await staffOrder(orderId)).payments.map((p: { status: string }) => p.status)).toEqual([
      'refused',
      'applied',
    ]);
  });

  it('the same transfer replayed is recorded once; the same id with another amount is a 409', async () => {
    const { reference, checkoutId } = await openTransfer();
    const first = await record({ reference, amount: 60_000, currency: 'USD', transferId: 'REPLAY-1' });
    expect(first.json().data.outcome).toBe('partial');
    const replay = await record({ reference, amount: 60_000, currency: 'USD', transferId: 'REPLAY-1' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({
      message: m.paymentDuplicate,
      data: { outcome: 'duplicate', paymentId: first.json().data.paymentId, balance: { received: 60_000 } },
    });
    const differs = await record({ reference, amount: 61_000, currency: 'USD', transferId: 'REPLAY-1' });
    expect(differs.statusCode).toBe(409);
    expect(differs.json()).toEqual({ message: m.paymentDifferentAmount, code: 'TRANSFER_ID_REUSED' });
    // An Idempotency-Key replay too.
    const keyed = await record({ reference, amount: 5_000, currency: 'USD' }, { 'idempotency-key': 'k-1' });
    expect(
      (await record({ reference, amount: 5_000, currency: 'USD' }, { 'idempotency-key': 'k-1' })).json().data,
    ).toMatchObject({ outcome: 'duplicate', paymentId: keyed.json().data.paymentId });
    expect(await count(t, `select count(*) as n from payments where checkout_id = $1`, [checkoutId])).toBe(2);
  });

  it('concurrent records do not double-count: one transfer sent five times at once, five parts at once', async () => {
    const a = await openTransfer();
    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        record({ reference: a.reference, amount: 40_000, currency: 'USD', transferId: 'RACE-SAME' }),
      ),
    );
    expect(same.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(same.map((r) => r.json().data.outcome).sort()).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'partial',
    ]);
    expect(
      await count(
        t,
        `select coalesce(sum(amount), 0) as n from payments where checkout_id = $1 and status = 'applied'`,
        [a.checkoutId],
      ),
    ).toBe(40_000);

    const b = await openTransfer();
    const mailsBefore = t.mails.length;
    const parts = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        record({ reference: b.reference, amount: 25_000, currency: 'USD', transferId: `RACE-${i}` }),
      ),
    );
    expect(parts.map((r) => r.json().data.outcome).sort()).toEqual([
      'paid',
      'partial',
      'partial',
      'partial',
      'partial',
    ]);
    expect(await orderStatus(t, b.orderId)).toBe('paid');
    expect(await count(t, `select count(*) as n from invoices where checkout_id = $1`, [b.checkoutId])).toBe(
      1,
    );
    expect(
      await count(t, `select count(*) as n from order_events where order_id = $1 and to_status = 'paid'`, [
        b.orderId,
      ]),
    ).toBe(1);
    expect(t.mails.slice(mailsBefore).filter((x) => x.subject.startsWith('Payment received'))).toHaveLength(
      1,
    );
  });

  it('a part-paid fixed-price rug keeps its hold while the rest comes', async () => {
    const buyer = await makeUser(t);
    const order = await makeOrder(t, buyer.id, { kind: 'fixed_price', price: 30_000 });
    const { reference } = (
      await bankTransfer(t, buyer.token, { orderIds: [order.orderId], shippingMethod: 'collect' })
    ).json().data;
    await t.database.query(`update orders set reserved_until = now() + interval '1 second' where id = $1`, [
      order.orderId,
    ]);
    expect(
      (await record({ reference, amount: 29_000, currency: 'USD', transferId: 'HOLD-1' })).json().data
        .outcome,
    ).toBe('partial');
    await new Promise((r) => setTimeout(r, 1_100));
    await t.app.jobs.runDueJobsOnce();
    expect(await orderStatus(t, order.orderId)).toBe('awaiting_payment');
    expect(
      await count(
        t,
        `select count(*) as n from orders where id = $1 and reserved_until > now() + interval '2 days'`,
        [order.orderId],
      ),
    ).toBe(1);
  });

  it('money records are append-only: the database refuses to edit or delete them', async () => {
    const { reference, checkoutId } = await openTransfer();
    await record({ reference, amount: 1_000, currency: 'USD', transferId: 'FROZEN-1' });
    await expect(
      t.database.query(`update payments set amount = 2000 where checkout_id = $1`, [checkoutId]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.database.query(`delete from payments where checkout_id = $1`, [checkoutId]),
    ).rejects.toThrow(/append-only/);
  });
});
