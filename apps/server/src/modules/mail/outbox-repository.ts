import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { mailOutbox } from '../../db/schema/index.ts';

/** A mail's record as the mailer makes it; its id and time are the table's defaults. */
export type NewOutboxMail = Omit<typeof mailOutbox.$inferInsert, 'id' | 'createdAt'>;

/**
 * Records mails in mail_outbox with their delivery status, whether sent, kept in the log (no SMTP_URL) or failed:
 * the record staff and the development mailbox read. One statement for a batch, its rows as one JSON parameter:
 * drizzle's multi-row insert builds a parameter per column of every row, and a batch of outbid e-mails (HTML
 * bodies and all) cost more to build than to write (issue 30).
 */
export async function insertOutboxMails(db: Db, mails: readonly NewOutboxMail[]): Promise<void> {
  if (mails.length === 0) return;
  const rows = mails.map((m) => ({
    to_address: m.toAddress,
    subject: m.subject,
    text_body: m.textBody,
    html_body: m.htmlBody ?? null,
    status: m.status,
    error: m.error ?? null,
  }));
  await db.execute(sql`
    insert into mail_outbox (to_address, subject, text_body, html_body, status, error)
    select m.to_address, m.subject, m.text_body, m.html_body, m.status, m.error
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as m(to_address text, subject text, text_body text, html_body text, status text, error text)`);
}
