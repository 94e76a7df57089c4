import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { addAddress, auth, bankTransfer, count, makeOrder, makeUser, orderStatus } from '../helpers.ts';

const ukAddress = {
  name: 'Harriet Vane',
  phone: '+44 20 7946 0958',
  line1: '24 Doughty Street',
  city: 'London',
  postalCode: 'WC1N 2PL',
  country: 'GB',
};

/** The text of a PDF, as pdftotext reads it (poppler-utils). */
function pdfText(pdf: Buffer, name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'kw-pdf-'));
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('shipments: orders paid together ship together (issue 24 §2)', () => {
  let t: TestApp;
  let admin: { id: string; token: string };
  let specialist: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    admin = await makeUser(t, { role: 'admin' });
    specialist = await makeUser(t);
    await t.database.query(`update users set role = 'specialist' where id = $1`, [specialist.id]);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1/admin${url}`,
      headers: auth(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  /** Two rugs won by one buyer, paid together by bank transfer to a UK address: one checkout, one shipment. */
  async function paidTogether() {
    const buyer = await makeUser(t);
    const a = await makeOrder(t, buyer.id, { price: 100_000 });
    const b = await makeOrder(t, buyer.id, { price: 40_000 });
    const addressId = await addAddress(t, buyer.token, ukAddress);
    const created = (
      await bankTransfer(t, buyer.token, {
        orderIds: [a.orderId, b.orderId],
        addressId,
        shippingMethod: 'courier',
      })
    ).json().data;
    const paid = await call('POST', '/payments/bank-transfer', admin.token, {
      reference: created.reference,
      amount: created.checkout.quote.total,
      currency: 'USD',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return {
      buyer,
      a,
      b,
      checkoutId: created.checkout.id as string,
      reference: created.reference as string,
      total: created.checkout.quote.total as number,
    };
  }

  it('two orders paid together -> one shipment; shipped once -> both orders shipped, one mail listing both rugs; again: nothing', async () => {
    const { a, b, checkoutId, reference } = await paidTogether();
    const fromOrder = await call('GET', `/orders/${a.orderId}/shipment`, admin.token);
    expect(fromOrder.statusCode).toBe(200);
    const shipment = fromOrder.json().data;
    expect(shipment).toMatchObject({
      id: checkoutId,
      reference,
      status: 'to_ship',
      shippingMethod: 'courier',
      trackingUrl: null,
    });
    expect(shipment.orders.map((o: { id: string }) => o.id).sort()).toEqual([a.orderId, b.orderId].sort());
    expect(shipment.address).toMatchObject({ country: 'GB', postalCode: 'WC1N 2PL', state: null });
    expect(shipment.buyer).toMatchObject({ email: expect.stringContaining('@'), phone: '+442079460958' });
    expect((await call('GET', `/orders/${b.orderId}/shipment`, admin.token)).json().data.id).toBe(checkoutId);

    const mailsBefore = t.mails.length;
    const shipped = await call('POST', `/shipments/${checkoutId}/ship`, admin.token, {
      carrier: 'dhl',
      trackingNumber: '1234 5678 90',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({
      changed: true,
      message: 'Shipment marked shipped; the buyer has been told',
      data: {
        status: 'shipped',
        carrier: 'dhl',
        carrierName: 'DHL Express',
        trackingNumber: '1234 5678 90',
        trackingUrl:
          'https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=1234%205678%2090',
      },
    });
    expect(await orderStatus(t, a.orderId)).toBe('shipped');
    expect(await orderStatus(t, b.orderId)).toBe('shipped');
    const mails = t.mails.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('On their way: your 2 rugs');
    const titles = shipment.orders.map((o: { rugTitle: string }) => o.rugTitle);
    for (const title of titles) expect(mails[0]!.text).toContain(title);
    expect(mails[0]!.text).toContain('1234 5678 90');
    expect(mails[0]!.text).toContain('tracking-id=1234%205678%2090');
    // The address as the UK writes it: town in capitals, then the postcode on its own line.
    expect(mails[0]!.text).toContain('LONDON\nWC1N 2PL\nUNITED KINGDOM');

    // Marking it again (or with another number) changes nothing and mails nothing.
    const again = await call('POST', `/shipments/${checkoutId}/ship`, admin.token, {
      carrier: 'ups',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      changed: false,
      data: { carrier: 'dhl', trackingNumber: '1234 5678 90' },
    });
    expect(t.mails.length).toBe(mailsBefore + 1);
    expect(
      await count(
        t,
        `select count(*) as n from staff_actions where action = 'ship_order' and details->>'shipment' = $1`,
        [checkoutId],
      ),
    ).toBe(2);

    // The buyer's orders carry the carrier and number, and their share of the one shipping charge.
    const detail = (await call('GET', `/orders/${a.orderId}`, admin.token)).json().data;
    expect(detail).toMatchObject({ status: 'shipped', carrier: 'dhl', trackingNumber: '1234 5678 90' });

    const delivered = await call('POST', `/shipments/${checkoutId}/deliver`, admin.token);
    expect(delivered.json()).toMatchObject({ changed: true, data: { status: 'delivered' } });
    expect(await orderStatus(t, a.orderId)).toBe('delivered');
    expect(await orderStatus(t, b.orderId)).toBe('delivered');
    expect((await call('POST', `/shipments/${checkoutId}/deliver`, admin.token)).json()).toMatchObject({
      changed: false,
    });
  });

  it('two staff marking it at the same moment: one shipment, one mail', async () => {
    const { checkoutId } = await paidTogether();
    const mailsBefore = t.mails.length;
    const both = await Promise.all([
      call('POST', `/shipments/${checkoutId}/ship`, admin.token, {
        carrier: 'fedex',
        trackingNumber: '7712 3456 7890',
      }),
      call('POST', `/shipments/${checkoutId}/ship`, admin.token, {
        carrier: 'fedex',
        trackingNumber: '7712 3456 7890',
      }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().changed).sort()).toEqual([false, true]);
    expect(t.mails.length).toBe(mailsBefore + 1);
    expect(await count(t, `select count(*) as n from shipments where checkout_id = $1`, [checkoutId])).toBe(
      1,
    );
  });

  it('refuses the wrong role (403), a bad carrier or tracking number (400), an unpaid or unknown shipment', async () => {
    const { checkoutId } = await paidTogether();
    expect(
      (
        await call('POST', `/shipments/${checkoutId}/ship`, specialist.token, {
          carrier: 'dhl',
          trackingNumber: 'ABC12345',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('GET', `/shipments/${checkoutId}`, specialist.token)).statusCode).toBe(200);
    const buyer = await makeUser(t);
    expect((await call('GET', `/shipments/${checkoutId}`, buyer.token)).statusCode).toBe(403);

    const badCarrier = await call('POST', `/shipments/${checkoutId}/ship`, admin.token, {
      carrier: 'pigeon',
      trackingNumber: 'ABC12345',
    });
    expect(badCarrier.statusCode).toBe(400);
    expect(badCarrier.json().errors).toHaveProperty('carrier');
    const badTracking = await call('POST', `/shipments/${checkoutId}/ship`, admin.token, {
      carrier: 'dhl',
      trackingNumber: '<script>',
    });
    expect(badTracking.statusCode).toBe(400);
    expect(badTracking.json().errors).toHaveProperty('trackingNumber');
    const noName = await call('POST', `/shipments/${checkoutId}/ship`, admin.token, {
      carrier: 'other',
      trackingNumber: 'ABC12345',
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().errors).toHaveProperty('carrierName');
    expect((await call('POST', `/shipments/${checkoutId}/deliver`, admin.token)).statusCode).toBe(409);

    // Another carrier: its name is shown, and there is no tracking link to offer.
    const other = await call('POST', `/shipments/${checkoutId}/ship`, admin.token, {
      carrier: 'other',
      carrierName: 'Rug Couriers Ltd',
      trackingNumber: 'rc-0042',
    });
    expect(other.json().data).toMatchObject({
      carrier: 'other',
      carrierName: 'Rug Couriers Ltd',
      trackingNumber: 'RC-0042',
      trackingUrl: null,
    });

    const unpaidBuyer = await makeUser(t);
    const unpaid = await makeOrder(t, unpaidBuyer.id);
    expect((await call('GET', `/orders/${unpaid.orderId}/shipment`, admin.token)).json()).toEqual({
      data: null,
    });
    const open = (
      await bankTransfer(t, unpaidBuyer.token, { orderIds: [unpaid.orderId], shippingMethod: 'collect' })
    ).json().data;
    expect(
      (
        await call('POST', `/shipments/${open.checkout.id}/ship`, admin.token, {
          carrier: 'dhl',
          trackingNumber: 'ABC12345',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await call('POST', `/shipments/00000000-0000-4000-8000-000000000000/ship`, admin.token, {
          carrier: 'dhl',
          trackingNumber: 'ABC12345',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('GET', `/shipments/not-a-uuid`, admin.token)).statusCode).toBe(400);
  });

  it('packing slip PDF: every rug with its lot number and title, the address as the UK writes it, the phone', async () => {
    const { checkoutId, reference } = await paidTogether();
    const shipment = (await call('GET', `/shipments/${checkoutId}`, admin.token)).json().data;
    const res = await call('GET', `/shipments/${checkoutId}/packing-slip`, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const text = pdfText(res.rawPayload, 'slip');
    expect(text).toContain('Packing slip');
    expect(text).toContain(`Shipment ${reference}`);
    for (const o of shipment.orders) {
      expect(text).toContain(o.rugTitle);
      expect(text).toContain(`Lot ${o.lotNumber}`);
    }
    expect(text).toMatch(/LONDON\s*\n\s*WC1N 2PL\s*\n\s*UNITED KINGDOM/);
    expect(text).toContain('+442079460958');
    const fr = pdfText(
      (await call('GET', `/shipments/${checkoutId}/packing-slip?lang=fr`, admin.token)).rawPayload,
      'slip-fr',
    );
    expect(fr).toContain('Bordereau de colisage');
    expect(fr).toContain('ROYAUME-UNI');
    // A language no document is printed in is refused, as for invoices and catalogues (one query schema).
    expect((await call('GET', `/shipments/${checkoutId}/packing-slip?lang=de`, admin.token)).statusCode).toBe(
      400,
    );
  });

  it('invoice: the house from Settings, sale and lot on each line, shipping once, totals in order, address per country', async () => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/settings/house',
      headers: auth(admin.token),
      payload: {
        name: 'Maison Knotwork',
        address: '8 Place Vendôme\n75001 Paris\nFrance',
        taxNumber: 'FR 12 345678901',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { buyer, a, total } = await paidTogether();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order/${a.orderId}/invoice`,
      headers: auth(buyer.token),
    });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload, 'invoice');
    if (process.env.KW_KEEP_PDF)
      writeFileSync(path.join(process.env.KW_KEEP_PDF, 'invoice-en.pdf'), res.rawPayload);
    expect(text).toContain('Maison Knotwork');
    expect(text).toContain('8 Place Vendôme');
    expect(text).toContain('VAT / tax no. FR 12 345678901');
    const [sale] = await t.database.query<{ title: string }>(
      `select a.title from orders o join lots l on l.id = o.lot_id join auctions a on a.id = l.auction_id where o.id = $1`,
      [a.orderId],
    );
    expect(text).toContain(sale!.title);
    expect(text).toMatch(/Lot \d+ · /);
    expect(text.match(/Shipping, one insured shipment/g)).toHaveLength(1);
    const order = ['Subtotal', "Buyer's premium", 'Shipping, one insured shipment', 'Tax', 'Total paid'].map(
      (l) => text.lastIndexOf(l),
    );
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    // Hammer 100,000 + 40,000 = 1,400.00; premiums 350.00; the total as the checkout froze it.
    expect(text).toMatch(/Subtotal \(hammer and fixed prices\)\s+\$1,400\.00/);
    expect(text).toMatch(
      new RegExp(`Total paid\\s+\\$${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`),
    );
    expect(text).toMatch(/LONDON\s*\n\s*WC1N 2PL/);
  });
});
