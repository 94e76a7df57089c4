import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeRug, makeUser } from '../bidding/helpers.ts';

/** Consignors and consignments in the back office (issue 27, decision 086). */
const IBAN = 'GB82 WEST 1234 5698 7654 32';
const IBAN_COMPACT = 'GB82WEST12345698765432';
const US_ACCOUNT = '000123456789';

let t: TestApp;
const users: Record<'admin' | 'specialist' | 'accounts' | 'collector', { id: string; token: string }> =
  {} as never;

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['admin', 'specialist', 'accounts'] as const) {
    users[role] = await makeUser(t);
    await t.database.query('update users set role = $1 where id = $2', [role, users[role].id]);
  }
  users.collector = await makeUser(t);
});
afterAll(() => t.close());

function call(
  token: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}
const as = (role: keyof typeof users) => users[role].token;

async function newConsignor(extra: Record<string, unknown> = {}) {
  const res = await call(as('specialist'), 'POST', '/consignors', {
    kind: 'person',
    name: 'Leila Haddad',
    email: `leila.${Math.random().toString(36).slice(2)}@example.com`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; [k: string]: unknown };
}

async function newConsignment(consignorId: string, rugIds: string[]) {
  const res = await call(as('specialist'), 'POST', '/consignments', {
    consignorId,
    items: rugIds.map((rugId) => ({ rugId, estimateLow: 100_000, estimateHigh: 150_000, reserve: 80_000 })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string; number: string; items: { id: string; rugId: string }[] };
}

describe('consignors', () => {
  it('adds, reads, lists, searches and changes a consignor, audited', async () => {
    const created = await call(as('specialist'), 'POST', '/consignors', {
      kind: 'dealer',
      name: 'Tabriz Trading',
      company: 'Tabriz Trading Ltd',
      email: 'orders@tabriz-trading.example',
      phone: '+44 20 7946 0958',
      address: { line1: '1 Carpet Lane', city: 'London', postalCode: 'sw1a 1aa', country: 'gb' },
      language: 'fr',
      vatRegistered: true,
      vatNumber: 'GB123456789',
      notes: 'Prefers calls in the morning',
    });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json().data;
    expect(c).toMatchObject({
      kind: 'dealer',
      name: 'Tabriz Trading',
      address: { line1: '1 Carpet Lane', city: 'London', postalCode: 'SW1A 1AA', country: 'GB', line2: null },
      language: 'fr',
      vatRegistered: true,
      payout: { method: 'none', holder: null, masked: null },
      user: null,
      identityCheckedAt: null,
      archivedAt: null,
      consignments: [],
    });

    const read = await call(as('accounts'), 'GET', `/consignors/${c.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.name).toBe('Tabriz Trading');

    const list = await call(as('accounts'), 'GET', '/consignors?q=tabriz-trading');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { id: string }) => r.id)).toEqual([c.id]);
    expect(list.json().meta).toMatchObject({ page: 1, total: 1, totalPages: 1 });
    expect((await call(as('accounts'), 'GET', '/consignors?q=Trading%20Ltd')).json().data).toHaveLength(1);

    const patched = await call(as('specialist'), 'PATCH', `/consignors/${c.id}`, {
      phone: '',
      address: null,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ phone: null, address: null, name: 'Tabriz Trading' });

    const audit = await t.database.query<{ action: string; details: { fields?: string[] } }>(
      `select action, details from staff_actions where details->>'consignorId' = $1 order by created_at`,
      [c.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['create_consignor', 'update_consignor']);
    expect(audit[1]!.details.fields).toEqual(['address', 'phone']);
  });

  it('refuses bad input with field errors: IBAN, BIC, routing, VAT, address', async () => {
    const cases: Array<[unknown, string, string]> = [
      [
        { payout: { method: 'iban', holder: 'L. Haddad', iban: 'GB82 WEST 1234 5698 7654 33' } },
        'payout.iban',
        'Enter a valid IBAN',
      ],
      [
        { payout: { method: 'iban', holder: 'L. Haddad', iban: IBAN, bic: 'DEUTDEF' } },
        'payout.bic',
        'Enter a valid BIC (8 or 11 characters)',
      ],
      [
        {
          payout: {
            method: 'us_account',
            holder: 'L. Haddad',
            routingNumber: '021000022',
            accountNumber: US_ACCOUNT,
            accountType: 'checking',
          },
        },
        'payout.routingNumber',
        'Enter a valid US routing number (9 digits)',
      ],
      [{ vatRegistered: true }, 'vatNumber', 'Enter the VAT number of a VAT-registered consignor'],
      [{ address: { line1: 'x', city: 'Paris', country: 'FRA' } }, 'address.country', ''],
      [{ kind: 'company' }, 'kind', 'Choose a person or a dealer'],
    ];
    for (const [extra, field, message] of cases) {
      const res = await call(as('specialist'), 'POST', '/consignors', {
        kind: 'person',
        name: 'X',
        ...(extra as object),
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
      if (message) expect(res.json().errors[field]).toBe(message);
    }
    expect(
      (await call(as('specialist'), 'POST', '/consignors', { kind: 'person', name: '  ' })).statusCode,
    ).toBe(400);
    expect(await t.database.query(`select id from consignors where name = 'X'`)).toEqual([]);
  });

  it('stores payout details encrypted and answers them only masked, anywhere', async () => {
    const c = await newConsignor({
      payout: { method: 'iban', holder: 'Leila Haddad', iban: IBAN, bic: 'nwbk gb 2l' },
    });
    expect(c.payout).toEqual({ method: 'iban', holder: 'Leila Haddad', masked: 'GB82 •••• •••• 5432' });
    const answers = [
      JSON.stringify(c),
      (await call(as('admin'), 'GET', `/consignors/${c.id}`)).body,
      (await call(as('admin'), 'GET', '/consignors?status=all&pageSize=100')).body,
    ];
    for (const body of answers) {
      expect(body).not.toContain(IBAN_COMPACT);
      expect(body).not.toContain('WEST1234');
      expect(body).not.toContain('NWBKGB2L');
    }
    const [row] = await t.database.query<Record<string, unknown>>(`select * from consignors where id = $1`, [
      c.id,
    ]);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(IBAN_COMPACT);
    expect(stored).not.toContain('12345698765432');
    expect(stored).not.toContain('NWBKGB2L');
    expect(String(row!.payout_details_encrypted)).toMatch(/^v1\.[0-9a-f]{8}\./);
    // The key came from the database here (no PAYOUT_DETAILS_KEY in tests); the payout side reads them in clear.
    expect(await t.app.services.consignors.payoutDetails(c.id)).toEqual({
      method: 'iban',
      holder: 'Leila Haddad',
      iban: IBAN_COMPACT,
      bic: 'NWBKGB2L',
    });
    // Bound to its row: the same ciphertext on another consignor does not decrypt.
    const other = await newConsignor();
    await t.database.query(
      `update consignors set payout_method = 'iban', payout_masked = 'x', payout_details_encrypted = $1 where id = $2`,
      [row!.payout_details_encrypted, other.id],
    );
    await expect(t.app.services.consignors.payoutDetails(other.id)).rejects.toThrow();

    const us = await call(as('accounts'), 'PATCH', `/consignors/${c.id}`, {
      payout: {
        method: 'us_account',
        holder: 'Leila Haddad',
        routingNumber: '021000021',
        accountNumber: US_ACCOUNT,
        accountType: 'checking',
      },
    });
    expect(us.statusCode, us.body).toBe(200);
    expect(us.json().data.payout).toEqual({
      method: 'us_account',
      holder: 'Leila Haddad',
      masked: '•••• 6789',
    });
    expect(us.body).not.toContain(US_ACCOUNT);
    expect(us.body).not.toContain('021000021');
    const [after] = await t.database.query<Record<string, unknown>>(
      `select * from consignors where id = $1`,
      [c.id],
    );
    expect(JSON.stringify(after)).not.toContain(US_ACCOUNT);
    expect(JSON.stringify(after)).not.toContain('021000021');

    const none = await call(as('specialist'), 'PATCH', `/consignors/${c.id}`, { payout: { method: 'none' } });
    expect(none.json().data.payout).toEqual({ method: 'none', holder: null, masked: null });
    const [cleared] = await t.database.query<{ payout_details_encrypted: string | null }>(
      `select payout_details_encrypted from consignors where id = $1`,
      [c.id],
    );
    expect(cleared!.payout_details_encrypted).toBeNull();
  });

  it('accounts may change payout details only; the rest of a consignor is the specialists\u2019', async () => {
    const c = await newConsignor();
    expect(
      (await call(as('accounts'), 'PATCH', `/consignors/${c.id}`, { name: 'Someone else' })).statusCode,
    ).toBe(403);
    expect(
      (
        await call(as('accounts'), 'PATCH', `/consignors/${c.id}`, {
          name: 'Someone else',
          payout: { method: 'none' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(as('accounts'), 'POST', '/consignors', { kind: 'person', name: 'A' })).statusCode,
    ).toBe(403);
  });

  it('links a site account by e-mail: it must exist, and belongs to one consignor', async () => {
    const [collector] = await t.database.query<{ email: string }>(`select email from users where id = $1`, [
      users.collector.id,
    ]);
    const unknown = await call(as('specialist'), 'POST', '/consignors', {
      kind: 'person',
      name: 'Nobody',
      userEmail: 'nobody-here@example.com',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ userEmail: 'No account uses this e-mail address' });

    const linked = await newConsignor({ userEmail: collector!.email.toUpperCase() });
    expect(linked.user).toMatchObject({ id: users.collector.id, email: collector!.email });
    const other = await newConsignor();
    const taken = await call(as('specialist'), 'PATCH', `/consignors/${other.id}`, {
      userEmail: collector!.email,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors.userEmail).toBe('This account is already linked to another consignor');
    const unlinked = await call(as('specialist'), 'PATCH', `/consignors/${linked.id}`, { userEmail: null });
    expect(unlinked.json().data.user).toBeNull();
  });

  it('records the identity check, by whom', async () => {
    const c = await newConsignor();
    expect((await call(as('accounts'), 'POST', `/consignors/${c.id}/identity-check`, {})).statusCode).toBe(
      400,
    );
    const res = await call(as('accounts'), 'POST', `/consignors/${c.id}/identity-check`, {
      document: 'Passport, FR',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.identityCheckedAt).toEqual(expect.any(String));
    expect(res.json().data.identityCheckedBy).toMatchObject({ id: users.accounts.id });
    const [audit] = await t.database.query<{ reason: string }>(
      `select reason from staff_actions where action = 'check_consignor_identity' and details->>'consignorId' = $1`,
      [c.id],
    );
    expect(audit!.reason).toBe('Passport, FR');
  });

  it('deletes a consignor without consignments, archives one with', async () => {
    const lone = await newConsignor();
    const gone = await call(as('specialist'), 'DELETE', `/consignors/${lone.id}`);
    expect(gone.json().data).toEqual({ id: lone.id, outcome: 'deleted' });
    expect((await call(as('specialist'), 'GET', `/consignors/${lone.id}`)).statusCode).toBe(404);

    const c = await newConsignor();
    await newConsignment(c.id, [await makeRug(t)]);
    const archived = await call(as('specialist'), 'DELETE', `/consignors/${c.id}`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toEqual({ id: c.id, outcome: 'archived' });
    const read = await call(as('specialist'), 'GET', `/consignors/${c.id}`);
    expect(read.json().data.archivedAt).toEqual(expect.any(String));
    expect(read.json().data.consignments).toHaveLength(1);
    const active = (
      await call(as('specialist'), 'GET', `/consignors?q=${encodeURIComponent(String(c.email))}`)
    ).json();
    expect(active.data).toEqual([]);
    const archivedList = (
      await call(
        as('specialist'),
        'GET',
        `/consignors?status=archived&q=${encodeURIComponent(String(c.email))}`,
      )
    ).json();
    expect(archivedList.data.map((r: { id: string }) => r.id)).toEqual([c.id]);

    const refused = await call(as('specialist'), 'POST', '/consignments', {
      consignorId: c.id,
      items: [{ rugId: await makeRug(t), estimateLow: 1, estimateHigh: 2 }],
    });
    expect(refused.statusCode).toBe(409);
    const restored = await call(as('specialist'), 'PATCH', `/consignors/${c.id}`, { archived: false });
    expect(restored.json().data.archivedAt).toBeNull();
  });
});

describe('consignments', () => {
  it('records a receipt with a yearly number, its rugs, estimates and reserves', async () => {
    const c = await newConsignor();
    const [rug1, rug2] = [await makeRug(t), await makeRug(t)];
    const res = await call(as('specialist'), 'POST', '/consignments', {
      consignorId: c.id,
      receivedAt: '2026-11-20T10:00:00Z',
      notes: 'Two rugs, one with a repaired edge',
      termsOverride: { advanceCents: 50_000 },
      items: [
        { rugId: rug1, estimateLow: 100_000, estimateHigh: 150_000, reserve: 100_000 },
        { rugId: rug2, estimateLow: 20_000, estimateHigh: 30_000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const k = res.json().data;
    expect(k.number).toMatch(/^C-\d{4}-\d{4}$/);
    expect(k).toMatchObject({
      consignor: { id: c.id, name: 'Leila Haddad' },
      receivedAt: '2026-11-20T10:00:00.000Z',
      termsOverride: { advanceCents: 50_000 },
      agreement: { status: 'none', version: null, at: null, by: null },
      createdBy: { id: users.specialist.id },
    });
    expect(
      k.items.map((i: { rugId: string; reserve: number | null; status: string }) => [
        i.rugId,
        i.reserve,
        i.status,
      ]),
    ).toEqual([
      [rug1, 100_000, 'received'],
      [rug2, null, 'received'],
    ]);
    const next = await newConsignment(c.id, [await makeRug(t)]);
    const [, year, n] = /^C-(\d{4})-(\d{4})$/.exec(k.number)!;
    expect(next.number).toBe(`C-${year}-${String(Number(n) + 1).padStart(4, '0')}`);

    expect((await call(as('accounts'), 'GET', `/consignments/${k.id}`)).json().data.items).toHaveLength(2);
    const list = (await call(as('accounts'), 'GET', `/consignments?consignorId=${c.id}`)).json();
    expect(list.data.map((r: { number: string; items: number }) => [r.number, r.items])).toEqual([
      [next.number, 1],
      [k.number, 2],
    ]);
    expect((await call(as('accounts'), 'GET', `/consignments?q=${k.number}`)).json().data).toHaveLength(1);
    // The staff rug page asks which receipt holds a rug.
    const byRug = (await call(as('specialist'), 'GET', `/consignments?rugId=${rug2}`)).json();
    expect(byRug.data.map((r: { number: string }) => r.number)).toEqual([k.number]);
    expect(
      (await call(as('specialist'), 'GET', `/consignments?rugId=${await makeRug(t)}`)).json().data,
    ).toEqual([]);
    expect((await call(as('specialist'), 'GET', '/consignments?rugId=not-a-uuid')).statusCode).toBe(400);
  });

  it('refuses estimates upside down, a reserve above the low estimate, a rug twice, a missing rug', async () => {
    const c = await newConsignor();
    const rug = await makeRug(t);
    const post = (items: unknown[], extra: object = {}) =>
      call(as('specialist'), 'POST', '/consignments', { consignorId: c.id, items, ...extra });
    const high = await post([{ rugId: rug, estimateLow: 2_000, estimateHigh: 1_000 }]);
    expect(high.statusCode).toBe(400);
    expect(high.json().errors['items.0.estimateHigh']).toBe(
      'The high estimate cannot be below the low estimate',
    );
    const reserve = await post([{ rugId: rug, estimateLow: 1_000, estimateHigh: 2_000, reserve: 1_001 }]);
    expect(reserve.statusCode).toBe(400);
    expect(reserve.json().errors['items.0.reserve']).toBe('The reserve cannot be above the low estimate');
    const twice = await post([
      { rugId: rug, estimateLow: 1, estimateHigh: 2 },
      { rugId: rug, estimateLow: 1, estimateHigh: 2 },
    ]);
    expect(twice.json().errors['items.1.rugId']).toBe('A rug can be listed once per consignment');
    expect((await post([])).json().errors.items).toBe('Add at least one rug (at most 200)');
    const missing = await post([{ rugId: crypto.randomUUID(), estimateLow: 1, estimateHigh: 2 }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors['items.0.rugId']).toBe('Rug not found');
    const badTerms = await post([{ rugId: rug, estimateLow: 1, estimateHigh: 2 }], {
      termsOverride: { advanceCents: -1 },
    });
    expect(badTerms.statusCode).toBe(400);
    expect(await t.database.query(`select id from consignments where consignor_id = $1`, [c.id])).toEqual([]);
  });

  it('keeps a rug in one open consignment; adds and removes items', async () => {
    const a = await newConsignor();
    const b = await newConsignor();
    const rug = await makeRug(t);
    const first = await newConsignment(a.id, [rug]);
    const again = await call(as('specialist'), 'POST', '/consignments', {
      consignorId: b.id,
      items: [{ rugId: rug, estimateLow: 1, estimateHigh: 2 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors['items.0.rugId']).toBe(
      `This rug is already in an open consignment (${first.number})`,
    );

    const other = await makeRug(t);
    const added = await call(as('specialist'), 'POST', `/consignments/${first.id}/items`, {
      rugId: other,
      estimateLow: 5_000,
      estimateHigh: 9_000,
      reserve: 5_000,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.items).toHaveLength(2);
    const dup = await call(as('specialist'), 'POST', `/consignments/${first.id}/items`, {
      rugId: other,
      estimateLow: 5_000,
      estimateHigh: 9_000,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.rugId).toMatch(/already in an open consignment/);

    const itemId = added.json().data.items[1].id;
    const removed = await call(as('specialist'), 'DELETE', `/consignments/${first.id}/items/${itemId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.items).toHaveLength(1);
    expect(
      (await call(as('specialist'), 'DELETE', `/consignments/${first.id}/items/${itemId}`)).statusCode,
    ).toBe(404);

    // In a sale, an item is withdrawn, not removed; once closed (sold, returned) the rug may be consigned again.
    const inSale = first.items[0]!.id;
    await t.database.query(`update consignment_items set status = 'in_sale' where id = $1`, [inSale]);
    expect(
      (await call(as('specialist'), 'DELETE', `/consignments/${first.id}/items/${inSale}`)).statusCode,
    ).toBe(409);
    await t.database.query(`update consignment_items set status = 'returned' where id = $1`, [inSale]);
    await newConsignment(b.id, [rug]);
  });

  it('two staff adding the same rug to two consignments at once: exactly one wins', async () => {
    const a = await newConsignment((await newConsignor()).id, [await makeRug(t)]);
    const b = await newConsignment((await newConsignor()).id, [await makeRug(t)]);
    for (let round = 0; round < 3; round++) {
      const rug = await makeRug(t);
      const item = { rugId: rug, estimateLow: 1_000, estimateHigh: 2_000 };
      const answers = await Promise.all([
        call(as('specialist'), 'POST', `/consignments/${a.id}/items`, item),
        call(as('admin'), 'POST', `/consignments/${b.id}/items`, item),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const [n] = await t.database.query<{ n: number | string }>(
        `select count(*) as n from consignment_items where rug_id = $1`,
        [rug],
      );
      expect(Number(n!.n)).toBe(1);
    }
  });

  it('records the agreement sent, then signed on paper; a signed one stays signed', async () => {
    const k = await newConsignment((await newConsignor()).id, [await makeRug(t)]);
    expect(
      (
        await call(as('specialist'), 'POST', `/consignments/${k.id}/agreement`, {
          status: 'accepted_online',
          version: '1',
        })
      ).statusCode,
    ).toBe(400);
    const sent = await call(as('specialist'), 'POST', `/consignments/${k.id}/agreement`, {
      status: 'sent',
      version: '2026-1',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.agreement).toMatchObject({
      status: 'sent',
      version: '2026-1',
      by: { id: users.specialist.id },
    });
    const signed = await call(as('specialist'), 'POST', `/consignments/${k.id}/agreement`, {
      status: 'signed_on_paper',
      version: '2026-1',
    });
    expect(signed.json().data.agreement.status).toBe('signed_on_paper');
    const again = await call(as('specialist'), 'POST', `/consignments/${k.id}/agreement`, {
      status: 'sent',
      version: '2026-2',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The agreement is already signed');
  });
});

describe('who may do what', () => {
  it('specialists and admins write; accounts read consignments; collectors 403; anonymous 401', async () => {
    const c = await newConsignor();
    const k = await newConsignment(c.id, [await makeRug(t)]);
    const body = { consignorId: c.id, items: [{ rugId: await makeRug(t), estimateLow: 1, estimateHigh: 2 }] };
    const reads: Array<[string]> = [
      [`/consignors`],
      [`/consignors/${c.id}`],
      ['/consignments'],
      [`/consignments/${k.id}`],
    ];
    for (const [url] of reads) {
      for (const role of ['admin', 'specialist', 'accounts'] as const)
        expect((await call(as(role), 'GET', url)).statusCode, `${role} ${url}`).toBe(200);
      expect((await call(as('collector'), 'GET', url)).statusCode).toBe(403);
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    }
    const writes: Array<['POST' | 'PATCH' | 'DELETE', string, unknown]> = [
      ['POST', '/consignors', { kind: 'person', name: 'Z' }],
      ['PATCH', `/consignors/${c.id}`, { notes: 'x' }],
      ['POST', '/consignments', body],
      ['POST', `/consignments/${k.id}/items`, body.items[0]],
      ['POST', `/consignments/${k.id}/agreement`, { status: 'sent', version: '1' }],
      ['DELETE', `/consignments/${k.id}/items/${k.items[0]!.id}`, undefined],
      ['DELETE', `/consignors/${c.id}`, undefined],
    ];
    for (const [method, url, payload] of writes) {
      expect((await call(as('accounts'), method, url, payload)).statusCode, `accounts ${method} ${url}`).toBe(
        403,
      );
      expect((await call(as('collector'), method, url, payload)).statusCode).toBe(403);
      expect((await call(null, method, url, payload)).statusCode).toBe(401);
    }
    // The collector is refused before the body is read: no field errors for a stranger.
    expect((await call(as('collector'), 'POST', '/consignors', { kind: 'nope' })).statusCode).toBe(403);
  });

  it('a bad id is a 400, an unknown one a 404, never a 500', async () => {
    expect((await call(as('admin'), 'GET', '/consignors/not-a-uuid')).statusCode).toBe(400);
    expect((await call(as('admin'), 'GET', `/consignors/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call(as('admin'), 'GET', `/consignments/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect(
      (await call(as('admin'), 'PATCH', `/consignors/${crypto.randomUUID()}`, { notes: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(as('admin'), 'POST', `/consignments/${crypto.randomUUID()}/agreement`, {
          status: 'sent',
          version: '1',
        })
      ).statusCode,
    ).toBe(404);
    const nul = await call(as('admin'), 'POST', '/consignors', { kind: 'person', name: 'A\u0000B' });
    expect(nul.statusCode).toBe(400);
  });
});
