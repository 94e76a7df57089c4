import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';

export function createContactRepository(db: Db) {
  return {
    async add(values: typeof contactMessages.$inferInsert) {
      const [row] = await db.insert(contactMessages).values(values).returning();
      return row!;
    },
  };
}
