import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMoney } from '../../src/modules/mail/mail-i18n.ts';
import { createTestApp, startAppOn, type TestApp } from '../helpers/app.ts';
import { send } from '../helpers/staff.ts';
import { makeUser } from '../bidding/helpers.ts';
import { consignedSale, type SaleLot } from '../settlements/fixtures.ts';
import { addConsignor, setHouseTerms } from './portal-fixtures.ts';

/**
 * The post-sale advice (issue 27 §2): when a sale closes, each consignor with lots in it gets one advice, per lot
 * sold at a hammer, unsold or passed with the estimated net under their terms, by e-mail in their language and in
 * the portal; once, however many runs or processes get to it.
 */
let t: TestApp;
let admin: { id: string; token: string };
let leila: { id: string; token: string };
let stranger: { id: string; token: string };
let leilaId: string;
let omarId: string;
let silentId: string;
let sale: SaleLot[];

/** Moves a fixture's sale (ended 30 days ago) to have closed an hour ago. */
async function closedAnHourAgo(lotId: string) {
  await t.database.query(
    `update auctions set ends_at = now() - interval '1 hour'
     where id = (select auction_id from lots where id = $1)`,
    [lotId],
  );
  await t.database.query(
    `update lots set ends_at = now() - interval '1 hour', closed_at = now() - interval '1 hour'
     where auction_id = (select auction_id from lots where id = $1)`,
    [lotId],
  );
}

const advices = async (consignorId: string) =>
  Number(
    (
      await t.database.query<{ n: string | number }>(
        'select count(*) as n from consignor_sale_advices where consignor_id = $1',
        [consignorId],
      )
    )[0]!.n,
  );

beforeAll(async () => {
  t = await createTestApp({ CURRENCY: 'EUR' });
  admin = await makeUser(t, { role: 'admin' });
  [leila, stranger] = [await makeUser(t), await makeUser(t)];
  await t.database.query(`update users set language = 'fr' where id = $1`, [leila.id]);
  await setHouseTerms(t, admin.token);
  // Leila: no address of her own, linked to an account in French. Omar: an address, Arabic, no account.
  leilaId = await addConsignor(t, admin.token, { name: 'Leila Haddad', userId: leila.id });
  omarId = await addConsignor(t, admin.token, {
    name: 'Omar Farouk',
    email: 'omar@example.com',
    language: 'ar',
  });
  silentId = await addConsignor(t, admin.token, { name: 'Nadia Silent' });
  // Four lots, Leila's 0 and 2, Omar's 1 and 3; lot 2 did not sell, with a reserve of 800.00.
  sale = await consignedSale(t.database, { consignorIds: [leilaId, omarId], lots: 4 });
  await t.database.query(
    `update lots set outcome = 'unsold', hammer_price = null, winner_id = null where id = $1`,
    [sale[2]!.lotId],
  );
  await t.database.query(`update orders set status = 'cancelled' where lot_id = $1`, [sale[2]!.lotId]);
  await t.database.query('update consignment_items set reserve = 80000 where id = $1', [sale[2]!.itemId]);
  await closedAnHourAgo(sale[0]!.lotId);
  // A sale that closed 40 days ago is history: nobody is advised of it now.
  const old = await consignedSale(t.database, { consignorIds: [leilaId], lots: 1 });
  await t.database.query(
    `update auctions set ends_at = now() - interval '40 days' where id = (select auction_id from lots where id = $1)`,
    [old[0]!.lotId],
  );
});
afterAll(() => t.close());

