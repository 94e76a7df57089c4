import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { send } from '../helpers/staff.ts';
import { consignedSale, makeConsignor, type SaleLot, putSettlementSettings } from './fixtures.ts';

/**
 * Consignment reports (issue 27 §4): per sale, per month and per consignor, counted from lot outcomes and read from
 * the journal after a real settlement run. Every figure below is worked by hand from these terms: 15 % flat
 * (minimum 50.00), a lotting fee of 10.00 per lot, VAT 20 % on commission and fees; one consignment overrides the
 * commission with a sliding scale of 15 % to 5,000.00 and 10 % above.
 */
let t: TestApp;
let admin: { id: string; token: string };
let a: string;
let b: string;
let c: string;
let soldA: SaleLot[];
let unsoldB: SaleLot[];
let unpaidB: SaleLot[];
let slidingC: SaleLot[];

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
const period = `from=${day(-60)}&to=${day(2)}`;
const get = (url: string, token = admin.token) => send(t, 'GET', url, undefined, token);

beforeAll(async () => {
  t = await createTestApp({ CURRENCY: 'EUR' });
  admin = await makeUser(t, { role: 'admin' });
  await putSettlementSettings(
    t,
    admin.token,
    { lottingFeeCents: 1_000, vatRateBps: 2_000, vatOnCommissionAndFees: true },
    null,
  );

  a = await makeConsignor(t.app, admin.id, { name: 'Anna Alpha' });
  b = await makeConsignor(t.app, admin.id, { name: '@SUM(1+1) Bravo' });
  c = await makeConsignor(t.app, admin.id, { name: 'Carl Charlie' });
  // A: two lots sold at 1,000.00 and 2,000.00, paid 20 days ago (due).
  soldA = await consignedSale(t.database, { consignorIds: [a], lots: 2, hammer: (i) => 100_000 * (i + 1) });
  // B: one lot unsold (its lotting fee and VAT are a debit), one sold at 500.00 but not paid (held).
  unsoldB = await consignedSale(t.database, { consignorIds: [b], lots: 1, outcome: 'unsold' });
  unpaidB = await consignedSale(t.database, {
    consignorIds: [b],
    lots: 1,
    hammer: () => 50_000,
    paidDaysAgo: null,
  });
  // C: one lot sold at 10,000.00 under a sliding scale.
  slidingC = await consignedSale(t.database, { consignorIds: [c], lots: 1, hammer: () => 1_000_000 });
  await t.database.query(
    `update consignments set terms_override = $1::jsonb
     where id = (select consignment_id from consignment_items where id = $2)`,
    [
      JSON.stringify({
        commission: {
          kind: 'sliding',
          bands: [
            { fromCents: 0, rateBps: 1_500 },
            { fromCents: 500_000, rateBps: 1_000 },
          ],
        },
      }),
      slidingC[0]!.itemId,
    ],
  );
  const run = await send(t, 'POST', '/admin/settlements/run', {}, admin.token);
  expect(run.statusCode, run.body).toBe(200);
  expect(run.json().data.settled).toBe(4);
}, 60_000);
afterAll(() => t.close());

interface Figures {
  lotsOffered: number;
  lotsSold: number;
  lotsUnsold: number;
  unsoldRateBps: number | null;
  hammerCents: number;
  lotsSettled: number;
  settledHammerCents: number;
  commissionCents: number;
  feesCents: number;
  vatCents: number;
  netCents: number;
}

