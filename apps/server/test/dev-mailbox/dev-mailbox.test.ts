import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createMailer, type Mailer } from '../../src/modules/mail/mailer.ts';
import { signUp } from '../auth/helpers.ts';
import { staffAccount } from '../helpers/staff.ts';

/** A test app whose mail goes through the real mailer without SMTP (into mail_outbox), and into t.mails. */
async function appWithOutbox(env: Record<string, string>) {
  const box: { real?: Mailer; t?: TestApp } = {};
  const t = await createTestApp(env, {
    mailer: {
      send: (m) => {
        box.t!.mails.push(m);
        return box.real!.send(m);
      },
    },
  });
  box.t = t;
  box.real = createMailer({ db: t.database.db, from: t.config.MAIL_FROM, log: t.app.log });
  return t;
}

const MAILBOX = '/api/v1/dev/mailbox/messages';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('dev mailbox on (development / test)', () => {
  let t: TestApp;
  let staff: string;
  let member: string;
  beforeAll(async () => {
    t = await appWithOutbox({ DEV_MAILBOX: 'true' });
    staff = (await staffAccount(t)).token;
    member = (await signUp(t)).token;
    await t.database.query('delete from mail_outbox');
  });
  afterAll(() => t.close());

  it('refuses an anonymous caller (401) and a signed-in non-staff user (403)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: MAILBOX });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: expect.any(String) });
    const nonStaff = await t.app.inject({ method: 'GET', url: MAILBOX, headers: bearer(member) });
    expect(nonStaff.statusCode).toBe(403);
    expect(nonStaff.json()).toEqual({ message: expect.any(String) });
  });

  it('lists kept mail to staff, newest first, at most 100', async () => {
    for (let i = 0; i < 102; i++) {
      await t.database.query(
        "insert into mail_outbox (to_address, subject, text_body, status, created_at) values ($1, $2, 'body', 'logged', now() - ($3 || ' seconds')::interval)",
        [`old${i}@example.com`, `Old ${i}`, String(1000 - i)],
      );
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/password/forgot',
      payload: { email: 'nobody@example.com' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { first_name: 'Dev', last_name: 'User', email: 'dev@example.com', password: 'Devpass@1' },
    });
    const list = () => t.app.inject({ method: 'GET', url: MAILBOX, headers: bearer(staff) });
    let res = await list();
    for (let i = 0; i < 50 && res.json().data[0]?.to !== 'dev@example.com'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      res = await list();
    }
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(100);
    expect(data[0]).toMatchObject({
      to: 'dev@example.com',
      subject: expect.stringMatching(/verification code: \d{4}$/),
      status: 'logged',
    });
    expect(data[0].text).toContain('Dear Dev,');
    expect(data[0].html).toContain('<!doctype html>');
    expect(Object.keys(data[0]).sort()).toEqual([
      'createdAt',
      'html',
      'id',
      'status',
      'subject',
      'text',
      'to',
    ]);
    expect(data[1]).toMatchObject({ to: 'old101@example.com', html: null });
    expect(data.at(-1).to).toBe('old3@example.com');
  });
});

describe('dev mailbox off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEV_MAILBOX: 'false' });
  });
  afterAll(() => t.close());

  it('answers 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: MAILBOX });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});

describe('dev mailbox in production', () => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    // No SMTP_URL: before issue 7.1 this alone turned the mailbox on for anyone.
    t = await createTestApp({ NODE_ENV: 'production' });
    staff = (await staffAccount(t)).token;
  });
  afterAll(() => t.close());

  it('is not there, not even for staff', async () => {
    expect(t.config.DEV_MAILBOX).toBe(false);
    for (const headers of [{}, bearer(staff)]) {
      const res = await t.app.inject({ method: 'GET', url: MAILBOX, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });
});
