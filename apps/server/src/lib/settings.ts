import type { Db } from '../db/client.ts';
import { findSetting, insertSettingIfAbsent } from './settings-repository.ts';

/**
 * Returns the stored setting, creating it with `create()` on first use. Concurrent first starts are safe:
 * the insert does nothing on conflict and everyone reads the row that won.
 */
export async function getOrCreateSetting<T>(db: Db, key: string, create: () => T | Promise<T>): Promise<T> {
  const existing = await findSetting(db, key);
  if (existing) return existing.value as T;
  await insertSettingIfAbsent(db, key, await create());
  const row = await findSetting(db, key);
  return row!.value as T;
}