// Hand-worked: A's lots 1,000.00 and 2,000.00: commission 150.00 and 300.00, fee 10.00 each, VAT 20 % of 160.00 =
// 32.00 and of 310.00 = 62.00, net 808.00 and 1,628.00.
const A: Figures = {
  lotsOffered: 2,
  lotsSold: 2,
  lotsUnsold: 0,
  unsoldRateBps: 0,
  hammerCents: 300_000,
  lotsSettled: 2,
  settledHammerCents: 300_000,
  commissionCents: 45_000,
  feesCents: 2_000,
  vatCents: 9_400,
  netCents: 243_600,
};
// B: the unsold lot pays its fee 10.00 and VAT 2.00 (net -12.00); the unpaid lot's hammer counts, nothing settled.
const B: Figures = {
  lotsOffered: 2,
  lotsSold: 1,
  lotsUnsold: 1,
  unsoldRateBps: 5_000,
  hammerCents: 50_000,
  lotsSettled: 1,
  settledHammerCents: 0,
  commissionCents: 0,
  feesCents: 1_000,
  vatCents: 200,
  netCents: -1_200,
};
// C: 15 % of the first 5,000.00 (750.00) + 10 % of the next 5,000.00 (500.00) = 1,250.00; fee 10.00; VAT 20 % of
// 1,260.00 = 252.00; net 10,000.00 - 1,512.00 = 8,488.00.
const C: Figures = {
  lotsOffered: 1,
  lotsSold: 1,
  lotsUnsold: 0,
  unsoldRateBps: 0,
  hammerCents: 1_000_000,
  lotsSettled: 1,
  settledHammerCents: 1_000_000,
  commissionCents: 125_000,
  feesCents: 1_000,
  vatCents: 25_200,
  netCents: 848_800,
};
const TOTAL: Figures = {
  lotsOffered: 5,
  lotsSold: 4,
  lotsUnsold: 1,
  unsoldRateBps: 2_000,
  hammerCents: 1_350_000,
  lotsSettled: 4,
  settledHammerCents: 1_300_000,
  commissionCents: 170_000,
  feesCents: 4_000,
  vatCents: 34_800,
  netCents: 1_091_200,
};

describe('consignments report', () => {
  it('per sale: each consigned sale with its lots, hammer, commission, fees, VAT and net from the journal', async () => {
    const res = await get(`/admin/reports/consignments?${period}&groupBy=sale`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{
      data: { rows: (Figures & { saleId: string; month: string })[]; totals: Figures; currency: string };
    }>();
    expect(data.currency).toBe('EUR');
    expect(data.rows).toHaveLength(4);
    const bySale = new Map(data.rows.map((r) => [r.saleId, r]));
    const saleOf = async (lot: SaleLot) =>
      (
        await t.database.query<{ id: string }>(`select auction_id as id from lots where id = $1`, [lot.lotId])
      )[0]!.id;
    expect(bySale.get(await saleOf(soldA[0]!))).toMatchObject(A);
    expect(bySale.get(await saleOf(slidingC[0]!))).toMatchObject(C);
    expect(bySale.get(await saleOf(unsoldB[0]!))).toMatchObject({
      lotsOffered: 1,
      lotsUnsold: 1,
      unsoldRateBps: 10_000,
      hammerCents: 0,
      feesCents: 1_000,
      vatCents: 200,
      netCents: -1_200,
    });
    expect(bySale.get(await saleOf(unpaidB[0]!))).toMatchObject({
      lotsOffered: 1,
      lotsSold: 1,
      hammerCents: 50_000,
      lotsSettled: 0,
      commissionCents: 0,
      netCents: 0,
    });
    expect(data.totals).toEqual(TOTAL);
    // Every split adds up: settled hammer = net + commission + fees + VAT.
    for (const r of [...data.rows, data.totals])
      expect(r.netCents + r.commissionCents + r.feesCents + r.vatCents).toBe(r.settledHammerCents);
  });

  it('per month: the same lots in the month they closed', async () => {
    const { data } = (await get(`/admin/reports/consignments?${period}&groupBy=month`)).json<{
      data: { rows: (Figures & { key: string; month: string; saleId: string | null })[]; totals: Figures };
    }>();
    const month = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 7);
    expect(data.rows.map((r) => r.key)).toEqual([month]);
    expect(data.rows[0]).toMatchObject({ ...TOTAL, month, saleId: null });
    expect(data.totals).toEqual(TOTAL);
  });

  it('a period without consigned lots is empty, and a period ending before it starts is a 400', async () => {
    const { data } = (await get(`/admin/reports/consignments?from=${day(-10)}&to=${day(2)}`)).json<{
      data: { rows: unknown[]; totals: Figures };
    }>();
    expect(data.rows).toEqual([]);
    expect(data.totals).toMatchObject({ lotsOffered: 0, unsoldRateBps: null, netCents: 0 });
    expect((await get(`/admin/reports/consignments?from=${day(0)}&to=${day(-1)}`)).statusCode).toBe(400);
    expect((await get(`/admin/reports/consignments?groupBy=year`)).statusCode).toBe(400);
    // A day that is not on the calendar is refused by name, not read as another day.
    for (const bad of ['2026-02-31', '2026-13-01', '2026-00-10']) {
      const res = await get(`/admin/reports/consignors?from=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ errors: { from: 'Use a date as YYYY-MM-DD' } });
    }
    const statement = await get(`/admin/consignors/${a}/statement?from=2026-02-30`);
    expect(statement.statusCode).toBe(400);
  });
});

describe('consignors report', () => {
  it('per consignor: lots offered, sold, unsold rate, hammer and commission', async () => {
    const res = await get(`/admin/reports/consignors?${period}`);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json<{ data: { rows: (Figures & { consignorId: string })[]; totals: Figures } }>();
    expect(data.rows.map((r) => r.consignorId)).toEqual([b, a, c]);
    expect(data.rows[0]).toMatchObject(B);
    expect(data.rows[1]).toMatchObject(A);
    expect(data.rows[2]).toMatchObject(C);
    expect(data.totals).toEqual(TOTAL);
  });
});

describe('CSV downloads', () => {
  it('the consignors CSV: header, one line per consignor, totals; a name that looks like a formula is text', async () => {
    const res = await get(`/admin/reports/consignors/csv?${period}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="knotwork-consignors-.*\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Consignor,Kind,Lots offered,Lots sold,Lots unsold,Unsold rate %,Hammer,Lots settled,Settled hammer,' +
        'Commission,Fees,VAT,Net to consignors,Currency',
    );
    expect(lines[1]).toBe("'@SUM(1+1) Bravo,person,2,1,1,50.00,500.00,1,0.00,0.00,10.00,2.00,-12.00,EUR");
    expect(lines[2]).toBe('Anna Alpha,person,2,2,0,0.00,3000.00,2,3000.00,450.00,20.00,94.00,2436.00,EUR');
    expect(lines[4]).toBe('Total,,5,4,1,20.00,13500.00,4,13000.00,1700.00,40.00,348.00,10912.00,EUR');
    expect(lines[5]).toBe('');
  });

  it('the consignments CSV by month', async () => {
    const res = await get(`/admin/reports/consignments/csv?${period}&groupBy=month`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]!.startsWith('Month,First lot closed,Last lot closed,Lots offered')).toBe(true);
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2},\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2},5,4,1,20.00,13500.00,4,13000.00,/,
    );
    expect(lines[2]!.startsWith('Total,,,5,4,1,20.00,')).toBe(true);
  });
});

