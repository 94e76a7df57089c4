import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  defaultNotificationSettings,
  notificationSettingsMessages,
} from '@knotwork/shared/schemas/notification-settings';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { bid, makeLot, makeUser, units } from '../bidding/helpers.ts';
import { setLotEnd } from '../jobs/fixtures.ts';
import { newAccount, post } from '../auth/helpers.ts';
import { signUnsubscribeToken } from '../../src/modules/notifications/unsubscribe-token.ts';
import type { MailMessage } from '../../src/modules/mail/mailer.ts';

/**
 * Issue 24.5, decision 075: outbid, opening and ending-soon e-mails beside the bell and push, the settings that turn
 * each kind and channel off, and the one-click unsubscribe (RFC 8058) every collector's e-mail carries.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '100', PUBLIC_URL: 'https://auctions.example.com' });
});
afterAll(async () => t.close());

async function collector(language: 'en' | 'fr' | 'ar' = 'en') {
  const user = await makeUser(t);
  const [row] = await t.database.query<{ email: string }>(
    'update users set language = $2 where id = $1 returning email',
    [user.id, language],
  );
  return { ...user, email: row!.email };
}

const mailsTo = (email: string) => t.mails.filter((m) => m.to === email);

/** Waits until the notices of the last action were delivered and their e-mails settled. */
async function settle(): Promise<void> {
  await new Promise((r) => setTimeout(r, 150));
  await t.app.services.lotMails.settled();
}

async function waitForMail(email: string, count = 1): Promise<MailMessage[]> {
  await vi.waitFor(() => expect(mailsTo(email).length).toBeGreaterThanOrEqual(count), { timeout: 5_000 });
  await t.app.services.lotMails.settled();
  return mailsTo(email);
}

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  token?: string,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });

function unsubscribeTokenOf(mail: MailMessage): string {
  const header = mail.headers?.['List-Unsubscribe'] ?? '';
  const url = /<(https:[^>]+)>/.exec(header)![1]!;
  return new URL(url).searchParams.get('token')!;
}

