import { sql, type SQL } from 'drizzle-orm';
import { encodeRugFilter, rugFilterSchema, type RugFilter } from '@knotwork/shared/schemas/rug-filter';
import type { Db } from '../../db/client.ts';
import { rows } from '../catalogue/raw.ts';
import { rugWhere, type FilterContext } from '../catalogue/filter-sql.ts';
import { createRugRepository } from '../catalogue/rug-repository.ts';
import { toPrefixTsQuery } from '../catalogue/search-text.ts';
import { notify, type PendingNotification } from '../notifications/notifier.ts';
import { savedSearchNotice } from './notices.ts';

/** Queued rugs matched per transaction; a 1,000-rug import is two batches. */
export const MATCH_RUG_BATCH = 500;
/** Saved searches per SQL statement (one UNION ALL arm each). */
export const MATCH_SEARCH_CHUNK = 250;
/** The hour (UTC) the daily digests are due. */
export const DIGEST_HOUR_UTC = 7;

interface ActiveSearch {
  id: string;
  filter: unknown;
}

interface NewAlert {
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

/**
 * One batch of the matching job: takes up to `MATCH_RUG_BATCH` queued rugs (skip locked: any number of
 * processes), tests them against every active saved search with the listing's own WHERE clause (filter-sql.ts, so
 * a search alerts on exactly the rugs its listing shows), records one alert per (search, rug) and writes the
 * in-app notifications, all in one transaction. Returns the rugs taken and the notifications to deliver after
 * commit. Paging through the searches by id keeps memory flat at any number of searches.
 */
export async function matchQueuedRugs(db: Db, now: Date = new Date()): Promise<{ rugs: number; pending: PendingNotification[]; alerts: number }> {
  return db.transaction(async (tx) => {
    const taken = await rows<{ rug_id: string }>(
      tx,
      sql`delete from saved_search_queue where rug_id in (
            select rug_id from saved_search_queue order by queued_at, rug_id limit ${MATCH_RUG_BATCH} for update skip locked)
          returning rug_id`,
    );
    if (taken.length === 0) return { rugs: 0, pending: [], alerts: 0 };
    const rugIds = taken.map((r) => r.rug_id);
    const collectionIds = new Map<string, string[]>();
    const alerts: NewAlert[] = [];
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const searches = await rows<ActiveSearch>(
        tx,
        sql`select id, filter from saved_searches where not paused and id > ${after}::uuid order by id limit ${MATCH_SEARCH_CHUNK}`,
      );
      if (searches.length === 0) break;
      after = searches[searches.length - 1]!.id;
      const last = searches.length < MATCH_SEARCH_CHUNK;
      const arms: SQL[] = [];
      for (const search of searches) {
        // Stored filters were valid when saved; one a later schema refuses is skipped rather than guessed at.
        const filter = rugFilterSchema.safeParse(search.filter);
        if (!filter.success) continue;
        const ctx = await filterContext(tx, filter.data, now, collectionIds);
        arms.push(sql`select ${search.id}::uuid as search_id, r.id as rug_id from batch r where ${rugWhere(filter.data, ctx)}`);
      }
      if (arms.length === 0) {
        if (last) break;
        continue;
      }
      alerts.push(
        ...(await rows<NewAlert>(
          tx,
          sql`with batch as materialized (select * from rugs where id = any(${sql.param(rugIds)}::uuid[])),
              matches as (${sql.join(arms, sql` union all `)})
              insert into saved_search_alerts (saved_search_id, rug_id, user_id, email_due_at)
              select m.search_id, m.rug_id, s.user_id, ${emailDueAt}
              from matches m join saved_searches s on s.id = m.search_id
              on conflict do nothing
              returning saved_search_id, rug_id, user_id`,
        )),
      );
      if (last) break;
    }
    const pending = await notifyOwners(tx, alerts);
    return { rugs: taken.length, pending, alerts: alerts.length };
  });
}

/** The lookups rugWhere needs, per search; collection names resolve once per batch. */
async function filterContext(tx: Db, filter: RugFilter, now: Date, cache: Map<string, string[]>): Promise<FilterContext> {
  let collectionIds: string[] | undefined;
  if (filter.collections?.length) {
    const key = JSON.stringify(filter.collections.map((c) => c.toLowerCase()).sort());
    collectionIds = cache.get(key);
    if (!collectionIds) {
      collectionIds = await createRugRepository(tx).resolveCollections(filter.collections);
      cache.set(key, collectionIds);
    }
  }
  return { now, collectionIds, tsQuery: filter.q !== undefined ? toPrefixTsQuery(filter.q) : undefined };
}

/**
 * One notification per search per batch, not one per rug: an import of 300 Herizes tells a Heriz collector once
 * ("300 new rugs match"), linking to the search's listing; a single match links to the rug itself.
 */
async function notifyOwners(tx: Db, alerts: readonly NewAlert[]): Promise<PendingNotification[]> {
  if (alerts.length === 0) return [];
  const bySearch = new Map<string, NewAlert[]>();
  for (const a of alerts) bySearch.set(a.saved_search_id, [...(bySearch.get(a.saved_search_id) ?? []), a]);
  const details = await rows<{ id: string; name: string; filter: RugFilter }>(
    tx,
    sql`select id, name, filter from saved_searches where id = any(${sql.param([...bySearch.keys()])}::uuid[])`,
  );
  const firstRugIds = [...bySearch.values()].map((list) => list[0]!.rug_id);
  const titles = new Map(
    (
      await rows<{ id: string; title: string }>(tx, sql`select id, title from rugs where id = any(${sql.param(firstRugIds)}::uuid[])`)
    ).map((r) => [r.id, r.title]),
  );
  const pending: PendingNotification[] = [];
  for (const search of details) {
    const list = bySearch.get(search.id)!;
    const first = list[0]!;
    const input = savedSearchNotice({
      searchId: search.id,
      searchName: search.name,
      listingPath: `/rug-listings?data=${encodeRugFilter(search.filter)}`,
      rugIds: list.map((a) => a.rug_id),
      firstRugTitle: titles.get(first.rug_id) ?? '',
    });
    pending.push(await notify(tx, first.user_id, input));
  }
  return pending;
}