describe('post-sale advice', () => {
  it('one advice per consignor of a closed sale, mailed in their language; a second run writes and mails nothing', async () => {
    const before = t.mails.length;
    const report = await t.app.jobs.runDueJobsOnce();
    expect(report.consignorAdvices).toBe(2);
    const mails = t.mails.slice(before).filter((m) => m.subject.includes('Consigned Sale'));
    expect(mails).toHaveLength(2);
    const [{ email: leilaEmail }] = (await t.database.query<{ email: string }>(
      'select email from users where id = $1',
      [leila.id],
    )) as [{ email: string }];
    const toLeila = mails.find((m) => m.to === leilaEmail)!;
    expect(toLeila.subject).toBe('Consigned Sale : le résultat de vos lots');
    // 1,000.00 at 15 % less a 20.00 lotting fee; unsold: the lotting fee and 5 % of the 800.00 reserve.
    for (const words of [
      'Leila Haddad',
      `Lot 1 — Consigned Heriz 0`,
      `Adjugé ${mailMoney(100_000, 'EUR', 'fr')}`,
      `net estimé pour vous ${mailMoney(83_000, 'EUR', 'fr')}`,
      'Invendu',
      `frais de ravalement ${mailMoney(4_000, 'EUR', 'fr')}`,
      `net estimé ${mailMoney(-6_000, 'EUR', 'fr')}`,
      `Net estimé pour cette vente : ${mailMoney(77_000, 'EUR', 'fr')}`,
      '/consignor',
    ])
      expect(toLeila.text).toContain(words);
    expect(toLeila.html).toContain('lang="fr"');
    const toOmar = mails.find((m) => m.to === 'omar@example.com')!;
    expect(toOmar.subject).toBe('Consigned Sale: نتائج قطعك');
    expect(toOmar.text).toContain(mailMoney(101_000, 'EUR', 'ar'));
    expect(toOmar.html).toContain('dir="rtl"');

    const again = await t.app.jobs.runDueJobsOnce();
    expect(again.consignorAdvices).toBe(0);
    expect(t.mails.slice(before).filter((m) => m.subject.includes('Consigned Sale'))).toHaveLength(2);
    expect(await advices(leilaId)).toBe(1);
    expect(await advices(omarId)).toBe(1);
  });

  it('the portal shows the advice: each lot, its estimated charges and net, and what comes next', async () => {
    const res = await send(t, 'GET', '/consignor/advices', undefined, leila.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      sale: { title: string };
      currency: string;
      lots: Record<string, unknown>[];
      hammerCents: number;
      netCents: number;
    }[];
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      sale: { title: 'Consigned Sale', type: 'timed' },
      currency: 'EUR',
      hammerCents: 100_000,
      netCents: 77_000,
    });
    expect(data[0]!.lots).toEqual([
      expect.objectContaining({
        lotId: sale[0]!.lotId,
        lotNumber: 1,
        rugTitle: 'Consigned Heriz 0',
        outcome: 'sold',
        hammerCents: 100_000,
        commissionCents: 15_000,
        feesCents: 2_000,
        vatCents: 0,
        netCents: 83_000,
        next: 'settle_after_payment',
      }),
      expect.objectContaining({
        lotId: sale[2]!.lotId,
        outcome: 'unsold',
        hammerCents: 0,
        reserveCents: 80_000,
        buyInFeeCents: 4_000,
        feesCents: 6_000,
        netCents: -6_000,
        next: 'return_or_reoffer',
      }),
    ]);
    const unlinked = await send(t, 'GET', '/consignor/advices', undefined, stranger.token);
    expect(unlinked.statusCode).toBe(404);
    expect(unlinked.json().message).toBe('Your account is not linked to a consignor.');
    expect((await send(t, 'GET', '/consignor/advices')).statusCode).toBe(401);
  });

  it('two processes at once write each advice once; a live sale’s unsold lot is passed; no address, no mail', async () => {
    const live = await consignedSale(t.database, {
      consignorIds: [leilaId, silentId],
      lots: 2,
      type: 'live',
      outcome: 'unsold',
    });
    await closedAnHourAgo(live[0]!.lotId);
    const second = await startAppOn(t.database, { CURRENCY: 'EUR' });
    try {
      const before = t.mails.length;
      const written = await Promise.all([
        t.app.services.consignorAdvices.sendDue(),
        second.services.consignorAdvices.sendDue(),
        t.app.services.consignorAdvices.sendDue(),
      ]);
      expect(written.reduce((a, b) => a + b, 0)).toBe(2);
      expect(await advices(leilaId)).toBe(2);
      expect(await advices(silentId)).toBe(1);
      const [silent] = await t.database.query<{ emailed_to: string | null }>(
        'select emailed_to from consignor_sale_advices where consignor_id = $1',
        [silentId],
      );
      expect(silent!.emailed_to).toBeNull();
      // Whichever app wrote Leila's advice mailed it; Nadia has no address.
      expect(t.mails.slice(before).every((m) => m.subject.startsWith('Consigned Sale'))).toBe(true);
    } finally {
      await second.close();
    }
    const res = await send(t, 'GET', '/consignor/advices', undefined, leila.token);
    const [newest] = res.json().data as { sale: { type: string }; lots: { outcome: string }[] }[];
    expect(newest!.sale.type).toBe('live');
    expect(newest!.lots).toEqual([expect.objectContaining({ outcome: 'passed', hammerCents: 0 })]);
  });
});
