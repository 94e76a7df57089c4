import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '@knotwork/shared/constants/languages';
import { documentMoney } from '../../src/modules/commerce/documents/pdf-writer.ts';
import { tableAmount } from '../../src/modules/consignors/documents/document-figures.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { send } from '../helpers/staff.ts';
import { makeUser } from '../bidding/helpers.ts';
import { consignedSale, type SaleLot } from '../settlements/fixtures.ts';
import { pdfText } from './documents/pdf-tools.ts';
import { addConsignor, setHouseTerms } from './portal-fixtures.ts';

/**
 * The statement and agreement PDFs on their routes (issue 27): staff (statement: `settlement`; agreement:
 * `consignment`) and the linked consignor in the portal, each read back with pdftotext in every language.
 */
let t: TestApp;
let admin: { id: string; token: string };
let specialist: { id: string; token: string };
let accounts: { id: string; token: string };
let owner: { id: string; token: string };
let other: { id: string; token: string };
let stranger: { id: string; token: string };
let consignorId: string;
let consignmentId: string;
let otherConsignmentId: string;
let lots: SaleLot[];
let netOfFirst: number;
let batchNumber: string;

/** Arabic comes out of pdftotext with spaces moved around Latin runs: compare without white space. */
const squash = (s: string) => s.replace(/\s+/g, '');

async function pdf(token: string | null, url: string) {
  const res = await send(t, 'GET', url, undefined, token ?? undefined);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/);
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return res;
}

/** A refusal: its status and the `{ message }` every route answers with (the exact text when given). */
async function refused(token: string | null, url: string, status: number, message?: string) {
  const res = await send(t, 'GET', url, undefined, token ?? undefined);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toEqual(message ?? expect.any(String));
}

/** The text of the PDF at `url`, after the checks of `pdf`. */
const textOf = async (token: string, url: string, name: string) =>
  pdfText((await pdf(token, url)).rawPayload, name);

const setLanguage = (userId: string, language: Language) =>
  t.database.query('update users set language = $2 where id = $1', [userId, language]);

beforeAll(async () => {
  t = await createTestApp({ CURRENCY: 'EUR' });
  admin = await makeUser(t, { role: 'admin' });
  specialist = await makeUser(t, { role: 'specialist' });
  accounts = await makeUser(t, { role: 'accounts' });
  [owner, other, stranger] = [await makeUser(t), await makeUser(t), await makeUser(t)];
  await setHouseTerms(t, admin.token);
  consignorId = await addConsignor(t, admin.token, { name: 'Hélène Dupont', userId: owner.id });
  const otherId = await addConsignor(t, admin.token, { name: 'Omar Farouk', userId: other.id });
  // Two lots sold and paid 20 days ago (due), then settled and paid out in a batch.
  lots = await consignedSale(t.database, { consignorIds: [consignorId], lots: 2 });
  await consignedSale(t.database, { consignorIds: [otherId], lots: 1 });
  const [k] = await t.database.query<{ id: string; consignor_id: string }>(
    'select consignment_id as id from consignment_items where id = $1',
    [lots[0]!.itemId],
  );
  consignmentId = k!.id;
  const [o] = await t.database.query<{ id: string }>('select id from consignments where consignor_id = $1', [
    otherId,
  ]);
  otherConsignmentId = o!.id;
  const run = await send(t, 'POST', '/admin/settlements/run', {}, admin.token);
  expect(run.statusCode, run.body).toBe(200);
  const settled = await send(
    t,
    'GET',
    `/admin/settlements?status=settled&consignorId=${consignorId}`,
    undefined,
    admin.token,
  );
  netOfFirst = (settled.json().data as { lotId: string; netCents: number }[]).find(
    (r) => r.lotId === lots[0]!.lotId,
  )!.netCents;
  const batch = await send(t, 'POST', '/admin/payout-batches', { consignorIds: [consignorId] }, admin.token);
  expect(batch.statusCode, batch.body).toBe(201);
  batchNumber = batch.json().data.number as string;
});
afterAll(() => t.close());