describe('after a refund', () => {
  it('a refunded lot settled earlier is reversed in the journal and its money leaves the report', async () => {
    await t.database.query(
      `update orders set status = 'refunded', refunded_amount = item_price where id = $1`,
      [soldA[1]!.orderId],
    );
    const run = await send(t, 'POST', '/admin/settlements/run', {}, admin.token);
    expect(run.json().data.reversed).toBe(1);
    const { data } = (await get(`/admin/reports/consignors?${period}`)).json<{
      data: { rows: (Figures & { consignorId: string })[] };
    }>();
    expect(data.rows.find((r) => r.consignorId === a)).toMatchObject({
      ...A,
      settledHammerCents: 100_000,
      commissionCents: 15_000,
      feesCents: 1_000,
      vatCents: 3_200,
      netCents: 80_800,
    });
  });
});

describe('who may read the reports', () => {
  it('accounts may; a specialist and a collector may not; signed out is a 401', async () => {
    const accounts = await makeUser(t, { role: 'accounts' });
    const specialist = await makeUser(t, { role: 'specialist' });
    const collector = await makeUser(t, {});
    expect((await get('/admin/reports/consignors', accounts.token)).statusCode).toBe(200);
    expect((await get('/admin/reports/consignments/csv', accounts.token)).statusCode).toBe(200);
    expect((await get('/admin/reports/consignors', specialist.token)).statusCode).toBe(403);
    expect((await get('/admin/reports/consignments', collector.token)).statusCode).toBe(403);
    expect((await send(t, 'GET', '/admin/reports/consignments')).statusCode).toBe(401);
  });
});
