import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleAfterAnswer } from '../../src/lib/after-answer.ts';
import { paymentMails } from '../../src/modules/commerce/payment-mails.ts';
import { notificationMessages } from '../../src/modules/notifications/messages.ts';
import { notify } from '../../src/modules/notifications/notifier.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { lastCode, newAccount, post, signUp } from './helpers.ts';

/** Issue 9: the account keeps its language, and the mails it receives are written in it. */
describe('account language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => t.close());

  const languageOf = async (email: string) =>
    (
      await t.database.query<{ language: string }>('select language from users where email = $1', [
        email.toLowerCase(),
      ])
    )[0]?.language;

  async function register(account: ReturnType<typeof newAccount>, acceptLanguage?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: account,
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });
    await settleAfterAnswer();
    return res;
  }

  const newestMailTo = (email: string) => [...t.mails].reverse().find((m) => m.to === email.toLowerCase())!;

  it('stores the language the site was in at registration and writes the verification code in it', async () => {
    const fr = newAccount();
    expect((await register(fr, 'fr')).statusCode).toBe(201);
    expect(await languageOf(fr.email)).toBe('fr');
    const frMail = newestMailTo(fr.email);
    expect(frMail.subject).toBe(`Votre code de vérification Knotwork : ${lastCode(t, fr.email)}`);
    expect(frMail.text).toContain('Bonjour Ada,');
    expect(frMail.text).toContain('Merci d’avoir rejoint Knotwork.');
    expect(frMail.html).toContain('<html lang="fr" dir="ltr">');

    const ar = newAccount();
    expect((await register(ar, 'ar-EG,ar;q=0.9,en;q=0.5')).statusCode).toBe(201);
    expect(await languageOf(ar.email)).toBe('ar');
    const arMail = newestMailTo(ar.email);
    expect(arMail.subject).toBe(`رمز التحقق الخاص بك من Knotwork: ${lastCode(t, ar.email)}`);
    expect(arMail.text).toContain('شكرًا لانضمامك إلى Knotwork.');
    expect(arMail.html).toContain('<html lang="ar" dir="rtl">');
  });

  it('falls back to English for a missing or unsupported Accept-Language, with the English mail unchanged', async () => {
    const none = newAccount();
    await register(none);
    expect(await languageOf(none.email)).toBe('en');
    const de = newAccount();
    await register(de, 'de-DE,de;q=0.9');
    expect(await languageOf(de.email)).toBe('en');
    const mail = newestMailTo(de.email);
    expect(mail.subject).toBe(`Your Knotwork verification code: ${lastCode(t, de.email)}`);
    expect(mail.text.startsWith('Dear Ada,\n\nThank you for joining Knotwork.')).toBe(true);
  });

  it('changes with PUT /auth/language and the password-reset code follows it', async () => {
    const user = await signUp(t);
    const put = (language: unknown, token: string | undefined = user.token) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/auth/language',
        payload: { language },
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    const toArabic = await put('ar');
    expect(toArabic.statusCode).toBe(200);
    expect(toArabic.json()).toEqual({ language: 'ar' });
    expect(await languageOf(user.email)).toBe('ar');
    expect((await post(t, '/auth/password/forgot', { email: user.email })).statusCode).toBe(200);
    const arReset = newestMailTo(user.email);
    expect(arReset.subject).toBe(`رمز إعادة تعيين كلمة المرور في Knotwork: ${lastCode(t, user.email)}`);
    expect(arReset.text).toContain('الرمز صالح لمدة 10 دقائق');

    expect((await put('fr')).statusCode).toBe(200);
    await post(t, '/auth/password/forgot', { email: user.email });
    const frReset = newestMailTo(user.email);
    expect(frReset.subject).toBe(
      `Votre code de réinitialisation du mot de passe Knotwork : ${lastCode(t, user.email)}`,
    );
    expect(frReset.text).toContain('Avec nos meilleures salutations,\nL’équipe Knotwork');
  });

  it('refuses a language the site does not speak, and anonymous callers', async () => {
    const user = await signUp(t);
    for (const language of ['de', 'EN', '', 42, null]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/auth/language',
        payload: { language },
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json().errors?.language, String(language)).toBeTruthy();
    }
    expect(await languageOf(user.email)).toBe('en');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/language',
      payload: { language: 'fr' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('payment mails in the buyer language', () => {
  const base = {
    firstName: 'Ada',
    rugTitle: 'Heriz carpet',
    lotNumber: 12,
    total: 1_250_050,
    currency: 'USD',
    dueAt: new Date('2026-12-03T12:00:00Z'),
    payUrl: 'https://example.com/pay',
    boughtNow: false,
  };

  it('keeps the English text and formats money and dates for French and Arabic readers', () => {
    const en = paymentMails.lotWon(base);
    expect(en.subject).toBe('Congratulations: you won Lot 12: Heriz carpet');
    expect(en.text).toContain('You owe $12,500.50 (hammer price');
    expect(en.text).toContain('Payment is due by 3 December 2026.');
    const fr = paymentMails.lotWon({ ...base, language: 'fr' });
    expect(fr.subject).toBe('Félicitations : vous avez remporté Lot 12 : Heriz carpet');
    expect(fr.text).toMatch(/Vous devez 12\s500,50\s\$US/);
    expect(fr.text).toContain('le 3 décembre 2026');
    expect(fr.text).toContain('Payer maintenant: https://example.com/pay');
    const ar = paymentMails.lotWon({ ...base, language: 'ar' });
    expect(ar.subject).toBe('تهانينا: لقد فزت بـ القطعة 12: Heriz carpet');
    expect(ar.text).toContain('12,500.50');
    expect(ar.html).toContain('dir="rtl"');
  });
});

describe('notifications in the recipient language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' });
  });
  afterAll(() => t.close());

  const subject = {
    lotId: 'l',
    lotNumber: 12,
    rugId: 'r',
    rugTitle: 'Heriz Serapi',
    auctionId: 'a',
    auctionTitle: 'Winter Sale',
  };

  it('writes the bell text in French or Arabic for such accounts and in English otherwise', async () => {
    const written: Record<string, { title: string; body: string }> = {};
    for (const language of ['en', 'fr', 'ar'] as const) {
      const user = await signUp(t);
      await t.database.query('update users set language = $1 where id = $2', [language, user.user.id]);
      const pending = await t.database.db.transaction((tx) =>
        notify(tx, user.user.id, notificationMessages.outbid(subject, 1_250_000, 'USD')),
      );
      written[language] = pending.notification;
      const [row] = await t.database.query<{ title: string }>(
        'select title from notifications where user_id = $1',
        [user.user.id],
      );
      expect(row!.title).toBe(pending.notification.title);
    }
    expect(written.en!.title).toBe('You have been outbid on Lot 12 — Heriz Serapi');
    expect(written.en!.body).toContain('Another bidder now leads at $12,500.');
    expect(written.fr!.title).toBe('Votre enchère a été dépassée sur le Lot 12 — Heriz Serapi');
    expect(written.fr!.body).toMatch(/mène désormais à 12\s500\s\$US\./);
    expect(written.ar!.title).toBe('تجاوز مزايد آخر مزايدتك على القطعة 12 — Heriz Serapi');
    expect(written.ar!.body).toContain('12,500');
  });
});