describe('notice e-mails', () => {
  it('outbid: the previous leader gets one e-mail per lot until they bid again, with List-Unsubscribe headers and a footer', async () => {
    const { lotId, rugId } = await makeLot(t);
    const [a, b, c] = [await collector(), await collector(), await collector()];
    expect((await bid(t, lotId, units(500), a.token)).statusCode).toBe(201);
    expect((await bid(t, lotId, units(800), b.token)).statusCode).toBe(201);

    const [mail] = await waitForMail(a.email);
    expect(mail).toMatchObject({
      to: a.email,
      kind: 'outbid',
      subject: 'You have been outbid on Lot 1 \u2014 Test Heriz',
    });
    expect(mail!.text).toContain(`Raise your bid: https://auctions.example.com/rugs-details-live/${rugId}`);
    expect(mail!.headers!['List-Unsubscribe']).toMatch(
      /^<https:\/\/auctions\.example\.com\/api\/v1\/notifications\/unsubscribe\?token=[^>]+>, <mailto:staff@knotwork\.local\?subject=unsubscribe%20outbid>$/,
    );
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain(
      'Unsubscribe from these e-mails: https://auctions.example.com/api/v1/notifications/unsubscribe?token=',
    );
    expect(mail!.html).toContain('/profile/notifications');
    expect(mailsTo(b.email)).toEqual([]);

    // C outbids B (B mailed once), then B's proxy is beaten again without B bidding: no second e-mail to B.
    await bid(t, lotId, units(1000), c.token);
    await waitForMail(b.email);
    await bid(t, lotId, units(1200), a.token); // A leads again (A bid again): C is outbid, A is not mailed
    await waitForMail(c.email);
    await bid(t, lotId, units(1500), c.token); // C takes it back: A was outbid again, and had bid since: a 2nd mail
    await waitForMail(a.email, 2);
    await bid(t, lotId, units(1600), a.token); // A leads: C outbid, C bid since its mail: 2nd mail to C
    await waitForMail(c.email, 2);
    await bid(t, lotId, units(2000), b.token); // B leads: A outbid; A bid since its 2nd mail: 3rd mail to A
    await waitForMail(a.email, 3);
    await settle();
    expect(mailsTo(b.email)).toHaveLength(1);

    // Now nobody but B bids: A, outbid again by B raising, gets nothing more (B raising is not an outbid anyway).
    await bid(t, lotId, units(2500), b.token);
    await settle();
    expect(mailsTo(a.email)).toHaveLength(3);
  });

  it('outbid e-mails are written in the reader\u2019s language', async () => {
    const { lotId } = await makeLot(t);
    const [fr, other] = [await collector('fr'), await collector()];
    await bid(t, lotId, units(500), fr.token);
    await bid(t, lotId, units(800), other.token);
    const [mail] = await waitForMail(fr.email);
    expect(mail!.subject).toBe('Votre enchère a été dépassée sur le Lot 1 \u2014 Test Heriz');
    expect(mail!.text).toContain('Se désabonner de ces e-mails');
    expect(mail!.html).toContain('<html lang="fr" dir="ltr">');
  });

  it('respects the settings: e-mail off sends no e-mail; in-app off stores the notice read; the others still go', async () => {
    const { lotId } = await makeLot(t);
    const [a, b] = [await collector(), await collector()];
    const settings = defaultNotificationSettings();
    settings.outbid = { email: false, push: true, inApp: false };
    expect((await call('PUT', '/notification/settings', { settings }, a.token)).statusCode).toBe(200);
    await bid(t, lotId, units(500), a.token);
    await bid(t, lotId, units(800), b.token);
    await settle();
    expect(mailsTo(a.email)).toEqual([]);
    const list = (await call('GET', '/notification', undefined, a.token)).json();
    expect(list.data.map((n: { type: string; read: boolean }) => [n.type, n.read])).toEqual([
      ['outbid', true],
    ]);
    expect(list.unreadCount).toBe(0);
  });

  it('a lot opening e-mails its watchers; a live sale\u2019s notice leads into the live room ("Bid live now")', async () => {
    const { lotId, rugId } = await makeLot(t, { startsIn: -5, status: 'scheduled' });
    const [watcher, bidder] = [await collector(), await collector()];
    await t.database.query('insert into likes (user_id, rug_id) values ($1, $2)', [watcher.id, rugId]);
    expect((await bid(t, lotId, units(100), bidder.token)).statusCode).toBe(201);
    const [mail] = await waitForMail(watcher.email);
    expect(mail).toMatchObject({ kind: 'lot_opening', subject: expect.stringContaining('Lot 1') });
    expect(mail!.text).toContain(`View the lot: https://auctions.example.com/rugs-details-live/${rugId}`);
    expect(mail!.headers!['List-Unsubscribe']).toContain('unsubscribe%20lot_opening');

    const live = await makeLot(t, { startsIn: -5, status: 'scheduled' });
    await t.database.query(`update auctions set type = 'live' where id = $1`, [live.auctionId]);
    await t.database.query('insert into likes (user_id, rug_id) values ($1, $2)', [watcher.id, live.rugId]);
    await t.app.jobs.runDueJobsOnce();
    const mails = await waitForMail(watcher.email, 2);
    const liveMail = mails.find((m) => m.text.includes(`/live/${live.auctionId}`));
    expect(liveMail?.text).toContain(`Bid live now: https://auctions.example.com/live/${live.auctionId}`);
    const [note] = await t.database.query<{ link: string }>(
      `select link from notifications where user_id = $1 and data ->> 'lotId' = $2`,
      [watcher.id, live.lotId],
    );
    expect(note?.link).toBe(`/live/${live.auctionId}`);
  });

  it('ending soon: watchers and bidders get one e-mail 15 minutes before the end, not again on a later run', async () => {
    const { lotId, rugId } = await makeLot(t);
    const [watcher, bidder] = [await collector(), await collector()];
    await t.database.query('insert into likes (user_id, rug_id) values ($1, $2)', [watcher.id, rugId]);
    await bid(t, lotId, units(100), bidder.token);
    await setLotEnd(t.database, lotId, 600);
    await t.app.jobs.runDueJobsOnce();
    const [mail] = await waitForMail(watcher.email);
    expect(mail).toMatchObject({ kind: 'ending_soon' });
    expect(mail!.text).toContain(`Place your bid: https://auctions.example.com/rugs-details-live/${rugId}`);
    await waitForMail(bidder.email);
    await t.app.jobs.runDueJobsOnce();
    await settle();
    expect(mailsTo(watcher.email)).toHaveLength(1);
  });
});

