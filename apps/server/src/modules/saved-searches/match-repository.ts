import { sql } from 'drizzle-orm';
import type { RugFilter } from '@knotwork/shared/schemas/rug-filter';
import type { Db } from '../../db/client.ts';
import { num, numOrNull, rows } from '../../db/raw.ts';
import { notifications } from '../../db/schema/index.ts';
import type { NewNotification, NotificationRow } from '../notifications/repository.ts';
import type { MatchRug } from './rug-match.ts';

/** The hour (UTC) the daily digests are due. */
export const DIGEST_HOUR_UTC = 7;

export interface NewAlert {
  saved_search_id: string;
  rug_id: string;
  user_id: string;
}

/** When a new alert's e-mail is due, by the search's mode (SQL over `s`, the saved search). */
const emailDueAt = sql`case s.email_mode
  when 'instant' then now()
  when 'daily' then date_trunc('day', now()) + make_interval(hours => ${DIGEST_HOUR_UTC})
    + case when now() >= date_trunc('day', now()) + make_interval(hours => ${DIGEST_HOUR_UTC}) then interval '1 day' else interval '0' end
  end`;

/** Pairs per INSERT statement (two uuid arrays as parameters). */
const INSERT_SLICE = 10_000;

/** The saved-search job's SQL, all inside the caller's transaction `tx`. */
export function createMatchRepository(tx: Db) {
  return {
    /** Takes up to `limit` queued rugs off the queue (skip locked: other processes take others). */
    async takeQueued(limit: number): Promise<string[]> {
      const taken = await rows<{ rug_id: string }>(
        tx,
        sql`delete from saved_search_queue where rug_id in (
              select rug_id from saved_search_queue order by queued_at, rug_id limit ${limit} for update skip locked)
            returning rug_id`,
      );
      return taken.map((r) => r.rug_id);
    },

    async loadRugs(ids: readonly string[]): Promise<MatchRug[]> {
      const found = await rows<Record<string, unknown>>(
        tx,
        sql`select id, status, origin_region, origin_country, style, age_class, shape, materials, colours, collection_ids,
              width_cm, length_cm, price_cents, fixed_price,
              extract(epoch from active_ends_at) * 1000 as active_ends_ms, extract(epoch from lot_starts_at) * 1000 as lot_starts_ms
            from rugs where id = any(${sql.param([...ids])}::uuid[])`,
      );
      return found.map((r) => ({
        id: r.id as string,
        status: r.status as string,
        originRegion: r.origin_region as string,
        originCountry: r.origin_country as string,
        style: r.style as string,
        ageClass: r.age_class as string,
        shape: r.shape as string,
        materials: r.materials as string[],
        colours: r.colours as string[],
        collectionIds: r.collection_ids as string[],
        widthCm: num(r.width_cm),
        lengthCm: num(r.length_cm),
        priceCents: num(r.price_cents),
        fixedPrice: numOrNull(r.fixed_price),
        activeEndsMs: numOrNull(r.active_ends_ms),
        lotStartsMs: numOrNull(r.lot_starts_ms),
      }));
    },

    /** One page of active searches in id order, after `afterId`. */
    activeSearches(afterId: string, limit: number): Promise<{ id: string; filter: unknown }[]> {
      return rows(
        tx,
        sql`select id, filter from saved_searches where not paused and id > ${afterId}::uuid order by id limit ${limit}`,
      );
    },

    /** For each tsquery text, the rugs among `rugIds` whose search_vector matches it (the listing's own test). */
    async textMatches(
      tsQueries: readonly string[],
      rugIds: readonly string[],
    ): Promise<Map<string, Set<string>>> {
      const result = new Map<string, Set<string>>(tsQueries.map((q) => [q, new Set<string>()]));
      if (tsQueries.length === 0) return result;
      const found = await rows<{ q: string; id: string }>(
        tx,
        sql`select q, r.id from unnest(${sql.param([...tsQueries])}::text[]) as q
            join rugs r on r.id = any(${sql.param([...rugIds])}::uuid[]) and r.search_vector @@ to_tsquery('simple', q)`,
      );
      for (const f of found) result.get(f.q)!.add(f.id);
      return result;
    },

    /** Records the (search, rug) pairs not alerted before; answers only the new ones (the primary key dedupes). */
    async insertAlerts(pairs: readonly (readonly [string, string])[]): Promise<NewAlert[]> {
      const created: NewAlert[] = [];
      for (let i = 0; i < pairs.length; i += INSERT_SLICE) {
        const slice = pairs.slice(i, i + INSERT_SLICE);
        created.push(
          ...(await rows<NewAlert>(
            tx,
            sql`insert into saved_search_alerts (saved_search_id, rug_id, user_id, email_due_at)
                select m.search_id, m.rug_id, s.user_id, ${emailDueAt}
                from unnest(${sql.param(slice.map((p) => p[0]))}::uuid[], ${sql.param(slice.map((p) => p[1]))}::uuid[]) as m(search_id, rug_id)
                join saved_searches s on s.id = m.search_id
                on conflict do nothing
                returning saved_search_id, rug_id, user_id`,
          )),
        );
      }
      return created;
    },

    /** The searches alerted in this batch: name and filter, for their owners' notifications. */
    searchDetails(ids: readonly string[]): Promise<{ id: string; name: string; filter: RugFilter }[]> {
      return rows<{ id: string; name: string; filter: RugFilter }>(
        tx,
        sql`select id, name, filter from saved_searches where id = any(${sql.param([...ids])}::uuid[])`,
      );
    },

    /** The titles of the rugs a notification names. */
    rugTitles(ids: readonly string[]): Promise<{ id: string; title: string }[]> {
      return rows<{ id: string; title: string }>(
        tx,
        sql`select id, title from rugs where id = any(${sql.param([...ids])}::uuid[])`,
      );
    },

    /** The owners' languages, so each notification is written in its reader's. */
    userLanguages(ids: readonly string[]): Promise<{ id: string; language: string }[]> {
      return rows<{ id: string; language: string }>(
        tx,
        sql`select id, language from users where id = any(${sql.param([...ids])}::uuid[])`,
      );
    },

    /** Writes notifications in one INSERT (the caller slices them), in this transaction; answers the rows. */
    insertNotifications(values: NewNotification[]): Promise<NotificationRow[]> {
      return tx.insert(notifications).values(values).returning();
    },
  };
}
export type MatchRepository = ReturnType<typeof createMatchRepository>;
