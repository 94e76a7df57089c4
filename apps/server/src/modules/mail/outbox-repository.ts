import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { mailOutbox } from '../../db/schema/index.ts';

export type NewOutboxMail = typeof mailOutbox.$inferInsert;

/**
 * Records mails in mail_outbox with their delivery status, whether sent, kept in the log (no SMTP_URL) or failed:
 * the record staff and the development mailbox read. One statement for a batch, its rows as one JSON parameter:
 * drizzle's multi-row insert builds a parameter per column of every row, and a batch of outbid e-mails (HTML
 * bodies and all) cost more to build than to write (issue 30).
 */
export async function insertOutboxMails(db: Db, mails: readonly NewOutboxMail[]): Promise<void> {
  if (mails.length === 0) return;
  const rows = mails.map((m) => ({
    id: m.id ?? null,
    to_address: m.toAddress,
    subject: m.subject,
    text_body: m.textBody,
    html_body: m.htmlBody ?? null,
    status: m.status,
    error: m.error ?? null,
    created_at: m.createdAt instanceof Date ? m.createdAt.toISOString() : null,
  }));
  await db.execute(sql`
    insert into mail_outbox (id, to_address, subject, text_body, html_body, status, error, created_at)
    select coalesce(m.id, gen_random_uuid()), m.to_address, m.subject, m.text_body, m.html_body, m.status, m.error,
      coalesce(m.created_at, now())
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as m(id uuid, to_address text, subject text, text_body text, html_body text, status text, error text,
        created_at timestamptz)`);
}
