import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { send } from '../helpers/staff.ts';
import { consignedSale, makeConsignor, putSettlementSettings } from './fixtures.ts';

/**
 * What the settlements list tells staff beside each lot (issue 27 §3): when the buyer paid, the net the consignor
 * can expect (the same `settleLot` the run posts with, so it is what settling posts), the net settled, and the
 * house's currency the amounts are in.
 */
let t: TestApp;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ CURRENCY: 'EUR' });
  admin = await makeUser(t, { role: 'admin' });
  // 15 % flat, 50.00 minimum, a 20.00 lotting fee: an unsold lot nets -20.00.
  await putSettlementSettings(t, admin.token, { lottingFeeCents: 2_000 });
});
afterAll(() => t.close());

interface Row {
  lotId: string;
  status: string;
  heldReason: string | null;
  paidAt: string | null;
  estimatedNetCents: number | null;
  netCents: number | null;
}
const list = async (status: string, consignorId: string) => {
  const res = await send(
    t,
    'GET',
    `/admin/settlements?status=${status}&consignorId=${consignorId}`,
    undefined,
    admin.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Row[]; meta: { total: number; currency: string } }>();
};
const paidAtOf = async (orderId: string) =>
  (
    await t.database.query<{ at: string | Date }>('select paid_at as at from orders where id = $1', [orderId])
  )[0]!.at;

describe('the settlements list: payment date, estimated and settled net', () => {
  it('a due lot shows when the buyer paid and the net settling posts, to the cent', async () => {
    const c = await makeConsignor(t.app, admin.id);
    const [lot] = await consignedSale(t.database, { consignorIds: [c], lots: 1, hammer: () => 123_457 });
    const due = await list('due', c);
    expect(due.meta.currency).toBe('EUR');
    const row = due.data.find((r) => r.lotId === lot!.lotId)!;
    expect(row.paidAt).toBe(new Date(await paidAtOf(lot!.orderId)).toISOString());
    // 1,234.57 less 15 % (185.19, rounded half up) less the 20.00 lotting fee.
    expect(row.estimatedNetCents).toBe(123_457 - 18_519 - 2_000);
    expect(row.netCents).toBeNull();

    const run = await send(
      t,
      'POST',
      '/admin/settlements/run',
      { items: [{ itemId: lot!.itemId, lotId: lot!.lotId }] },
      admin.token,
    );
    expect(run.statusCode, run.body).toBe(200);
    const settled = (await list('settled', c)).data.find((r) => r.lotId === lot!.lotId)!;
    expect(settled.netCents).toBe(row.estimatedNetCents);
    expect(settled.estimatedNetCents).toBeNull();
    expect(settled.paidAt).toBe(row.paidAt);
    expect((await list('due', c)).data).toEqual([]);
  });

  it('the estimate follows the consignment’s own terms; an unsold lot nets its fees, with no payment date', async () => {
    const c = await makeConsignor(t.app, admin.id);
    const [sold] = await consignedSale(t.database, { consignorIds: [c], lots: 1, hammer: () => 200_000 });
    const [unsold] = await consignedSale(t.database, { consignorIds: [c], lots: 1, outcome: 'unsold' });
    await t.database.query(
      `update consignments set terms_override = '{"commission": {"kind": "flat", "rateBps": 1000}}'::jsonb
       where id = (select consignment_id from consignment_items where id = $1)`,
      [sold!.itemId],
    );
    const rows = new Map((await list('due', c)).data.map((r) => [r.lotId, r]));
    expect(rows.get(sold!.lotId)).toMatchObject({ estimatedNetCents: 200_000 - 20_000 - 2_000 });
    expect(rows.get(unsold!.lotId)).toMatchObject({ estimatedNetCents: -2_000, paidAt: null });
  });

  it('held lots: not paid has no date but an estimate; a refunded or cancelled order has no estimate', async () => {
    const c = await makeConsignor(t.app, admin.id);
    const [unpaid] = await consignedSale(t.database, { consignorIds: [c], lots: 1, paidDaysAgo: null });
    const [recent] = await consignedSale(t.database, { consignorIds: [c], lots: 1, paidDaysAgo: 1 });
    const [refunded, cancelled] = await consignedSale(t.database, { consignorIds: [c], lots: 2 });
    await t.database.query(`update orders set status = 'refunded' where id = $1`, [refunded!.orderId]);
    await t.database.query(`update orders set status = 'cancelled', paid_at = null where id = $1`, [
      cancelled!.orderId,
    ]);
    const rows = new Map((await list('held', c)).data.map((r) => [r.lotId, r]));
    expect(rows.get(unpaid!.lotId)).toMatchObject({
      heldReason: 'buyer_not_paid',
      paidAt: null,
      estimatedNetCents: unpaid!.hammer - Math.round(unpaid!.hammer * 0.15) - 2_000,
    });
    expect(rows.get(recent!.lotId)).toMatchObject({ heldReason: 'holding_period' });
    expect(rows.get(recent!.lotId)!.paidAt).toBe(new Date(await paidAtOf(recent!.orderId)).toISOString());
    expect(rows.get(refunded!.lotId)).toMatchObject({ heldReason: 'refunded', estimatedNetCents: null });
    expect(rows.get(cancelled!.lotId)).toMatchObject({
      heldReason: 'order_cancelled',
      estimatedNetCents: null,
      paidAt: null,
    });
  });

  it('the payouts list names the house currency too', async () => {
    const res = await send(t, 'GET', '/admin/payouts', undefined, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ currency: 'EUR' });
  });
});