describe('staff: statement and agreement PDFs', () => {
  it('statement in English: the consignor, each settled lot, its net, and the payout with its batch number', async () => {
    // 1,000.00 at 15 % (150.00) less the 20.00 lotting fee.
    expect(netOfFirst).toBe(83_000);
    const res = await pdf(accounts.token, `/admin/consignors/${consignorId}/statement.pdf`);
    const year = new Date().getUTCFullYear();
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement-${year}-01-01-to-${year}-12-31.pdf"`,
    );
    const text = pdfText(res.rawPayload, 'route-statement-en');
    for (const words of [
      'Statement of account',
      'Hélène Dupont',
      'Consigned Heriz 0',
      'Consigned Heriz 1',
      tableAmount(netOfFirst, 'en'),
      batchNumber,
    ])
      expect(text).toContain(words);
  });

  it('statement in French and Arabic with ?lang; a period with nothing settled has no lot', async () => {
    const fr = await textOf(
      admin.token,
      `/admin/consignors/${consignorId}/statement.pdf?lang=fr`,
      'route-statement-fr',
    );
    for (const words of ['Hélène Dupont', 'Consigned Heriz 0', tableAmount(netOfFirst, 'fr')])
      expect(fr).toContain(words);
    // The Arabic statement (decision 094) carries the figures and lot numbers as the English one does.
    const ar = squash(
      await textOf(
        admin.token,
        `/admin/consignors/${consignorId}/statement.pdf?lang=ar`,
        'route-statement-ar',
      ),
    );
    expect(ar).toContain(squash(tableAmount(netOfFirst, 'ar')));
    expect(ar).toContain('ConsignedHeriz0');
    const empty = await textOf(
      admin.token,
      `/admin/consignors/${consignorId}/statement.pdf?from=2001-01-01&to=2001-02-01`,
      'route-statement-empty',
    );
    expect(empty).toContain('Hélène Dupont');
    expect(empty).not.toContain('Consigned Heriz 0');
  });

  it('agreement in the consignor’s language or ?lang: the receipt number, the rugs and their estimates', async () => {
    const res = await pdf(specialist.token, `/admin/consignments/${consignmentId}/agreement.pdf`);
    const [k] = await t.database.query<{ number: string }>('select number from consignments where id = $1', [
      consignmentId,
    ]);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="agreement-${k!.number}.pdf"`);
    const en = pdfText(res.rawPayload, 'route-agreement-en');
    for (const words of [
      'Hélène Dupont',
      k!.number,
      'Consigned Heriz 0',
      documentMoney(100_000, 'EUR', 'en'),
      '15%',
    ])
      expect(en).toContain(words);
    const fr = await textOf(
      specialist.token,
      `/admin/consignments/${consignmentId}/agreement.pdf?lang=fr`,
      'route-agreement-fr',
    );
    for (const words of ['Hélène Dupont', 'Consigned Heriz 1', '15 %']) expect(fr).toContain(words);
    const ar = squash(
      await textOf(
        specialist.token,
        `/admin/consignments/${consignmentId}/agreement.pdf?lang=ar`,
        'route-agreement-ar',
      ),
    );
    expect(ar).toContain(squash(k!.number));
    expect(ar).toContain('ConsignedHeriz1');
  });

  it('abilities, unknown ids and a bad language are answered as the other staff routes are', async () => {
    const statement = `/admin/consignors/${consignorId}/statement.pdf`;
    const none = '00000000-0000-4000-8000-000000000000';
    await refused(null, statement, 401);
    // A specialist takes consignments but does not read a consignor's money.
    await refused(specialist.token, statement, 403);
    await refused(admin.token, `/admin/consignors/${none}/statement.pdf`, 404, 'No such consignor');
    await refused(accounts.token, `/admin/consignments/${none}/agreement.pdf`, 404, 'Consignment not found');
    await refused(admin.token, `/admin/consignments/${consignmentId}/agreement.pdf?lang=de`, 400);
  });
});

describe('portal: my statement and my agreements as PDFs', () => {
  it('in my account’s language: English, French, Arabic', async () => {
    await setLanguage(owner.id, 'en');
    const en = await textOf(owner.token, '/consignor/statement.pdf', 'portal-statement-en');
    for (const words of [
      'Statement of account',
      'Hélène Dupont',
      'Consigned Heriz 1',
      tableAmount(netOfFirst, 'en'),
    ])
      expect(en).toContain(words);
    await setLanguage(owner.id, 'fr');
    const fr = await textOf(owner.token, '/consignor/statement.pdf', 'portal-statement-fr');
    for (const words of ['Hélène Dupont', 'Consigned Heriz 0', tableAmount(netOfFirst, 'fr')])
      expect(fr).toContain(words);
    const agreementFr = await textOf(
      owner.token,
      `/consignor/consignments/${consignmentId}/agreement.pdf`,
      'portal-agreement-fr',
    );
    for (const words of ['Hélène Dupont', 'Consigned Heriz 0', documentMoney(100_000, 'EUR', 'fr')])
      expect(agreementFr).toContain(words.replace(/\u202F|\u00A0/g, ' '));
    await setLanguage(owner.id, 'ar');
    const ar = squash(await textOf(owner.token, '/consignor/statement.pdf', 'portal-statement-ar'));
    expect(ar).toContain(squash(tableAmount(netOfFirst, 'ar')));
    expect(ar).toContain('ConsignedHeriz0');
    await setLanguage(owner.id, 'en');
  });

  it('another consignor’s consignment is a 404, as is an account linked to no consignor; no session is a 401', async () => {
    const none = '00000000-0000-4000-8000-000000000000';
    const agreement = (id: string) => `/consignor/consignments/${id}/agreement.pdf`;
    await refused(owner.token, agreement(otherConsignmentId), 404, 'Consignment not found');
    await refused(owner.token, agreement(none), 404, 'Consignment not found');
    await refused(
      stranger.token,
      '/consignor/statement.pdf',
      404,
      'Your account is not linked to a consignor.',
    );
    await refused(null, '/consignor/statement.pdf', 401);
    await refused(owner.token, '/consignor/statement.pdf?from=2026-05-01&to=2026-04-01', 400);
    // The other consignor reads their own.
    await pdf(other.token, `/consignor/consignments/${otherConsignmentId}/agreement.pdf`);
  });
});
