import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createMailer } from '../../src/modules/mail/mailer.ts';
import { resetCodeMail } from '../../src/modules/mail/templates.ts';

describe('mail without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('is printed to the server log, clearly labelled, with the code readable (how `npm start` users finish a sign-up)', async () => {
    const lines: { level: string; fields: Record<string, unknown>; msg: string }[] = [];
    const record = (level: string) => (fields: Record<string, unknown>, msg: string) =>
      void lines.push({ level, fields, msg });
    const log = {
      ...t.app.log,
      info: record('info'),
      warn: record('warn'),
      error: record('error'),
    } as unknown as FastifyBaseLogger;
    const mailer = createMailer({ db: t.database.db, from: t.config.MAIL_FROM, log });

    await mailer.send({ to: 'owner@example.com', ...resetCodeMail({ code: '4821' }) });

    expect(lines).toHaveLength(1);
    // warn, not info: the default LOG_LEVEL shows it and it stands out from request lines.
    expect(lines[0]!.level).toBe('warn');
    expect(lines[0]!.msg).toBe(
      'MAIL NOT SENT (no SMTP_URL): to owner@example.com, subject "Your Knotwork password reset code: 4821"',
    );
    expect(lines[0]!.fields.text).toContain('4821');
    const [row] = await t.database.query<{ status: string }>(
      'select status from mail_outbox where to_address = $1',
      ['owner@example.com'],
    );
    expect(row!.status).toBe('logged');
  });

  it('a batch (sendMany) is logged and recorded mail by mail, in one statement', async () => {
    const mailer = createMailer({ db: t.database.db, from: t.config.MAIL_FROM, log: t.app.log });
    const to = ['batch-1@example.com', 'batch-2@example.com', 'batch-3@example.com'];
    await mailer.sendMany!(to.map((address, i) => ({ to: address, subject: `Notice ${i}`, text: 'Hello' })));
    const rows = await t.database.query<{ to_address: string; subject: string; status: string }>(
      'select to_address, subject, status from mail_outbox where to_address = any($1) order by to_address',
      [to],
    );
    expect(rows).toEqual(
      to.map((address, i) => ({ to_address: address, subject: `Notice ${i}`, status: 'logged' })),
    );
    await mailer.sendMany!([]);
  });
});
