import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createMailer, type Mailer } from '../../src/modules/mail/mailer.ts';

/** A test app whose mail goes through the real mailer without SMTP, i.e. into mail_outbox. */
async function appWithOutbox(env: Record<string, string>) {
  const box: { real?: Mailer } = {};
  const t = await createTestApp(env, { mailer: { send: (m) => box.real!.send(m) } });
  box.real = createMailer({ db: t.database.db, from: t.config.MAIL_FROM, log: t.app.log });
  return t;
}

describe('dev mailbox on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWithOutbox({ DEV_MAILBOX: 'true' });
  });
  afterAll(() => t.close());

  it('lists kept mail, newest first, at most 100', async () => {
    for (let i = 0; i < 102; i++) {
      await t.database.query(
        "insert into mail_outbox (to_address, subject, text_body, status, created_at) values ($1, $2, 'body', 'logged', now() - ($3 || ' seconds')::interval)",
        [`old${i}@example.com`, `Old ${i}`, String(1000 - i)],
      );
    }
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/password/forgot', payload: { email: 'nobody@example.com' } });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { first_name: 'Dev', last_name: 'User', email: 'dev@example.com', password: 'Devpass@1' },
    });
    let res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox/messages' });
    for (let i = 0; i < 50 && res.json().data[0]?.to !== 'dev@example.com'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox/messages' });
    }
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(100);
    expect(data[0]).toMatchObject({ to: 'dev@example.com', subject: expect.stringMatching(/verification code: \d{4}$/), status: 'logged' });
    expect(data[0].text).toContain('Dear Dev,');
    expect(data[0].html).toContain('<!doctype html>');
    expect(Object.keys(data[0]).sort()).toEqual(['createdAt', 'html', 'id', 'status', 'subject', 'text', 'to']);
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
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox/messages' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});
