import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessageMessages as m } from '@knotwork/shared/schemas/contact-staff';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { makeUser } from '../bidding/helpers.ts';
import { createMailer, type Mailer } from '../../src/modules/mail/mailer.ts';
import { send } from '../helpers/staff.ts';

/** Contact-form messages in the back office (issue 11, decision 060): status, reply by e-mail, audit. */
describe('back office: contact-form messages', () => {
  let t: TestApp;
  let accounts: { id: string; token: string };
  beforeAll(async () => {
    // The app's real mailer (no SMTP here: each mail is logged and kept in mail_outbox), built once the database exists.
    const box: { real?: Mailer } = {};
    t = await createTestApp({ RATE_LIMIT_SCALE: '100' }, { mailer: { send: (msg) => box.real!.send(msg) } });
    box.real = createMailer({ db: t.database.db, from: t.config.MAIL_FROM, log: t.app.log });
    accounts = await makeUser(t);
    await t.database.query(`update users set role = 'accounts' where id = $1`, [accounts.id]);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    send(t, method, url, payload, accounts.token);
  /** A visitor writes through the public form, in the site language `lang`. */
  async function contact(message: string, lang = 'en', token?: string) {
    const email = `writer.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/contactus',
      payload: { name: 'Layla Qashqai', email, mobile_number: '+441234567890', message },
      headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: `10.1.${crypto.randomInt(250)}.${crypto.randomInt(250)}`,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.query<{ id: string }>('select id from contact_messages where email = $1', [
      email,
    ]);
    return { id: row!.id, email };
  }
  const outbox = (to: string) =>
    t.database.query<{ subject: string; text_body: string; html_body: string }>(
      'select subject, text_body, html_body from mail_outbox where to_address = $1 order by created_at',
      [to],
    );

  it('lists new messages with a status filter and reads one', async () => {
    const first = await contact('Is lot 12 still available?');
    const list = await call('GET', '/admin/messages?status=new');
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { id: string; status: string; excerpt: string }[];
    expect(rows[0]).toMatchObject({ id: first.id, status: 'new', excerpt: 'Is lot 12 still available?' });
    expect((await call('GET', '/admin/messages?status=answered')).json().data).toEqual([]);
    expect((await call('GET', '/admin/messages?status=lost')).statusCode).toBe(400);
    const one = await call('GET', `/admin/messages/${first.id}`);
    expect(one.json().data).toMatchObject({ email: first.email, language: 'en', replies: [] });
    expect((await call('GET', `/admin/messages/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('replies by e-mail in the sender’s language, stores the reply, marks it answered and audits it', async () => {
    const msg = await contact('Livrez-vous à Lyon ?', 'fr-FR,fr;q=0.9');
    const res = await call('POST', `/admin/messages/${msg.id}/replies`, {
      body: 'Oui, par transporteur.\nÀ bientôt.',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: m.replySent,
      data: {
        status: 'answered',
        language: 'fr',
        replies: [{ body: 'Oui, par transporteur.\nÀ bientôt.', language: 'fr' }],
      },
    });
    const [mail] = await outbox(msg.email);
    expect(mail!.subject).toBe('Votre message à Knotwork');
    expect(mail!.text_body).toContain('Oui, par transporteur.');
    expect(mail!.text_body).toContain('Livrez-vous à Lyon ?');
    expect(mail!.html_body).toContain('lang="fr"');
    const audit = await t.database.query<{
      staff_id: string;
      contact_message_id: string;
      details: { language: string };
    }>(`select staff_id, contact_message_id, details from staff_actions where action = 'reply_message'`);
    expect(audit).toEqual([
      expect.objectContaining({
        staff_id: accounts.id,
        contact_message_id: msg.id,
        details: expect.objectContaining({ language: 'fr' }),
      }),
    ]);
  });

  it('writes to a signed-in sender in their account’s language, and in English when nothing is known', async () => {
    const collector = await makeUser(t);
    await t.database.query(`update users set language = 'ar' where id = $1`, [collector.id]);
    const msg = await contact('هل السجادة متاحة؟', 'en', collector.token);
    await call('POST', `/admin/messages/${msg.id}/replies`, { body: 'نعم' });
    expect((await outbox(msg.email))[0]!.html_body).toContain('dir="rtl"');

    const old = await contact('An older message');
    await t.database.query('update contact_messages set language = null where id = $1', [old.id]);
    await call('POST', `/admin/messages/${old.id}/replies`, { body: 'Thank you' });
    expect((await outbox(old.email))[0]!.subject).toBe('Your message to Knotwork');
  });

  it('changes the status, refuses bad input without writing, and is refused to specialists', async () => {
    const msg = await contact('Spam?');
    const closed = await call('PATCH', `/admin/messages/${msg.id}`, { status: 'closed' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ message: m.statusSaved, data: { status: 'closed' } });
    expect(
      (await call('GET', '/admin/messages?status=closed')).json().data.map((r: { id: string }) => r.id),
    ).toContain(msg.id);
    const [audit] = await t.database.query<{ details: unknown }>(
      `select details from staff_actions where action = 'set_message_status' and contact_message_id = $1`,
      [msg.id],
    );
    expect(audit!.details).toEqual({ from: 'new', to: 'closed' });

    const bad = await call('PATCH', `/admin/messages/${msg.id}`, { status: 'spam' });
    expect(bad.statusCode).toBe(400);
    const empty = await call('POST', `/admin/messages/${msg.id}/replies`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toMatchObject({ body: m.replyRequired });
    const tooLong = await call('POST', `/admin/messages/${msg.id}/replies`, { body: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(await outbox(msg.email)).toEqual([]);
    expect(
      (await call('POST', `/admin/messages/${crypto.randomUUID()}/replies`, { body: 'Hi' })).statusCode,
    ).toBe(404);

    const specialist = await makeUser(t);
    await t.database.query(`update users set role = 'specialist' where id = $1`, [specialist.id]);
    expect((await send(t, 'GET', '/admin/messages', undefined, specialist.token)).statusCode).toBe(403);
  });
});
