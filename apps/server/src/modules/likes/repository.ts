import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isUuid, rows } from '../../db/raw.ts';

/**
 * Toggle a like in one statement: delete it if present, else insert it. Returns null when the rug does not exist
 * or is not published, else whether the rug is now liked.
 */
async function toggleLike(db: Db, userId: string, rugId: string): Promise<boolean | null> {
  const [row] = await rows<{ exists: boolean; removed: number; liked: boolean }>(
    db,
    sql`with rug as (select id from rugs where id = ${rugId}::uuid and status in ('available', 'reserved', 'sold')),
        removed as (delete from likes where user_id = ${userId}::uuid and rug_id in (select id from rug) returning 1),
        added as (insert into likes (user_id, rug_id)
                  select ${userId}::uuid, id from rug where not exists (select 1 from removed)
                  on conflict do nothing returning 1)
        select exists (select 1 from rug) as exists, (select count(*) from removed)::int as removed,
          exists (select 1 from added) as liked`,
  );
  if (!row?.exists) return null;
  return row.liked;
}

/** The likes table, bound to the app's database in the composition root. */
export function createLikeRepository(db: Db) {
  return {
    /** Null for an id that is not a published rug (a malformed id included), else whether it is now liked. */
    toggle: async (userId: string, rugId: string) => (isUuid(rugId) ? toggleLike(db, userId, rugId) : null),
  };
}
