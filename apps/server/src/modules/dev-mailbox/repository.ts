import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export function createMailboxRepository(db: Db) {
  return {
    /** The newest `limit` messages, newest first. */
    async latest(limit: number) {
      return db
        .select()
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit);
    },
  };
}
