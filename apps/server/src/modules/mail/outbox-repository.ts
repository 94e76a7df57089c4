import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type NewOutboxMail = typeof mailOutbox.$inferInsert;

/**
 * Records mails in mail_outbox with their delivery status, whether sent, kept in the log (no SMTP_URL) or failed:
 * the record staff and the development mailbox read. One statement for a batch.
 */
export async function insertOutboxMails(db: Db, mails: readonly NewOutboxMail[]): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values([...mails]);
}
