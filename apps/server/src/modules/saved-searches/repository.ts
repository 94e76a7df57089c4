import { sql } from 'drizzle-orm';
import type {
  SavedSearch,
  SavedSearchEmailMode,
  SavedSearchFilter,
} from '@knotwork/shared/schemas/saved-search';
import type { Db } from '../../db/client.ts';
import { isoFromMs, isoOrNullFromMs, num, rows } from '../../db/raw.ts';

interface SavedSearchRow {
  id: string;
  name: string;
  filter: Record<string, unknown>;
  email_mode: SavedSearchEmailMode;
  paused: boolean;
  alert_count: number | string;
  last_alert_ms: number | string | null;
  created_ms: number | string;
}

const toApi = (r: SavedSearchRow): SavedSearch => ({
  id: r.id,
  name: r.name,
  filter: r.filter,
  emailMode: r.email_mode,
  paused: r.paused,
  alertCount: num(r.alert_count),
  lastAlertAt: isoOrNullFromMs(r.last_alert_ms),
  createdAt: isoFromMs(r.created_ms),
});

/** The columns every answer carries, over `saved_searches s`. */
const COLUMNS = sql`s.id, s.name, s.filter, s.email_mode, s.paused,
  (select count(*) from saved_search_alerts a where a.saved_search_id = s.id) as alert_count,
  (select extract(epoch from max(a.created_at)) * 1000 from saved_search_alerts a where a.saved_search_id = s.id) as last_alert_ms,
  extract(epoch from s.created_at) * 1000 as created_ms`;

/** Every query names the owner: another user's id finds nothing (the routes answer 404). */
export function createSavedSearchRepository(db: Db) {
  return {
    async list(userId: string): Promise<SavedSearch[]> {
      const found = await rows<SavedSearchRow>(
        db,
        sql`select ${COLUMNS} from saved_searches s where s.user_id = ${userId}::uuid order by s.created_at desc, s.id`,
      );
      return found.map(toApi);
    },

    /** Inserts unless the owner already keeps `max` searches (checked in the same statement); null then. */
    async create(
      userId: string,
      input: { name: string; filter: SavedSearchFilter; emailMode: SavedSearchEmailMode },
      max: number,
    ): Promise<SavedSearch | null> {
      const [row] = await rows<SavedSearchRow>(
        db,
        sql`with s as (
              insert into saved_searches (user_id, name, filter, email_mode)
              select ${userId}::uuid, ${input.name}, ${JSON.stringify(input.filter)}::jsonb, ${input.emailMode}
              where (select count(*) from saved_searches where user_id = ${userId}::uuid) < ${max}
              returning *)
            select ${COLUMNS} from s`,
      );
      return row ? toApi(row) : null;
    },

    async update(
      userId: string,
      id: string,
      patch: {
        name?: string | undefined;
        emailMode?: SavedSearchEmailMode | undefined;
        paused?: boolean | undefined;
      },
    ): Promise<SavedSearch | null> {
      const [row] = await rows<SavedSearchRow>(
        db,
        sql`with s as (
              update saved_searches set
                name = coalesce(${patch.name ?? null}::text, name),
                email_mode = coalesce(${patch.emailMode ?? null}::text, email_mode),
                paused = coalesce(${patch.paused ?? null}::boolean, paused),
                updated_at = now()
              where id = ${id}::uuid and user_id = ${userId}::uuid
              returning *)
            select ${COLUMNS} from s`,
      );
      return row ? toApi(row) : null;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const gone = await rows<{ id: string }>(
        db,
        sql`delete from saved_searches where id = ${id}::uuid and user_id = ${userId}::uuid returning id`,
      );
      return gone.length > 0;
    },
  };
}
