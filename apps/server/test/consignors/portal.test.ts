import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bid, makeLot, makeRug, makeUser } from '../bidding/helpers.ts';

/** The consignor portal (issue 27 §4): a linked account sees its own consignments, accepts its agreements. */
let t: TestApp;
let staff: { id: string; token: string };
let owner: { id: string; token: string };
let other: { id: string; token: string };
let stranger: { id: string; token: string };
let bidder: { id: string; token: string };
let ownConsignment: { id: string; items: { id: string; rugId: string }[] };
let otherConsignment: { id: string };
let lot: { lotId: string; rugId: string; auctionId: string };

function call(token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

async function emailOf(userId: string) {
  const [row] = await t.database.query<{ email: string }>('select email from users where id = $1', [userId]);
  return row!.email;
}

async function consignorFor(userId: string, name: string) {
  const res = await call(staff.token, 'POST', '/admin/consignors', {
    kind: 'person',
    name,
    userEmail: await emailOf(userId),
    payout: { method: 'iban', holder: name, iban: 'GB82 WEST 1234 5698 7654 32' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

async function consignmentFor(consignorId: string, rugIds: string[]) {
  const res = await call(staff.token, 'POST', '/admin/consignments', {
    consignorId,
    items: rugIds.map((rugId) => ({ rugId, estimateLow: 100_000, estimateHigh: 150_000, reserve: 80_000 })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; items: { id: string; rugId: string }[] };
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await makeUser(t, { role: 'admin' });
  [owner, other, stranger, bidder] = [
    await makeUser(t),
    await makeUser(t),
    await makeUser(t),
    await makeUser(t),
  ];
  lot = await makeLot(t, { endsIn: 3600 });
  const quiet = await makeRug(t);
  const ownerId = await consignorFor(owner.id, 'Leila Haddad');
  const otherId = await consignorFor(other.id, 'Omar Farouk');
  ownConsignment = await consignmentFor(ownerId, [lot.rugId, quiet]);
  otherConsignment = await consignmentFor(otherId, [await makeRug(t)]);
  const sent = await call(staff.token, 'POST', `/admin/consignments/${ownConsignment.id}/agreement`, {
    status: 'sent',
    version: '2026-1',
  });
  expect(sent.statusCode, sent.body).toBe(200);
});
afterAll(() => t.close());

describe('consignor portal', () => {
  it('answers 401 without a session and 404 with a clear message for an account linked to no consignor', async () => {
    for (const url of ['/consignor/me', '/consignor/consignments', '/consignor/statement'])
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    const res = await call(stranger.token, 'GET', '/consignor/me');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Your account is not linked to a consignor.');
    expect((await call(stranger.token, 'GET', '/consignor/consignments')).statusCode).toBe(404);
    const link = await call(stranger.token, 'GET', '/consignor/link');
    expect(link.statusCode).toBe(200);
    expect(link.json().data).toEqual({ linked: false, agreementsToAccept: 0 });
    expect((await call(owner.token, 'GET', '/consignor/link')).json().data).toEqual({
      linked: true,
      agreementsToAccept: 1,
    });
  });

  it('shows the linked consignor, payout details masked only', async () => {
    const res = await call(owner.token, 'GET', '/consignor/me');
    expect(res.statusCode, res.body).toBe(200);
    const me = res.json().data;
    expect(me).toMatchObject({ name: 'Leila Haddad', agreementsToAccept: 1, identityChecked: false });
    expect(me.payout.masked).toMatch(/•/);
    expect(res.body).not.toContain('GB82WEST12345698765432');
    expect(res.body).not.toContain('5698 7654');
  });

  it('lists only their consignments, each rug with its status now: in an open timed sale with a bid', async () => {
    const placed = await bid(t, lot.lotId, 20_000, bidder.token);
    expect(placed.statusCode, placed.body).toBe(201);
    const res = await call(owner.token, 'GET', '/consignor/consignments');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as {
      id: string;
      agreement: { status: string; version: string };
      terms: unknown;
      items: { rugId: string; status: string; sale: Record<string, unknown> | null; reserve: number }[];
    }[];
    expect(list.map((k) => k.id)).toEqual([ownConsignment.id]);
    expect(list[0]!.agreement).toMatchObject({ status: 'sent', version: '2026-1' });
    expect(list[0]!.terms).toMatchObject({ commission: expect.any(Object) });
    const inSale = list[0]!.items.find((i) => i.rugId === lot.rugId)!;
    expect(inSale.status).toBe('in_sale');
    expect(inSale.reserve).toBe(80_000);
    expect(inSale.sale).toMatchObject({ title: 'Test Sale', lotNumber: 1, currentBid: 10_000, bidCount: 1 });
    expect(list[0]!.items.find((i) => i.rugId !== lot.rugId)!.status).toBe('received');
    expect(res.body).not.toContain(otherConsignment.id);
    expect(res.body).not.toContain('Omar');

    // Closed and sold: sold; the buyer's order paid: paid.
    await t.database.query(
      `update lots set status = 'closed', outcome = 'sold', hammer_price = 20000, winner_id = $2, closed_at = now()
       where id = $1`,
      [lot.lotId, bidder.id],
    );
    const sold = (await call(owner.token, 'GET', '/consignor/consignments')).json().data[0].items;
    expect(sold.find((i: { rugId: string }) => i.rugId === lot.rugId)).toMatchObject({
      status: 'sold',
      hammer: 20_000,
    });
    await t.database.query(
      `insert into orders (user_id, rug_id, lot_id, kind, hammer_price, buyers_premium, item_price, currency, due_at,
         status, paid_at)
       values ($1, $2, $3, 'auction', 20000, 5000, 25000, 'USD', now() + interval '7 days', 'paid', now())`,
      [bidder.id, lot.rugId, lot.lotId],
    );
    const paid = (await call(owner.token, 'GET', '/consignor/consignments')).json().data[0].items;
    expect(paid.find((i: { rugId: string }) => i.rugId === lot.rugId)).toMatchObject({ status: 'paid' });
  });

  it('accepts its own agreement once (again: the same answer), never another consignor’s', async () => {
    const url = `/consignor/consignments/${ownConsignment.id}/agreement/accept`;
    expect((await call(owner.token, 'POST', url, { version: '2025-9' })).statusCode).toBe(409);
    const first = await call(owner.token, 'POST', url, { version: '2026-1' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.agreement).toMatchObject({ status: 'accepted_online', version: '2026-1' });
    const at = first.json().data.agreement.at;
    const again = await call(owner.token, 'POST', url, { version: '2026-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.agreement.at).toBe(at);
    const [row] = await t.database.query<{ agreement_by: string }>(
      'select agreement_by from consignments where id = $1',
      [ownConsignment.id],
    );
    expect(row!.agreement_by).toBe(owner.id);

    const theirs = `/consignor/consignments/${otherConsignment.id}/agreement/accept`;
    const refused = await call(owner.token, 'POST', theirs, { version: '2026-1' });
    expect(refused.statusCode).toBe(404);
    expect((await call(stranger.token, 'POST', theirs, { version: '2026-1' })).statusCode).toBe(404);
    expect((await call(null, 'POST', theirs, { version: '2026-1' })).statusCode).toBe(401);
    const [unchanged] = await t.database.query<{ agreement_status: string }>(
      'select agreement_status from consignments where id = $1',
      [otherConsignment.id],
    );
    expect(unchanged!.agreement_status).toBe('none');
    expect((await call(other.token, 'POST', theirs, { version: '2026-1' })).statusCode).toBe(409);
  });

  it('reads the statement from their account in the journal, owed amounts positive', async () => {
    const me = (await call(owner.token, 'GET', '/consignor/me')).json().data;
    await t.app.services.consignors.postLedgerEntry(
      { kind: 'hammer_credit', idempotencyKey: `portal-test-${me.id}`, consignorId: me.id },
      [
        { account: `consignor:${me.id}`, amountCents: -15_000 },
        { account: 'house:consignor_clearing', amountCents: 15_000 },
      ],
    );
    const res = await call(owner.token, 'GET', '/consignor/statement');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ openingCents: 0, closingCents: 15_000, payouts: [] });
    expect(res.json().data.lines).toEqual([
      expect.objectContaining({ kind: 'hammer_credit', amountCents: 15_000 }),
    ]);
    expect(
      (await call(owner.token, 'GET', '/consignor/statement?from=2026-05-01&to=2026-01-01')).statusCode,
    ).toBe(400);
    const others = (await call(other.token, 'GET', '/consignor/statement')).json().data;
    expect(others.lines).toEqual([]);
  });
});
