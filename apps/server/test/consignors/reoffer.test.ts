import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMoney } from '../../src/modules/mail/mail-i18n.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { send } from '../helpers/staff.ts';
import { makeUser } from '../bidding/helpers.ts';
import { consignedSale, type SaleLot } from '../settlements/fixtures.ts';
import { addConsignor, setHouseTerms } from './portal-fixtures.ts';

/**
 * Unsold rugs (issue 27 §2, decision 089): staff return a rug whose lot did not sell, or propose another sale on new
 * terms; the consignor accepts (the rug goes into the sale on a new receipt) or declines in the portal. The unsold
 * lot's buy-in fee is settled once, with the first receipt; the next lot settles under the accepted terms.
 */
type User = { id: string; token: string };
let t: TestApp;
let admin: User;
let specialist: User;
let accounts: User;
let leila: User;
let omar: User;
let leilaId: string;
/** Leila's rugs that did not sell (reserve 800.00 each), and one that sold. */
let unsold: SaleLot[];
let sold: SaleLot;
let consignmentId: string;
let targetSaleId: string;
let closedSaleId: string;

const proposal = (over: Record<string, unknown> = {}) => ({
  saleId: targetSaleId,
  estimateLow: 70_000,
  estimateHigh: 90_000,
  reserve: 60_000,
  ...over,
});
const itemUrl = (i: number) => `/admin/consignments/${consignmentId}/items/${unsold[i]!.itemId}`;
const propose = (i: number, token = specialist.token, body: unknown = proposal()) =>
  send(t, 'POST', `${itemUrl(i)}/reoffers`, body, token);
const latestProposal = (res: { json(): unknown }) =>
  (res.json() as { data: { proposals: { id: string; status: string }[] } }).data.proposals[0]!;
const accept = (id: string, user: User = leila) =>
  send(t, 'POST', `/consignor/reoffers/${id}/accept`, undefined, user.token);
const decline = (id: string, user: User = leila) =>
  send(t, 'POST', `/consignor/reoffers/${id}/decline`, undefined, user.token);
const withdraw = (id: string) =>
  send(
    t,
    'POST',
    `/admin/consignments/${consignmentId}/reoffers/${id}/withdraw`,
    undefined,
    specialist.token,
  );

const one = async <T>(sql: string, params: unknown[]) => (await t.database.query<T>(sql, params))[0]!;
const lotsOfRugIn = async (rugItem: SaleLot, saleId: string) =>
  t.database.query<{ id: string; reserve: string | number; opening_bid: string | number }>(
    `select l.id, l.reserve, l.opening_bid from lots l join consignment_items i on i.rug_id = l.rug_id
     where i.id = $1 and l.auction_id = $2`,
    [rugItem.itemId, saleId],
  );

beforeAll(async () => {
  t = await createTestApp({ CURRENCY: 'EUR' });
  admin = await makeUser(t, { role: 'admin' });
  specialist = await makeUser(t, { role: 'specialist' });
  accounts = await makeUser(t, { role: 'accounts' });
  [leila, omar] = [await makeUser(t), await makeUser(t)];
  await t.database.query(`update users set language = 'fr' where id = $1`, [leila.id]);
  await setHouseTerms(t, admin.token);
  leilaId = await addConsignor(t, admin.token, { name: 'Leila Haddad', userId: leila.id });
  await addConsignor(t, admin.token, { name: 'Omar Farouk', userId: omar.id });
  // Six rugs of one receipt that did not sell, back on the site (closing left them available).
  unsold = await consignedSale(t.database, { consignorIds: [leilaId], lots: 6, outcome: 'unsold' });
  const ids = unsold.map((u) => u.itemId);
  await t.database.query('update consignment_items set reserve = 80000 where id = any($1::uuid[])', [ids]);
  await t.database.query(
    `update rugs set status = 'available' where id in (select rug_id from consignment_items where id = any($1::uuid[]))`,
    [ids],
  );
  consignmentId = (
    await one<{ consignment_id: string }>('select consignment_id from consignment_items where id = $1', [
      ids[0],
    ])
  ).consignment_id;
  closedSaleId = (
    await one<{ auction_id: string }>('select auction_id from lots where id = $1', [unsold[0]!.lotId])
  ).auction_id;
  sold = (await consignedSale(t.database, { consignorIds: [leilaId], lots: 1 }))[0]!;
  targetSaleId = (
    await one<{ id: string }>(
      `insert into auctions (slug, title, type, status, starts_at, ends_at)
       values ('spring-reoffers', 'Spring Rugs', 'timed', 'scheduled', now() + interval '7 days',
         now() + interval '8 days') returning id`,
      [],
    )
  ).id;
}, 60_000);
afterAll(() => t.close());