describe('GET/PUT /notification/settings', () => {
  it('answers the defaults, saves a whole set, and refuses anything else', async () => {
    const me = await collector();
    expect((await call('GET', '/notification/settings')).statusCode).toBe(401);
    expect(
      (await call('PUT', '/notification/settings', { settings: defaultNotificationSettings() })).statusCode,
    ).toBe(401);
    const first = await call('GET', '/notification/settings', undefined, me.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ settings: defaultNotificationSettings() });

    const settings = defaultNotificationSettings();
    settings.ending_soon.email = false;
    settings.results.push = false;
    const saved = await call('PUT', '/notification/settings', { settings }, me.token);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: notificationSettingsMessages.saved, settings });
    expect((await call('GET', '/notification/settings', undefined, me.token)).json()).toEqual({ settings });

    const { outbid: _dropped, ...missingKind } = defaultNotificationSettings();
    for (const body of [
      {},
      { settings: missingKind },
      { settings: { ...settings, extra: { email: true, push: true, inApp: true } } },
      { settings: { ...settings, outbid: { email: 'no', push: true, inApp: true } } },
      { settings: { ...settings, outbid: { email: true, push: true } } },
      { settings: { ...settings, outbid: { email: true, push: true, inApp: true, sms: true } } },
      { settings, more: 1 },
    ]) {
      const res = await call('PUT', '/notification/settings', body, me.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await call('GET', '/notification/settings', undefined, me.token)).json()).toEqual({ settings });
  });
});

