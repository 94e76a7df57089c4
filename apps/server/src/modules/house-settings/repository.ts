import { sql } from 'drizzle-orm';
import type { SettingKey } from '@knotwork/shared/schemas/house-settings-staff';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/raw.ts';

/** The SQL of the house's settings: one jsonb row per key the house changed (decision 064). */
export function createSettingsRepository(db: Db) {
  return {
    all: () => rows<{ key: SettingKey; value: unknown }>(db, sql`select key, value from house_settings`),

    async put(tx: Db, key: SettingKey, value: unknown, staffId: string): Promise<void> {
      await tx.execute(
        sql`insert into house_settings (key, value, updated_by) values (${key}, ${JSON.stringify(value)}::jsonb, ${staffId}::uuid)
            on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by,
              updated_at = clock_timestamp()`,
      );
    },
  };
}
