import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { send } from '../helpers/staff.ts';
import { makeUser } from '../bidding/helpers.ts';
import { consignedSale, type SaleLot } from '../settlements/fixtures.ts';
import { addConsignor, setHouseTerms } from './portal-fixtures.ts';

/**
 * A consigned rug's status in the portal after the hammer (issue 27 §4), from the real order and settlement: sold,
 * paid by the buyer, settled once the run posts it, and no longer settled once a refund reverses the settlement.
 */
let t: TestApp;
let admin: { id: string; token: string };
let owner: { id: string; token: string };
let lot: SaleLot;

interface Item {
  rugTitle: string;
  status: string;
  hammer: number | null;
  netProceeds: number | null;
}
async function item(): Promise<Item> {
  const res = await send(t, 'GET', '/consignor/consignments', undefined, owner.token);
  expect(res.statusCode, res.body).toBe(200);
  const items = (res.json().data as { items: (Item & { id: string })[] }[]).flatMap((k) => k.items);
  return items.find((i) => i.id === lot.itemId)!;
}
const setOrder = (status: string, paidAt: string | null) =>
  t.database.query('update orders set status = $2, paid_at = $3::timestamptz where id = $1', [
    lot.orderId,
    status,
    paidAt,
  ]);
const settle = async () => {
  const res = await send(t, 'POST', '/admin/settlements/run', {}, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { settled: number; reversed: number };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
  owner = await makeUser(t);
  await setHouseTerms(t, admin.token);
  const consignorId = await addConsignor(t, admin.token, { name: 'Leila Haddad', userId: owner.id });
  [lot] = (await consignedSale(t.database, {
    consignorIds: [consignorId],
    lots: 1,
    hammer: () => 100_000,
    paidDaysAgo: null,
  })) as [SaleLot];
});
afterAll(() => t.close());

describe('a consigned rug’s status after the hammer', () => {
  it('sold, then paid by the buyer, then settled with its net; a refund takes “settled” away', async () => {
    expect(await item()).toMatchObject({ status: 'sold', hammer: 100_000, netProceeds: null });
    // The order's price is what the rug fetched (a second-chance price below the lot's hammer), as settling reads it.
    await t.database.query('update orders set hammer_price = 95000 where id = $1', [lot.orderId]);
    expect(await item()).toMatchObject({ status: 'sold', hammer: 95_000 });

    // A cancelled order of the lot created later does not hide the live one (the settlements read it so too).
    await t.database.query(
      `insert into orders (user_id, rug_id, lot_id, kind, hammer_price, buyers_premium, item_price, currency, due_at,
         status, created_at)
       select user_id, rug_id, lot_id, kind, hammer_price, buyers_premium, item_price, currency, due_at, 'cancelled',
         now() + interval '1 second'
       from orders where id = $1`,
      [lot.orderId],
    );
    await setOrder('paid', new Date(Date.now() - 20 * 86_400_000).toISOString());
    expect(await item()).toMatchObject({ status: 'paid', netProceeds: null });

    // A partial refund (shipping, goodwill) leaves it paid by the buyer.
    await setOrder('partially_refunded', new Date(Date.now() - 20 * 86_400_000).toISOString());
    expect((await item()).status).toBe('paid');
    await setOrder('paid', new Date(Date.now() - 20 * 86_400_000).toISOString());

    expect((await settle()).settled).toBe(1);
    // 950.00 less 15 % (142.50) less the 20.00 lotting fee.
    expect(await item()).toMatchObject({ status: 'settled', hammer: 95_000, netProceeds: 78_750 });

    await setOrder('refunded', new Date(Date.now() - 20 * 86_400_000).toISOString());
    expect((await settle()).reversed).toBe(1);
    expect(await item()).toMatchObject({ status: 'sold', netProceeds: null });
  });

  it('staff see the same status on the consignment page, and cannot take a rug that went to a sale off the receipt', async () => {
    const [{ consignment_id: consignmentId }] = (await t.database.query<{ consignment_id: string }>(
      'select consignment_id from consignment_items where id = $1',
      [lot.itemId],
    )) as [{ consignment_id: string }];
    // As the intake screen leaves it (nothing moves the stored status when its lot runs, decision 087).
    await t.database.query(`update consignment_items set status = 'received' where id = $1`, [lot.itemId]);
    const page = await send(t, 'GET', `/admin/consignments/${consignmentId}`, undefined, admin.token);
    expect(page.statusCode, page.body).toBe(200);
    const staffItem = (page.json().data.items as { id: string; status: string; liveStatus: string }[]).find(
      (i) => i.id === lot.itemId,
    );
    // The stored status still says the rug was received; where it stands now is the portal's reading.
    expect(staffItem).toMatchObject({ status: 'received', liveStatus: (await item()).status });
    expect(staffItem!.liveStatus).toBe('sold');

    const removed = await send(
      t,
      'DELETE',
      `/admin/consignments/${consignmentId}/items/${lot.itemId}`,
      undefined,
      admin.token,
    );
    expect(removed.statusCode).toBe(409);
    expect(
      await t.database.query('select 1 from consignment_items where id = $1', [lot.itemId]),
    ).toHaveLength(1);
  });
});
