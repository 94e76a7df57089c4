import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type NewOutboxMail = typeof mailOutbox.$inferInsert;

/**
 * Records one mail in mail_outbox with its delivery status, whether it was sent, kept in the log (no SMTP_URL) or
 * failed: the record staff and the development mailbox read.
 */
export async function insertOutboxMail(db: Db, mail: NewOutboxMail): Promise<void> {
  await db.insert(mailOutbox).values(mail);
}
