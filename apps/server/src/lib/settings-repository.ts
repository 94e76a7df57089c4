import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSettings } from '../db/schema/index.ts';

export type AppSettingRow = typeof appSettings.$inferSelect;

/** The stored setting, or undefined before its first use. */
export async function findSetting(db: Db, key: string): Promise<AppSettingRow | undefined> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row;
}

/**
 * Stores the setting unless a row already holds the key: of concurrent first starts, the first insert wins and the
 * others do nothing, so every caller reads the winner's value afterwards.
 */
export async function insertSettingIfAbsent(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
}
