import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSettings } from '../db/schema/index.ts';

/**
 * Returns the stored setting, creating it with `create()` on first use. Concurrent first starts are safe:
 * the insert does nothing on conflict and everyone reads the row that won.
 */
export async function getOrCreateSetting<T>(db: Db, key: string, create: () => T | Promise<T>): Promise<T> {
  const existing = await db.select().from(appSettings).where(eq(appSettings.key, key));
  if (existing[0]) return existing[0].value as T;
  await db
    .insert(appSettings)
    .values({ key, value: await create() })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row!.value as T;
}
