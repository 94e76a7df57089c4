import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { bid } from '../../bidding/helpers.ts';
import { endLotNow, openLotFixture } from '../../jobs/fixtures.ts';
import { addAddress, auth, makeUser } from '../helpers.ts';

describe('from a won lot to a paid, invoiced, shipped and delivered order (bank transfer)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('wins two lots, pays both in one checkout with one shipping charge, and follows them to the door', async () => {
    const [collector, staff] = [await makeUser(t), await makeUser(t, { role: 'admin' })];
    const lots = [
      await openLotFixture(t.database, { openingBid: 10_000 }),
      await openLotFixture(t.database, { openingBid: 20_000 }),
    ];
    for (const { lotId } of lots) {
      expect((await bid(t, lotId, 30_000, collector.token)).statusCode).toBe(201);
      await endLotNow(t.database, lotId);
    }
    await t.app.jobs.runDueJobsOnce();
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/v1/order/list', headers: auth(collector.token) })
    ).json().data;
    expect(mine).toHaveLength(2);
    const orderIds = mine.map((o: { id: string }) => o.id);
    // Hammer at the opening bids (100 and 200) + 25% premium.
    expect(mine.map((o: { itemPrice: number }) => o.itemPrice).sort()).toEqual([12_500, 25_000]);
    expect(t.mails.filter((m) => m.subject.startsWith('Congratulations'))).toHaveLength(2);

    const addressId = await addAddress(t, collector.token);
    const transfer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/bank-transfer',
      headers: auth(collector.token),
      payload: { orderIds, addressId, shippingMethod: 'courier' },
    });
    expect(transfer.statusCode).toBe(201);
    const { reference, checkout } = transfer.json().data;
    expect(checkout.quote).toMatchObject({
      subtotal: 37_500,
      shippingAmount: 9_500,
      taxAmount: 0,
      total: 47_000,
    });

    const staffPost = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/v1/admin${url}`, headers: auth(staff.token), payload });
    expect(
      (await staffPost('/payments/bank-transfer', { reference, amount: 47_000, currency: 'USD' })).json().data
        .outcome,
    ).toBe('paid');
    for (const id of orderIds) {
      expect(
        (await staffPost(`/orders/${id}/ship`, { carrier: 'FedEx', trackingNumber: '7712 3456 7890' }))
          .statusCode,
      ).toBe(200);
      expect((await staffPost(`/orders/${id}/deliver`, {})).statusCode).toBe(200);
    }
    const seen = await Promise.all(
      orderIds.map(
        async (id: string) =>
          (
            await t.app.inject({ method: 'GET', url: `/api/v1/order/${id}`, headers: auth(collector.token) })
          ).json().data,
      ),
    );
    expect(seen.map((o) => o.status)).toEqual(['delivered', 'delivered']);
    expect(seen.map((o) => o.events.map((e: { toStatus: string }) => e.toStatus))).toEqual([
      ['paid', 'shipped', 'delivered'],
      ['paid', 'shipped', 'delivered'],
    ]);
    expect(new Set(seen.map((o) => o.invoiceNumber)).size).toBe(1);
    expect(seen.reduce((sum, o) => sum + o.shippingAmount, 0)).toBe(9_500);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order/${orderIds[0]}/invoice`,
      headers: auth(collector.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(t.mails.filter((m) => m.subject.startsWith('Payment received'))).toHaveLength(1);
    expect(t.mails.filter((m) => m.subject.startsWith('On its way'))).toHaveLength(2);
  });
});