describe('one-click unsubscribe', () => {
  it('GET shows a page and changes nothing; POST turns that kind\u2019s e-mail off, without sign-in; later e-mails of that kind stop', async () => {
    const { lotId } = await makeLot(t);
    const [a, b] = [await collector(), await collector()];
    await bid(t, lotId, units(500), a.token);
    await bid(t, lotId, units(800), b.token);
    const [mail] = await waitForMail(a.email);
    const token = unsubscribeTokenOf(mail!);

    const page = await call('GET', `/notifications/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Stop receiving outbid alerts by e-mail?');
    expect(page.body).toContain('<form method="post"');
    expect(
      (await call('GET', '/notification/settings', undefined, a.token)).json().settings.outbid.email,
    ).toBe(true);

    // RFC 8058: the mail client posts the form body; no cookie, no token header.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json()).toEqual({ message: notificationSettingsMessages.unsubscribed });
    const after = (await call('GET', '/notification/settings', undefined, a.token)).json().settings;
    expect(after.outbid).toEqual({ email: false, push: true, inApp: true });
    expect(after.ending_soon.email).toBe(true);

    // Again, from the browser's confirmation button: still fine, a page in the reader's language.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('you will no longer receive outbid alerts by e-mail');

    await bid(t, lotId, units(900), a.token);
    await bid(t, lotId, units(1200), b.token);
    await settle();
    expect(mailsTo(a.email)).toHaveLength(1);
  });

  it('refuses missing, malformed, tampered and other-secret tokens with 400, changing nothing', async () => {
    const me = await collector();
    const good = signUnsubscribeToken(t.config.JWT_SECRET!, me.id, 'outbid');
    const [userId, , mac] = good.split('.') as [string, string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const bad = [
      '',
      'nonsense',
      `${userId}.outbid.${flipped}`,
      `${userId}.ending_soon.${mac}`, // another kind with this kind's signature
      `${crypto.randomUUID()}.outbid.${mac}`, // another account
      signUnsubscribeToken('another-secret-another-secret-another-secret', me.id, 'outbid'),
      `${userId}.everything.${mac}`,
    ];
    for (const token of bad) {
      const url = `/notifications/unsubscribe${token ? `?token=${encodeURIComponent(token)}` : ''}`;
      const post = await call('POST', url);
      expect(post.statusCode, token).toBe(400);
      expect(post.json()).toEqual({ message: notificationSettingsMessages.unsubscribeInvalid });
      const get = await call('GET', url, undefined, undefined, { 'accept-language': 'ar' });
      expect(get.statusCode, token).toBe(400);
      expect(get.body).toContain('dir="rtl"');
    }
    expect((await call('GET', '/notification/settings', undefined, me.token)).json()).toEqual({
      settings: defaultNotificationSettings(),
    });
    expect(
      (await call('POST', `/notifications/unsubscribe?token=${encodeURIComponent(good)}`)).statusCode,
    ).toBe(200);
  });
});

describe('every e-mail to a collector carries the unsubscribe; codes do not', () => {
  it('an order e-mail (no kind named) is of kind orders, with headers and footer; turned off, it is not sent', async () => {
    const me = await collector('ar');
    await t.app.ctx.mailer.send({
      to: me.email,
      subject: 'Payment received',
      text: 'Thank you.',
      html: '<html><body><p>Thank you.</p></body></html>',
    });
    const [mail] = mailsTo(me.email);
    expect(mail!.kind).toBe('orders');
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain('إلغاء الاشتراك في هذه الرسائل');
    expect(mail!.html).toMatch(/<\/p><p dir="rtl"[^>]*>.*<\/p>\n<\/body><\/html>$/s);

    const token = unsubscribeTokenOf(mail!);
    expect(
      (await call('POST', `/notifications/unsubscribe?token=${encodeURIComponent(token)}`)).statusCode,
    ).toBe(200);
    await t.app.ctx.mailer.send({ to: me.email, subject: 'Payment received', text: 'Thank you.' });
    expect(mailsTo(me.email)).toHaveLength(1);
  });

  it('sign-up codes, mail to the house and mail to an address without an account have no unsubscribe', async () => {
    const account = newAccount();
    const { email } = account;
    const reg = await post(t, '/auth/register', account);
    expect(reg.statusCode).toBe(201);
    const [code] = mailsTo(email);
    expect(code!.kind).toBe('account');
    expect(code!.headers).toBeUndefined();

    await t.app.ctx.mailer.send({ to: t.config.STAFF_EMAIL, subject: 'New enquiry', text: 'Hello' });
    expect(mailsTo(t.config.STAFF_EMAIL).at(-1)!.headers).toBeUndefined();
    await t.app.ctx.mailer.send({ to: 'guest@example.com', subject: 'Reply', text: 'Hello' });
    expect(mailsTo('guest@example.com').at(-1)!.headers).toBeUndefined();
  });

  it('a batch (sendMany) follows the same rules for each mail, with one settings read for all', async () => {
    const [fr, off, plain] = [await collector('fr'), await collector(), await collector()];
    await t.database.query(
      `insert into notification_settings (user_id, settings) values ($1, '{"outbid": {"email": false}}')`,
      [off.id],
    );
    const guest = `guest-${fr.id.slice(0, 8)}@example.com`;
    await t.app.ctx.mailer.sendMany!([
      { to: fr.email.toUpperCase(), subject: 'Outbid', text: 'A higher bid.', kind: 'outbid' },
      { to: off.email, subject: 'Outbid', text: 'A higher bid.', kind: 'outbid' },
      { to: off.email, subject: 'Your code', text: '123456', kind: 'account' },
      { to: plain.email, subject: 'Paid', text: 'Thank you.' },
      { to: guest, subject: 'Reply', text: 'Hello' },
    ]);
    const [frMail] = t.mails.filter((m) => m.to === fr.email.toUpperCase());
    expect(frMail!.kind).toBe('outbid');
    expect(frMail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(frMail!.text).toContain('Se désabonner de ces e-mails');
    // Outbid e-mail turned off: only the code went.
    expect(mailsTo(off.email).map((m) => m.subject)).toEqual(['Your code']);
    expect(mailsTo(off.email)[0]!.headers).toBeUndefined();
    expect(mailsTo(plain.email)[0]!.kind).toBe('orders');
    expect(mailsTo(guest)[0]!.headers).toBeUndefined();
  });
});
