import { eq } from 'drizzle-orm';
import type { Language } from '@knotwork/shared/constants/languages';
import type { Db } from '../../db/client.ts';
import { contactMessages, users } from '../../db/schema/index.ts';

export function createContactRepository(db: Db) {
  return {
    async add(values: typeof contactMessages.$inferInsert) {
      const [row] = await db.insert(contactMessages).values(values).returning();
      return row!;
    },
    async accountLanguage(userId: string): Promise<Language | undefined> {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
      return row?.language;
    },
  };
}
