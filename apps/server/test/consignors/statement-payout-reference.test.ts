import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { send } from '../helpers/staff.ts';
import { makeUser } from '../bidding/helpers.ts';
import { consignedSale } from '../settlements/fixtures.ts';
import { pdfText } from './documents/pdf-tools.ts';
import { addConsignor, setHouseTerms } from './portal-fixtures.ts';

/**
 * Each payout on a consignor's statement names its batch (PB-2026-0001) and the payment's end-to-end reference, the
 * one their bank shows (issue 27 §3): in the staff JSON statement, the portal's statement and the PDF in every
 * language; a cancelled batch's payment taken back names them too.
 */
let t: TestApp;
let admin: { id: string; token: string };
let owner: { id: string; token: string };
let consignorId: string;
let paid: { number: string; endToEndId: string };
let cancelled: { number: string; endToEndId: string };

/** pdftotext moves spaces around Latin runs in Arabic: compare without white space. */
const squash = (s: string) => s.replace(/\s+/g, '');

/** A lot sold, paid and settled, then paid out in a batch that is marked `then` ('cancel' or 'paid'). */
async function soldAndPaidOut(then: 'cancel' | 'paid') {
  await consignedSale(t.database, { consignorIds: [consignorId], lots: 1 });
  const run = await send(t, 'POST', '/admin/settlements/run', {}, admin.token);
  expect(run.statusCode, run.body).toBe(200);
  const res = await send(t, 'POST', '/admin/payout-batches', { consignorIds: [consignorId] }, admin.token);
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data as { id: string; number: string; items: { endToEndId: string }[] };
  const marked = await send(t, 'POST', `/admin/payout-batches/${data.id}/${then}`, {}, admin.token);
  expect(marked.statusCode, marked.body).toBe(200);
  return { number: data.number, endToEndId: data.items[0]!.endToEndId };
}

beforeAll(async () => {
  t = await createTestApp({ CURRENCY: 'EUR' });
  admin = await makeUser(t, { role: 'admin' });
  owner = await makeUser(t);
  await setHouseTerms(t, admin.token);
  consignorId = await addConsignor(t, admin.token, { name: 'Hélène Dupont', userId: owner.id });
  // A first sale paid out in a batch that is then cancelled, a second one paid out and confirmed.
  cancelled = await soldAndPaidOut('cancel');
  paid = await soldAndPaidOut('paid');
});
afterAll(() => t.close());

describe('payout references on the statement', () => {
  it('staff JSON: every payout line and the cancelled one’s reversal carry batch and end-to-end reference', async () => {
    expect(paid.number).toMatch(/^PB-\d{4}-\d{4}$/);
    expect(paid.endToEndId).not.toBe(cancelled.endToEndId);
    const res = await send(t, 'GET', `/admin/consignors/${consignorId}/statement`, undefined, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.json().data.lines as {
      kind: string;
      reverses?: string;
      payout?: { batchNumber: string; endToEndId: string };
    }[];
    const payouts = lines.filter((l) => l.kind === 'payout');
    expect(payouts.map((l) => l.payout)).toEqual([
      { batchNumber: cancelled.number, endToEndId: cancelled.endToEndId },
      { batchNumber: paid.number, endToEndId: paid.endToEndId },
    ]);
    expect(lines.find((l) => l.kind === 'reversal' && l.reverses === 'payout')!.payout).toEqual({
      batchNumber: cancelled.number,
      endToEndId: cancelled.endToEndId,
    });
    // Lines that are no payout name none.
    expect(lines.filter((l) => l.kind === 'hammer_credit').every((l) => l.payout === undefined)).toBe(true);
  });

  it('portal JSON: my payouts, each with its reference (the cancelled one taken back, negative)', async () => {
    const res = await send(t, 'GET', '/consignor/statement', undefined, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    const payouts = res.json().data.payouts as { amountCents: number; reference: unknown }[];
    expect(payouts).toHaveLength(3);
    expect(payouts.map((p) => p.reference)).toEqual([
      { batchNumber: cancelled.number, endToEndId: cancelled.endToEndId },
      { batchNumber: cancelled.number, endToEndId: cancelled.endToEndId },
      { batchNumber: paid.number, endToEndId: paid.endToEndId },
    ]);
    expect(payouts[0]!.amountCents).toBe(-payouts[1]!.amountCents);
  });

  it('the PDF prints both references in English, French and Arabic', async () => {
    const words = {
      en: 'Bank reference',
      fr: 'Référence bancaire',
      ar: 'المرجع المصرفي',
    } as const;
    for (const lang of ['en', 'fr', 'ar'] as const) {
      const res = await send(
        t,
        'GET',
        `/admin/consignors/${consignorId}/statement.pdf?lang=${lang}`,
        undefined,
        admin.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const text = squash(pdfText(res.rawPayload, `payout-reference-${lang}`));
      for (const expected of [
        words[lang],
        paid.number,
        paid.endToEndId,
        cancelled.number,
        cancelled.endToEndId,
      ])
        expect(text, lang).toContain(squash(expected));
    }
    // The consignor's own copy from the portal, in their account's language.
    await t.database.query(`update users set language = 'fr' where id = $1`, [owner.id]);
    const mine = await send(t, 'GET', '/consignor/statement.pdf', undefined, owner.token);
    expect(mine.statusCode, mine.body).toBe(200);
    const text = pdfText(mine.rawPayload, 'payout-reference-portal-fr');
    expect(text).toContain(`Référence bancaire ${paid.endToEndId}`);
  });
});
