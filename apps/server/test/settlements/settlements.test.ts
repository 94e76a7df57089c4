import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { send } from '../helpers/staff.ts';
import { consignedSale, makeConsignor, putSettlementSettings, putSettlementsWith } from './fixtures.ts';

/** Settlements and payouts (issue 27, decision 087): due and held, idempotent and race-safe runs, batches. */
let t: TestApp;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ CURRENCY: 'EUR' });
  admin = await makeUser(t, { role: 'admin' });
  await putSettlementSettings(
    t,
    admin.token,
    {},
    { name: 'Knotwork Auctions', iban: 'FR1420041010050500013M02606', bic: '' },
  );
});
afterAll(() => t.close());

const count = async (sql: string, params: unknown[] = []) =>
  Number((await t.database.query<{ n: string | number }>(sql, params))[0]!.n);
const balance = async (consignorId: string) =>
  count(`select coalesce(sum(amount_cents), 0) as n from ledger_lines where account = $1`, [
    `consignor:${consignorId}`,
  ]);
const run = (body?: unknown) => send(t, 'POST', '/admin/settlements/run', body ?? {}, admin.token);
const list = (status: string, extra = '') =>
  send(t, 'GET', `/admin/settlements?status=${status}${extra}`, undefined, admin.token);

/** Well-formed XML: every element closed in order (a parser's first check, without a parser dependency). */
function wellFormed(xml: string): boolean {
  const stack: string[] = [];
  for (const m of xml.replace(/<\?[^>]*\?>/g, '').matchAll(/<(\/?)([A-Za-z][\w:.-]*)[^>]*?(\/?)>/g)) {
    if (m[3]) continue;
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else stack.push(m[2]!);
  }
  return stack.length === 0;
}

describe('what is due and what is held', () => {
  it('a paid lot past its holding period is due; unpaid and recently paid lots are held with the reason', async () => {
    const c = await makeConsignor(t.app, admin.id);
    const [paid] = await consignedSale(t.database, { consignorIds: [c], lots: 1, paidDaysAgo: 20 });
    const [unpaid] = await consignedSale(t.database, { consignorIds: [c], lots: 1, paidDaysAgo: null });
    const [recent] = await consignedSale(t.database, { consignorIds: [c], lots: 1, paidDaysAgo: 1 });
    const due = (await list('due', `&consignorId=${c}`)).json<{ data: { lotId: string }[] }>().data;
    expect(due.map((r) => r.lotId)).toEqual([paid!.lotId]);
    const held = (await list('held', `&consignorId=${c}`)).json<{
      data: { lotId: string; heldReason: string; heldText: string; dueAt: string | null }[];
    }>().data;
    const byLot = new Map(held.map((r) => [r.lotId, r]));
    expect(byLot.get(unpaid!.lotId)).toMatchObject({ heldReason: 'buyer_not_paid' });
    expect(byLot.get(recent!.lotId)).toMatchObject({
      heldReason: 'holding_period',
      heldText: 'held: holding period',
    });
    expect(Date.parse(byLot.get(recent!.lotId)!.dueAt!)).toBeGreaterThan(Date.now());

    // A delivery confirmed ends the holding period early.
    await t.database.query(`update orders set status = 'delivered', delivered_at = now() where id = $1`, [
      recent!.orderId,
    ]);
    const dueNow = (await list('due', `&consignorId=${c}`)).json<{ data: { lotId: string }[] }>().data;
    expect(dueNow.map((r) => r.lotId).sort()).toEqual([paid!.lotId, recent!.lotId].sort());
  });
});

