import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printedCatalogueMessages as m } from '@knotwork/shared/schemas/printed-catalogues';
import { adminSettingsMessages } from '@knotwork/shared/schemas/house-settings-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeLot, makeUser } from '../bidding/helpers.ts';
import { pdfText } from '../commerce/documents/pdf-text.ts';

/**
 * Issue 29 §3 (decision 094): a sale's catalogue and realised prices as PDFs, made in the background, with progress
 * for staff, kept until the sale or a lot changes.
 */
let t: TestApp;
let admin: { id: string; token: string };
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const status = (sale: string, kind: string, lang = 'en') =>
  t.app.inject({ method: 'GET', url: `/api/v1/rug/upcoming/${sale}/printed/${kind}?lang=${lang}` });
const download = (sale: string, kind: string, lang = 'en') =>
  t.app.inject({ method: 'GET', url: `/api/v1/rug/upcoming/${sale}/printed/${kind}/pdf?lang=${lang}` });
const staffList = (sale: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/auctions/${sale}/printed`,
    headers: { authorization: `Bearer ${admin.token}` },
  });

describe('printed catalogues', () => {
  it('answers 404 for an unknown sale and 400 for an unknown kind or language', async () => {
    const unknown = await status('no-such-sale', 'catalogue');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(m.saleNotFound);
    expect((await download('00000000-0000-4000-8000-000000000000', 'catalogue')).statusCode).toBe(404);
    const { auctionId } = await makeLot(t);
    expect((await status(auctionId, 'brochure')).statusCode).toBe(400);
    expect((await status(auctionId, 'catalogue', 'de')).statusCode).toBe(400);
  });

  it('is queued, made by the job with progress for staff, then downloaded; a change to a lot makes it again', async () => {
    const { auctionId, rugId } = await makeLot(t);
    await t.database.query(`update rugs set title = 'سجادة قشقاي' where id = $1`, [rugId]);
    const first = (await status(auctionId, 'catalogue', 'ar')).json().data;
    expect(first).toMatchObject({ state: 'producing', url: null, language: 'ar' });
    expect((await download(auctionId, 'catalogue', 'ar')).statusCode).toBe(409);

    const queued = (await staffList(auctionId)).json().data;
    expect(queued).toEqual([
      expect.objectContaining({ kind: 'catalogue', language: 'ar', state: 'producing' }),
    ]);
    expect(await t.app.services.printedCatalogues.renderDue()).toBeGreaterThanOrEqual(1);

    const ready = (await status(auctionId, 'catalogue', 'ar')).json().data;
    expect(ready).toMatchObject({ state: 'ready', lotsDone: 1, lotsTotal: 1 });
    expect(ready.url).toContain('/printed/catalogue/pdf?lang=ar');
    const [staffRow] = (await staffList(auctionId)).json().data;
    expect(staffRow).toMatchObject({ state: 'ready', lotsDone: 1, lotsTotal: 1, current: true });

    const pdf = await download(auctionId, 'catalogue', 'ar');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('سجادة قشقاي');
    expect(text).toContain('الكتالوج');

    // A bid changes nothing printed: the file stays.
    await t.database.query(`update lots set current_bid = 20000, bid_count = 1 where auction_id = $1`, [
      auctionId,
    ]);
    expect((await status(auctionId, 'catalogue', 'ar')).json().data.state).toBe('ready');

    // A new title is a new catalogue.
    await t.database.query(`update rugs set title = 'Tapis Kazak' where id = $1`, [rugId]);
    expect((await status(auctionId, 'catalogue', 'ar')).json().data).toMatchObject({
      state: 'producing',
      url: null,
    });
    expect((await download(auctionId, 'catalogue', 'ar')).statusCode).toBe(409);
    await t.app.services.printedCatalogues.renderDue();
    const again = await download(auctionId, 'catalogue', 'ar');
    expect(again.statusCode).toBe(200);
    expect(pdfText(again.rawPayload)).toContain('Tapis Kazak');
    const files = await t.database.query<{ n: number }>(
      `select count(*)::int as n from printed_catalogues where auction_id = $1`,
      [auctionId],
    );
    expect(files[0]!.n).toBe(1);
  });

  it('prints the realised prices only once the sale is over', async () => {
    const { auctionId, lotId } = await makeLot(t);
    const early = await status(auctionId, 'realised');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(m.noResults);
    await t.database.query(
      `update lots set status = 'closed', outcome = 'sold', hammer_price = 150000, closed_at = now() where id = $1`,
      [lotId],
    );
    await t.database.query(`update auctions set status = 'closed' where id = $1`, [auctionId]);
    expect((await status(auctionId, 'realised', 'fr')).json().data.state).toBe('producing');
    await t.app.services.printedCatalogues.renderDue();
    const pdf = await download(auctionId, 'realised', 'fr');
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Résultats de la vente');
    expect(text).toContain('1 500,00');
  });

  it("prints the house's own conditions of sale in each language, the standard ones where a language is empty", async () => {
    const { auctionId } = await makeLot(t);
    const put = (token: string, body: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/admin/settings/catalogue-conditions',
        headers: { authorization: `Bearer ${token}` },
        payload: body,
      });
    await status(auctionId, 'catalogue', 'en');
    await status(auctionId, 'catalogue', 'fr');
    await t.app.services.printedCatalogues.renderDue();
    const standard = pdfText((await download(auctionId, 'catalogue', 'en')).rawPayload);
    expect(standard).toContain("A buyer's premium of");

    // Refused, and nothing changes: accounts staff, an unknown language, and a text too long.
    const accounts = await makeUser(t, { role: 'accounts' });
    expect((await put(accounts.token, { en: 'x', fr: '', ar: '' })).statusCode).toBe(403);
    expect((await put(admin.token, { en: 'x', fr: '', ar: '', de: 'y' })).statusCode).toBe(400);
    const long = await put(admin.token, { en: 'x'.repeat(20_001), fr: '', ar: '' });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors?.en).toBe(adminSettingsMessages.conditionsMax);
    expect((await status(auctionId, 'catalogue', 'en')).json().data.state).toBe('ready');

    const saved = await put(admin.token, {
      en: 'Lots are sold as seen.\n\nPayment within seven days of the sale.',
      fr: '',
      ar: 'تباع القطع بحالتها',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.catalogueConditions.en).toContain('sold as seen');
    expect(saved.json().data.changed.catalogue_conditions).toBe(true);
    // A change of conditions is a new catalogue in every language.
    expect((await status(auctionId, 'catalogue', 'en')).json().data.state).toBe('producing');
    await status(auctionId, 'catalogue', 'ar');
    await t.app.services.printedCatalogues.renderDue();
    const own = pdfText((await download(auctionId, 'catalogue', 'en')).rawPayload);
    expect(own).toContain('Lots are sold as seen.');
    expect(own).toContain('Payment within seven days of the sale.');
    expect(own).not.toContain("A buyer's premium of");
    expect(pdfText((await download(auctionId, 'catalogue', 'ar')).rawPayload)).toContain(
      'تباع القطع بحالتها',
    );
    // French left empty: the standard conditions, translated.
    expect((await status(auctionId, 'catalogue', 'fr')).json().data.state).toBe('producing');
    await t.app.services.printedCatalogues.renderDue();
    expect(pdfText((await download(auctionId, 'catalogue', 'fr')).rawPayload)).toContain('frais acheteur');
    await put(admin.token, { en: '', fr: '', ar: '' });
  });

  it('is for staff only on the back-office side', async () => {
    const { auctionId } = await makeLot(t);
    const user = await makeUser(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/auctions/${auctionId}/printed`,
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(res.statusCode).toBe(403);
    expect((await staffList('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});
