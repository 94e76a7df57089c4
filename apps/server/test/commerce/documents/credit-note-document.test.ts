import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { auth, bankTransfer, makeOrder, makeUser } from '../helpers.ts';

/** The text of a PDF, as pdftotext reads it (poppler-utils). */
function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'kw-cn-')), 'note.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/**
 * A credit note is a house's document like its invoice (issue 24 §7): the house's name, address and tax number from
 * Settings, frozen when the note is issued, and the buyer's language, in the note and in the mail that carries it.
 */
describe('credit notes: the house letterhead and the buyer language', () => {
  let t: TestApp;
  let staff: { id: string; token: string };
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
    staff = await makeUser(t, { role: 'admin' });
    await t.database.query(
      `insert into house_settings (key, value) values ('house', $1::jsonb)
       on conflict (key) do update set value = excluded.value`,
      [
        JSON.stringify({
          name: 'Maison Tapis & Fils',
          address: '12 rue Jacob\n75006 Paris',
          taxNumber: 'FR40303265045',
        }),
      ],
    );
  });
  afterAll(() => t.close());

  it('a French buyer gets a French mail and a credit note with the house letterhead', async () => {
    const buyer = await makeUser(t);
    await t.database.query(`update users set language = 'fr' where id = $1`, [buyer.id]);
    const order = await makeOrder(t, buyer.id, { price: 80_000 });
    const { reference, checkout } = (
      await bankTransfer(t, buyer.token, { orderIds: [order.orderId], shippingMethod: 'collect' })
    ).json().data;
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/payments/bank-transfer',
      headers: auth(staff.token),
      payload: { reference, amount: checkout.quote.total, currency: 'USD' },
    });
    expect(paid.json().data.outcome).toBe('paid');

    const before = t.mails.length;
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/orders/${order.orderId}/refund`,
      headers: auth(staff.token),
      payload: { amount: 12_345, reason: 'Petite tache' },
    });
    expect(refund.statusCode).toBe(200);
    const number = refund.json().data.creditNoteNumber as string;
    const mail = t.mails.slice(before).find((m) => m.attachments?.[0]?.filename === `${number}.pdf`)!;
    expect(mail.subject).toBe(`Remboursement : avoir ${number}`);
    expect(mail.text).toContain(`Votre avoir ${number} est joint.`);

    const text = pdfText(mail.attachments![0]!.content);
    expect(text).toContain('Maison Tapis & Fils');
    expect(text).toContain('12 rue Jacob');
    expect(text).toContain('FR40303265045');
    expect(text).toContain('Avoir');
    expect(text).toContain('Petite tache');
  });
});