describe('settling', () => {
  it('settles a due lot once: running it twice creates nothing twice', async () => {
    const c = await makeConsignor(t.app, admin.id);
    const [lot] = await consignedSale(t.database, { consignorIds: [c], lots: 1, hammer: () => 200_000 });
    const first = await run({ items: [{ itemId: lot!.itemId, lotId: lot!.lotId }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ settled: 1 });
    const entries = await count(`select count(*) as n from ledger_entries where lot_id = $1`, [lot!.lotId]);
    expect(entries).toBe(2); // hammer credit, commission
    // 200,000 hammer less 15 % commission: 170,000 owed to the consignor (a credit, negative).
    expect(await balance(c)).toBe(-170_000);
    const second = await run({ items: [{ itemId: lot!.itemId, lotId: lot!.lotId }] });
    expect(second.json().data).toMatchObject({ settled: 0, entries: 0 });
    expect(await count(`select count(*) as n from ledger_entries where lot_id = $1`, [lot!.lotId])).toBe(2);
    const settled = (await list('settled', `&consignorId=${c}`)).json<{ data: { netCents: number }[] }>()
      .data;
    expect(settled).toEqual([expect.objectContaining({ netCents: 170_000 })]);
  });

  it('two staff settling at once post every lot once', async () => {
    const consignors = [await makeConsignor(t.app, admin.id), await makeConsignor(t.app, admin.id)];
    const lots = await consignedSale(t.database, { consignorIds: consignors, lots: 12 });
    const items = lots.map((l) => ({ itemId: l.itemId, lotId: l.lotId }));
    const [a, b] = await Promise.all([run({ items }), run({ items })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.settled + b.json().data.settled).toBe(12);
    expect(
      await count(`select count(*) as n from ledger_entries where lot_id = any($1::uuid[])`, [
        lots.map((l) => l.lotId),
      ]),
    ).toBe(24);
    const expected = lots.reduce((s, l) => s + l.hammer - Math.max(5_000, Math.round(l.hammer * 0.15)), 0);
    expect((await balance(consignors[0]!)) + (await balance(consignors[1]!))).toBe(-expected);
  });

  it('an unsold lot posts its fees once the sale is closed; an advance is recovered from the next proceeds', async () => {
    const c = await makeConsignor(t.app, admin.id);
    const adv = await send(
      t,
      'POST',
      `/admin/consignors/${c}/advances`,
      { amountCents: 30_000 },
      admin.token,
    );
    expect(adv.statusCode, adv.body).toBe(201);
    expect(adv.json().data.outstandingCents).toBe(30_000);
    const [unsold] = await consignedSale(t.database, { consignorIds: [c], lots: 1, outcome: 'unsold' });
    const [sold] = await consignedSale(t.database, { consignorIds: [c], lots: 1, hammer: () => 100_000 });
    await t.database.query(
      `update consignments set terms_override = '{"lottingFeeCents": 2500}' where consignor_id = $1`,
      [c],
    );
    const res = await run({
      items: [unsold!, sold!].map((l) => ({ itemId: l.itemId, lotId: l.lotId })),
    });
    expect(res.json().data.settled).toBe(2);
    // Unsold: -2,500. Sold: 100,000 - 15,000 - 2,500. Advance: -30,000. Owed: 50,000.
    expect(await balance(c)).toBe(-50_000);
    expect(
      await count(`select coalesce(sum(amount_cents), 0) as n from ledger_lines where account = $1`, [
        `consignor_advances:${c}`,
      ]),
    ).toBe(0);
    const statement = await send(t, 'GET', `/admin/consignors/${c}/statement`, undefined, admin.token);
    expect(statement.statusCode, statement.body).toBe(200);
    const s = statement.json().data;
    expect(s.openingCents).toBe(0);
    expect(s.closingCents).toBe(-50_000);
    expect(s.lines.map((l: { kind: string }) => l.kind)).toEqual(
      expect.arrayContaining(['hammer_credit', 'commission', 'lotting_fee', 'advance_recovered']),
    );
  });
});

describe('refunds', () => {
  it('a refund before the payout takes the lot out of it', async () => {
    const c = await makeConsignor(t.app, admin.id);
    const [lot] = await consignedSale(t.database, { consignorIds: [c], lots: 1, hammer: () => 100_000 });
    await run({ items: [{ itemId: lot!.itemId, lotId: lot!.lotId }] });
    expect(await balance(c)).toBe(-85_000);
    await t.database.query(
      `update orders set status = 'refunded', refunded_amount = item_price where id = $1`,
      [lot!.orderId],
    );
    const res = await run();
    expect(res.json().data.reversed).toBeGreaterThanOrEqual(1);
    expect(await balance(c)).toBe(0);
    expect(
      await count(`select count(*) as n from ledger_entries where lot_id = $1 and kind = 'reversal'`, [
        lot!.lotId,
      ]),
    ).toBe(2);
    // Reversed once: a later run adds nothing.
    await run();
    expect(
      await count(`select count(*) as n from ledger_entries where lot_id = $1 and kind = 'reversal'`, [
        lot!.lotId,
      ]),
    ).toBe(2);
    const payables = (await send(t, 'GET', '/admin/payouts', undefined, admin.token)).json<{
      data: { consignorId: string }[];
    }>().data;
    expect(payables.find((p) => p.consignorId === c)).toBeUndefined();
  });

  it('a refund after the payout leaves a debit on the consignor’s account', async () => {
    const c = await makeConsignor(t.app, admin.id);
    const [lot] = await consignedSale(t.database, { consignorIds: [c], lots: 1, hammer: () => 100_000 });
    await run({ items: [{ itemId: lot!.itemId, lotId: lot!.lotId }] });
    const batch = await send(t, 'POST', '/admin/payout-batches', { consignorIds: [c] }, admin.token);
    expect(batch.statusCode, batch.body).toBe(201);
    expect(await balance(c)).toBe(0);
    await t.database.query(
      `update orders set status = 'refunded', refunded_amount = item_price where id = $1`,
      [lot!.orderId],
    );
    await run();
    // The consignor was paid 85,000 for a lot that is no longer sold: they owe it back.
    expect(await balance(c)).toBe(85_000);
    const payable = (await send(t, 'GET', '/admin/payouts', undefined, admin.token))
      .json<{ data: { consignorId: string; balanceCents: number; payableCents: number }[] }>()
      .data.find((p) => p.consignorId === c);
    expect(payable).toMatchObject({ balanceCents: -85_000, payableCents: 0 });
  });
});

describe('payout batches', () => {
  it('a batch pays what is owed, its SEPA file adds up, and it is marked paid once', async () => {
    const a = await makeConsignor(t.app, admin.id, { name: 'Anna Müller' });
    const b = await makeConsignor(t.app, admin.id, { name: 'Bruno Rossi' });
    const held = await makeConsignor(t.app, admin.id, { name: 'Hana Unchecked', identityChecked: false });
    const lots = await consignedSale(t.database, { consignorIds: [a, b, held], lots: 6 });
    await run({ items: lots.map((l) => ({ itemId: l.itemId, lotId: l.lotId })) });

    const payables = (await send(t, 'GET', '/admin/payouts', undefined, admin.token)).json<{
      data: {
        consignorId: string;
        heldReason: string | null;
        heldText: string | null;
        payableCents: number;
      }[];
    }>().data;
    expect(payables.find((p) => p.consignorId === held)).toMatchObject({
      heldReason: 'identity_not_checked',
      heldText: 'held: identity not checked',
      payableCents: 0,
    });
    const refused = await send(t, 'POST', '/admin/payout-batches', { consignorIds: [held] }, admin.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/identity not checked/);

    const owedA = -(await balance(a));
    const owedB = -(await balance(b));
    const created = await send(t, 'POST', '/admin/payout-batches', { consignorIds: [a, b] }, admin.token);
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json().data;
    expect(batch.totalCents).toBe(owedA + owedB);
    expect(batch.items).toHaveLength(2);
    expect(await balance(a)).toBe(0);

    const file = await send(
      t,
      'GET',
      `/admin/payout-batches/${batch.id}/file?format=sepa`,
      undefined,
      admin.token,
    );
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toMatch(/xml/);
    const xml = file.body;
    expect(wellFormed(xml)).toBe(true);
    expect(xml).toContain('pain.001.001.09');
    const amounts = [...xml.matchAll(/<InstdAmt Ccy="EUR">([\d.]+)<\/InstdAmt>/g)].map((m) => Number(m[1]));
    const ctrlSum = Number(/<GrpHdr>[\s\S]*?<CtrlSum>([\d.]+)<\/CtrlSum>/.exec(xml)![1]);
    expect(amounts).toHaveLength(2);
    expect(Math.round(amounts.reduce((s, x) => s + x, 0) * 100)).toBe(owedA + owedB);
    expect(Math.round(ctrlSum * 100)).toBe(owedA + owedB);
    const csv = await send(
      t,
      'GET',
      `/admin/payout-batches/${batch.id}/file?format=csv`,
      undefined,
      admin.token,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('DE89370400440532013000');

    const paid = await send(t, 'POST', `/admin/payout-batches/${batch.id}/paid`, {}, admin.token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('paid');
    const again = await send(t, 'POST', `/admin/payout-batches/${batch.id}/paid`, {}, admin.token);
    expect(again.statusCode).toBe(409);
    expect(
      await count(
        `select count(*) as n from ledger_entries where kind = 'payout_confirmed' and memo like $1`,
        [`${batch.number} %`],
      ),
    ).toBe(2);
    const cancel = await send(t, 'POST', `/admin/payout-batches/${batch.id}/cancel`, {}, admin.token);
    expect(cancel.statusCode).toBe(409);
    const listed = await send(t, 'GET', '/admin/payout-batches', undefined, admin.token);
    expect(listed.json().data[0]).toMatchObject({ id: batch.id, status: 'paid', fileKind: 'csv' });
  });

  it('two batches created at once pay each consignor once', async () => {
    const c = await makeConsignor(t.app, admin.id);
    const lots = await consignedSale(t.database, { consignorIds: [c], lots: 2 });
    await run({ items: lots.map((l) => ({ itemId: l.itemId, lotId: l.lotId })) });
    const owed = -(await balance(c));
    const body = { consignorIds: [c] };
    const [x, y] = await Promise.all([
      send(t, 'POST', '/admin/payout-batches', body, admin.token),
      send(t, 'POST', '/admin/payout-batches', body, admin.token),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    expect(
      await count(
        `select coalesce(sum(amount_cents), 0) as n from payout_batch_items where consignor_id = $1`,
        [c],
      ),
    ).toBe(owed);
    expect(await balance(c)).toBe(0);
  });

  it('cancelling a batch not yet paid makes the money owed again', async () => {
    const c = await makeConsignor(t.app, admin.id);
    const lots = await consignedSale(t.database, { consignorIds: [c], lots: 1 });
    await run({ items: lots.map((l) => ({ itemId: l.itemId, lotId: l.lotId })) });
    const owed = await balance(c);
    const created = await send(t, 'POST', '/admin/payout-batches', { consignorIds: [c] }, admin.token);
    const id = created.json().data.id as string;
    const cancelled = await send(t, 'POST', `/admin/payout-batches/${id}/cancel`, {}, admin.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balance(c)).toBe(owed);
    expect((await send(t, 'POST', `/admin/payout-batches/${id}/paid`, {}, admin.token)).statusCode).toBe(409);
    expect(
      (await send(t, 'GET', `/admin/payout-batches/${crypto.randomUUID()}`, undefined, admin.token))
        .statusCode,
    ).toBe(404);
  });
});

describe('Stripe Connect payouts (decision 088)', () => {
  it('cannot be switched on by a house without the Stripe keys', async () => {
    const on = await putSettlementsWith(t, admin.token, { stripeConnect: true });
    expect(on.statusCode).toBe(400);
    expect(on.json().errors).toHaveProperty('stripeConnect');
  });
});