describe('returning and re-offering unsold rugs', () => {
  it('lists the receipt’s rugs with their unsold lot and buy-in fee; accounts read but cannot propose', async () => {
    const res = await send(
      t,
      'GET',
      `/admin/consignments/${consignmentId}/reoffers`,
      undefined,
      accounts.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json().data.find((i: { itemId: string }) => i.itemId === unsold[0]!.itemId);
    // 5 % of the 800.00 reserve, not settled yet.
    expect(first).toMatchObject({
      actionable: true,
      lastLot: { outcome: 'unsold' },
      unsold: { reserve: 80_000, buyInFeeCents: 4_000, buyInFeeSettled: false },
      proposals: [],
    });
    expect((await propose(0, accounts.token)).statusCode).toBe(403);
    expect((await send(t, 'POST', `${itemUrl(0)}/return`, undefined, accounts.token)).statusCode).toBe(403);
    expect(
      (await send(t, 'GET', `/admin/consignments/${consignmentId}/reoffers`, undefined, leila.token))
        .statusCode,
    ).toBe(403);
  });

  it('refuses bad input with field errors, a sold rug, a sale that has run, an unknown item', async () => {
    const bad = await propose(0, specialist.token, {
      saleId: 'nope',
      estimateLow: 50_000,
      estimateHigh: 40_000,
      reserve: 60_050,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['saleId', 'estimateHigh', 'reserve']),
    );
    const above = await propose(0, specialist.token, proposal({ reserve: 80_000 }));
    expect(above.statusCode).toBe(400);
    expect(above.json().errors.reserve).toBe('The reserve cannot be above the low estimate');
    const soldItem = await send(
      t,
      'POST',
      `/admin/consignments/${(await one<{ consignment_id: string }>('select consignment_id from consignment_items where id = $1', [sold.itemId])).consignment_id}/items/${sold.itemId}/reoffers`,
      proposal(),
      specialist.token,
    );
    expect(soldItem.statusCode).toBe(409);
    expect(soldItem.json().message).toBe('This rug sold: it cannot be returned or offered again');
    const ran = await propose(0, specialist.token, proposal({ saleId: closedSaleId }));
    expect(ran.statusCode).toBe(409);
    expect(ran.json().errors.saleId).toBeDefined();
    // An archived consignor takes no new receipt, so no re-offer either.
    await t.database.query('update consignors set archived_at = now() where id = $1', [leilaId]);
    const archived = await propose(0);
    expect(archived.statusCode).toBe(409);
    expect(archived.json().message).toBe('This consignor is archived: restore them first');
    await t.database.query('update consignors set archived_at = null where id = $1', [leilaId]);
    const unknownSale = await propose(0, specialist.token, proposal({ saleId: sold.itemId }));
    expect(unknownSale.statusCode).toBe(400);
    // Another receipt's item through this receipt's URL: not found.
    const wrong = await send(
      t,
      'POST',
      `/admin/consignments/${consignmentId}/items/${sold.itemId}/reoffers`,
      proposal(),
      specialist.token,
    );
    expect(wrong.statusCode).toBe(404);
  });

  it('proposes, mails the consignor in her language, and she accepts: new receipt, rug in the sale; twice is once', async () => {
    const before = t.mails.length;
    const res = await propose(
      0,
      specialist.token,
      proposal({ terms: { lottingFeeCents: 0, buyInFeeRateBps: 0 } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const p = latestProposal(res);
    expect(p.status).toBe('pending');
    const mails = t.mails.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('remise en vente');
    expect(mails[0]!.text).toContain(mailMoney(4_000, 'EUR', 'fr'));
    expect(mails[0]!.text).toContain('Spring Rugs');

    // Omar (another consignor) neither sees it nor can act on it.
    expect((await send(t, 'GET', '/consignor/reoffers', undefined, omar.token)).json().data).toEqual([]);
    expect((await accept(p.id, omar)).statusCode).toBe(404);
    expect((await decline(p.id, omar)).statusCode).toBe(404);

    const listed = (await send(t, 'GET', '/consignor/reoffers', undefined, leila.token)).json().data;
    expect(listed[0]).toMatchObject({
      id: p.id,
      status: 'pending',
      sale: { title: 'Spring Rugs' },
      estimateLow: 70_000,
      reserve: 60_000,
      openingBid: 35_000,
      terms: { lottingFeeCents: 0, buyInFeeRateBps: 0, commission: { kind: 'flat', rateBps: 1500 } },
      unsold: { buyInFeeCents: 4_000, reserve: 80_000 },
    });

    const [a, b] = await Promise.all([accept(p.id), accept(p.id)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data).toMatchObject({ status: 'accepted', inSale: true });
    const again = await accept(p.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.newConsignment.number).toBe(a.json().data.newConsignment.number);
    expect((await decline(p.id)).statusCode).toBe(409);
    expect((await withdraw(p.id)).statusCode).toBe(409);

    const lots = await lotsOfRugIn(unsold[0]!, targetSaleId);
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({ reserve: expect.anything() });
    expect(Number(lots[0]!.reserve)).toBe(60_000);
    expect(Number(lots[0]!.opening_bid)).toBe(35_000);
    const newReceipt = await one<{ agreement_status: string; agreement_by: string; terms_override: unknown }>(
      'select agreement_status, agreement_by, terms_override from consignments where id = $1',
      [a.json().data.newConsignment.id],
    );
    expect(newReceipt).toMatchObject({ agreement_status: 'accepted_online', agreement_by: leila.id });
    expect(newReceipt.terms_override).toMatchObject({ lottingFeeCents: 0, buyInFeeRateBps: 0 });
    const items = await t.database.query<{ status: string }>(
      `select status from consignment_items where rug_id = (select rug_id from consignment_items where id = $1)
       order by created_at`,
      [unsold[0]!.itemId],
    );
    expect(items.map((i) => i.status)).toEqual(['reoffered', 'in_sale']);

    // The portal: the old rug reads "reoffered", the new receipt's rug is in the sale.
    const consignments = (await send(t, 'GET', '/consignor/consignments', undefined, leila.token)).json()
      .data;
    const { rug_id: rugId } = await one<{ rug_id: string }>(
      'select rug_id from consignment_items where id = $1',
      [unsold[0]!.itemId],
    );
    const statuses = consignments.flatMap((k: { items: { status: string; rugId: string }[] }) =>
      k.items.filter((i) => i.rugId === rugId).map((i) => i.status),
    );
    expect(statuses.sort()).toEqual(['in_sale', 'reoffered']);
    // Closed: no new proposal, no return on the old item.
    expect((await propose(0)).statusCode).toBe(409);
    expect((await send(t, 'POST', `${itemUrl(0)}/return`, undefined, specialist.token)).statusCode).toBe(409);
  });

  it('withdraws a proposal (again: no change); the consignor then gets a clear 409', async () => {
    const p = latestProposal(await propose(1));
    const w = await withdraw(p.id);
    expect(w.statusCode, w.body).toBe(200);
    expect(latestProposal(w).status).toBe('withdrawn');
    expect((await withdraw(p.id)).statusCode).toBe(200);
    const late = await accept(p.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The house has withdrawn this proposal');
  });

  it('a new proposal supersedes the pending one; declining is idempotent and leaves the rug unsold', async () => {
    const first = latestProposal(await propose(2));
    const second = latestProposal(await propose(2, specialist.token, proposal({ reserve: null })));
    expect((await accept(first.id)).json().message).toBe(
      'The house has replaced this proposal with a new one: review that one',
    );
    expect((await decline(second.id)).statusCode).toBe(200);
    const again = await decline(second.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('declined');
    expect((await accept(second.id)).statusCode).toBe(409);
    const list = (
      await send(t, 'GET', `/admin/consignments/${consignmentId}/reoffers`, undefined, specialist.token)
    ).json().data as { itemId: string; actionable: boolean; proposals: { status: string }[] }[];
    const item = list.find((i) => i.itemId === unsold[2]!.itemId)!;
    expect(item.actionable).toBe(true);
    expect(item.proposals.map((x) => x.status)).toEqual(['declined', 'superseded']);
  });

  it('returns a rug: who and when, audited, off the catalogue, a pending proposal withdrawn; then closed', async () => {
    const pending = latestProposal(await propose(3));
    const res = await send(t, 'POST', `${itemUrl(3)}/return`, undefined, specialist.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ actionable: false, returnedBy: { id: specialist.id } });
    expect(res.json().data.returnedAt).toEqual(expect.any(String));
    expect(latestProposal(res)).toMatchObject({ id: pending.id, status: 'withdrawn' });
    const rug = await one<{ status: string }>(
      'select r.status from rugs r join consignment_items i on i.rug_id = r.id where i.id = $1',
      [unsold[3]!.itemId],
    );
    expect(rug.status).toBe('withdrawn');
    const audit = await one<{ n: string | number }>(
      `select count(*) as n from staff_actions where action = 'return_consignment_item' and staff_id = $1`,
      [specialist.id],
    );
    expect(Number(audit.n)).toBe(1);
    expect((await send(t, 'POST', `${itemUrl(3)}/return`, undefined, specialist.token)).statusCode).toBe(409);
    expect((await propose(3)).statusCode).toBe(409);
    expect((await accept(pending.id)).statusCode).toBe(409);
  });

  it('accept racing a withdrawal: one wins, the other is a 409, and the state is the winner’s', async () => {
    const p = latestProposal(await propose(4));
    const [a, w] = await Promise.all([accept(p.id), withdraw(p.id)]);
    expect([a.statusCode, w.statusCode].sort()).toEqual([200, 409]);
    const stored = await one<{ status: string }>('select status from consignment_reoffers where id = $1', [
      p.id,
    ]);
    const lots = await lotsOfRugIn(unsold[4]!, targetSaleId);
    if (a.statusCode === 200) {
      expect(stored.status).toBe('accepted');
      expect(lots).toHaveLength(1);
    } else {
      expect(stored.status).toBe('withdrawn');
      expect(lots).toHaveLength(0);
    }
  });

  it('a sale that stopped taking lots refuses the acceptance; a rug already in another lot is left for staff', async () => {
    const later = (
      await one<{ id: string }>(
        `insert into auctions (slug, title, type, status, starts_at, ends_at)
         values ('later-reoffers', 'Later Rugs', 'timed', 'draft', now() + interval '9 days',
           now() + interval '10 days') returning id`,
        [],
      )
    ).id;
    const p = latestProposal(await propose(5, specialist.token, proposal({ saleId: later })));
    await t.database.query(`update auctions set status = 'cancelled' where id = $1`, [later]);
    const refused = await accept(p.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This sale is no longer taking rugs: the house will propose another');
    expect(
      (await one<{ status: string }>('select status from consignment_reoffers where id = $1', [p.id])).status,
    ).toBe('pending');
    await t.database.query(`update auctions set status = 'draft' where id = $1`, [later]);
    // Meanwhile staff put the rug in a lot of another sale by hand: the acceptance stands, the lot is left for staff.
    const { rug_id: rugId } = await one<{ rug_id: string }>(
      'select rug_id from consignment_items where id = $1',
      [unsold[5]!.itemId],
    );
    await t.database.query(
      `insert into lots (auction_id, rug_id, lot_number, opening_bid, estimate_low, estimate_high, status, starts_at, ends_at)
       values ($1, $2, 99, 10000, 70000, 90000, 'scheduled', now() + interval '7 days', now() + interval '8 days')`,
      [targetSaleId, rugId],
    );
    const ok = await accept(p.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'accepted', inSale: false });
    expect(await lotsOfRugIn(unsold[5]!, later)).toHaveLength(0);
    const statuses = await t.database.query<{ status: string }>(
      'select status from consignment_items where rug_id = $1 order by created_at',
      [rugId],
    );
    expect(statuses.map((x) => x.status)).toEqual(['reoffered', 'catalogued']);
  });

  it('settles the buy-in fee once with the first receipt, and the next lot under the accepted terms', async () => {
    const run = await send(t, 'POST', '/admin/settlements/run', {}, admin.token);
    expect(run.statusCode, run.body).toBe(200);
    const buyIns = await t.database.query<{ consignment_item_id: string; amount: string | number }>(
      `select e.consignment_item_id, l.amount_cents as amount from ledger_entries e
       join ledger_lines l on l.entry_id = e.id and l.account like 'consignor:%'
       where e.kind = 'buy_in_fee' and e.lot_id = $1`,
      [unsold[0]!.lotId],
    );
    expect(buyIns).toEqual([{ consignment_item_id: unsold[0]!.itemId, amount: expect.anything() }]);
    expect(Number(buyIns[0]!.amount)).toBe(4_000);

    // The re-offered lot closes unsold too: it belongs to the new item and pays the new terms (no fees at all).
    const [lot] = await lotsOfRugIn(unsold[0]!, targetSaleId);
    await t.database.query(`update auctions set status = 'closed' where id = $1`, [targetSaleId]);
    await t.database.query(
      `update lots set status = 'closed', outcome = 'unsold', closed_at = clock_timestamp() where auction_id = $1`,
      [targetSaleId],
    );
    expect((await send(t, 'POST', '/admin/settlements/run', {}, admin.token)).statusCode).toBe(200);
    const settled = await t.database.query<{ consignment_item_id: string; net_cents: string | number }>(
      'select consignment_item_id, net_cents from lot_settlements where lot_id = $1',
      [lot!.id],
    );
    expect(settled).toHaveLength(1);
    expect(settled[0]!.consignment_item_id).not.toBe(unsold[0]!.itemId);
    expect(Number(settled[0]!.net_cents)).toBe(0);
    const oldLot = await t.database.query('select 1 from lot_settlements where lot_id = $1', [
      unsold[0]!.lotId,
    ]);
    expect(oldLot).toHaveLength(1);
    // The portal now reads the buy-in fee as settled.
    const listed = (await send(t, 'GET', '/consignor/reoffers', undefined, leila.token)).json().data as {
      status: string;
      unsold: { lotId: string; buyInFeeSettled: boolean; buyInFeeCents: number };
    }[];
    expect(listed.find((p) => p.unsold.lotId === unsold[0]!.lotId)!.unsold).toMatchObject({
      buyInFeeSettled: true,
      buyInFeeCents: 4_000,
    });
  });

  it('an account that is no consignor’s gets 404; a malformed id is 400; signed out is 401', async () => {
    const stranger = await makeUser(t);
    expect((await send(t, 'GET', '/consignor/reoffers', undefined, stranger.token)).statusCode).toBe(404);
    expect(
      (await send(t, 'POST', '/consignor/reoffers/nope/accept', undefined, leila.token)).statusCode,
    ).toBe(400);
    expect((await send(t, 'GET', '/consignor/reoffers')).statusCode).toBe(401);
  });
});
