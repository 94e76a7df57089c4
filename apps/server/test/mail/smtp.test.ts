import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createMailer, type Mailer } from '../../src/modules/mail/mailer.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft breaks and escapes, enough to read a text part. */
const unQuote = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('mail over real SMTP', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const inbox: Received[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    const smtpUrl = `smtp://127.0.0.1:${port}/?ignoreTLS=true`;
    // The app's real nodemailer mailer, built once the test database exists.
    const box: { real?: Mailer } = {};
    const mailer: Mailer = { send: (m) => box.real!.send(m) };
    t = await createTestApp(
      { SMTP_URL: smtpUrl, MAIL_FROM: 'Knotwork <no-reply@knotwork.test>' },
      { mailer },
    );
    box.real = createMailer({ db: t.database.db, smtpUrl, from: t.config.MAIL_FROM, log: t.app.log });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  async function waitFor<T>(probe: () => T | undefined, ms = 10_000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const value = probe();
      if (value !== undefined) return value;
      if (Date.now() > until) throw new Error('timed out waiting for mail');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('delivers the verification code, and that code verifies the account', async () => {
    const email = 'smtp.collector@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { first_name: 'Sam', last_name: 'Tabriz', email, password: 'Smtp@2024x' },
    });
    expect(res.statusCode).toBe(201);
    const message = await waitFor(() => inbox.find((m) => m.to.includes(email)));
    expect(message.from).toBe('no-reply@knotwork.test');
    const body = unQuote(message.raw);
    expect(body).toMatch(/Subject: Your Knotwork verification code: \d{4}/);
    expect(body).toContain('Content-Type: text/html');
    const code = /verification code: (\d{4})/.exec(body)![1]!;
    expect(body).toContain('Dear Sam,');

    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-otp',
      payload: { email, otp: code, password: 'Smtp@2024x' },
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.emailVerified).toBe(true);

    const [row] = await t.database.query<{ status: string }>(
      'select status from mail_outbox where to_address = $1',
      [email],
    );
    expect(row!.status).toBe('sent');
  });
});
