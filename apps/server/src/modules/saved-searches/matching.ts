import { encodeRugFilter, rugFilterSchema, type RugFilter } from '@knotwork/shared/schemas/rug-filter';
import type { Db } from '../../db/client.ts';
import { createRugRepository } from '../catalogue/rug-repository.ts';
import { toPrefixTsQuery } from '../catalogue/search-text.ts';
import { isLanguage } from '@knotwork/shared/constants/languages';
import { toApiNotification, type PendingNotification } from '../notifications/notifier.ts';
import type { NewNotification } from '../notifications/repository.ts';
import { createMatchRepository, type MatchRepository, type NewAlert } from './match-repository.ts';
import { savedSearchNotice } from './notices.ts';
import { compileRugMatcher } from './rug-match.ts';

/** Queued rugs matched per transaction; a 1,000-rug import is two batches. */
export const MATCH_RUG_BATCH = 500;
/** Notifications per INSERT. */
const NOTIFICATION_SLICE = 1_000;
/** Saved searches read per page. */
export const MATCH_SEARCH_PAGE = 1_000;

/**
 * One batch of the matching job: takes up to `MATCH_RUG_BATCH` queued rugs (skip locked: any number of
 * processes), tests them against every active saved search with the listing's filter semantics (rug-match.ts),
 * records one alert per (search, rug) and writes the in-app notifications, all in one transaction. Returns the
 * rugs taken, the alerts recorded and the notifications to deliver after commit. Paging through the searches by
 * id keeps memory flat at any number of searches.
 */
export async function matchQueuedRugs(
  db: Db,
  now: Date = new Date(),
): Promise<{ rugs: number; pending: PendingNotification[]; alerts: number }> {
  return db.transaction(async (tx) => {
    const repo = createMatchRepository(tx);
    const rugIds = await repo.takeQueued(MATCH_RUG_BATCH);
    if (rugIds.length === 0) return { rugs: 0, pending: [], alerts: 0 };
    const rugs = await repo.loadRugs(rugIds);
    const collections = new Map<string, string[]>();
    const texts = new Map<string, Set<string>>();
    const alerts: NewAlert[] = [];
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const page = await repo.activeSearches(after, MATCH_SEARCH_PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1]!.id;
      const searches: { id: string; filter: RugFilter; tsQuery: string | null | undefined }[] = [];
      for (const s of page) {
        // Stored filters were valid when saved; one a later schema refuses is skipped rather than guessed at.
        const parsed = rugFilterSchema.safeParse(s.filter);
        if (!parsed.success) continue;
        const q = parsed.data.q;
        searches.push({
          id: s.id,
          filter: parsed.data,
          tsQuery: q === undefined ? undefined : toPrefixTsQuery(q),
        });
      }
      const newQueries = [
        ...new Set(searches.map((s) => s.tsQuery).filter((q): q is string => !!q && !texts.has(q))),
      ];
      for (const [q, ids] of await repo.textMatches(newQueries, rugIds)) texts.set(q, ids);

      const pairs: [string, string][] = [];
      for (const search of searches) {
        const match = compileRugMatcher(search.filter, {
          nowMs: now.getTime(),
          collectionIds: await collectionIds(tx, search.filter, collections),
          textMatches: search.tsQuery
            ? texts.get(search.tsQuery)
            : search.tsQuery === null
              ? new Set()
              : undefined,
        });
        for (const rug of rugs) if (match(rug)) pairs.push([search.id, rug.id]);
      }
      alerts.push(...(await repo.insertAlerts(pairs)));
      if (page.length < MATCH_SEARCH_PAGE) break;
    }
    const pending = await notifyOwners(repo, alerts);
    return { rugs: rugIds.length, pending, alerts: alerts.length };
  });
}

/** The filter's collection names as ids, resolved once per batch. */
async function collectionIds(
  tx: Db,
  filter: RugFilter,
  cache: Map<string, string[]>,
): Promise<string[] | undefined> {
  if (!filter.collections?.length) return undefined;
  const key = JSON.stringify(filter.collections.map((c) => c.toLowerCase()).sort());
  let ids = cache.get(key);
  if (!ids) {
    ids = await createRugRepository(tx).resolveCollections(filter.collections);
    cache.set(key, ids);
  }
  return ids;
}

/**
 * One notification per search per batch, not one per rug: an import of 300 Herizes tells a Heriz collector once
 * ("300 new rugs match"), linking to the search's listing; a single match links to the rug itself.
 */
async function notifyOwners(
  repo: MatchRepository,
  alerts: readonly NewAlert[],
): Promise<PendingNotification[]> {
  if (alerts.length === 0) return [];
  const bySearch = new Map<string, NewAlert[]>();
  for (const a of alerts) {
    const list = bySearch.get(a.saved_search_id);
    if (list) list.push(a);
    else bySearch.set(a.saved_search_id, [a]);
  }
  const details = await repo.searchDetails([...bySearch.keys()]);
  const firstRugIds = [...bySearch.values()].map((list) => list[0]!.rug_id);
  const titles = new Map((await repo.rugTitles(firstRugIds)).map((r) => [r.id, r.title]));
  const languages = new Map(
    (await repo.userLanguages([...new Set(alerts.map((a) => a.user_id))])).map((u) => [u.id, u.language]),
  );
  // Written in bulk (an import can alert thousands of searches at once), each in its owner's language as
  // `notify` would write it.
  const inputs: NewNotification[] = details.map((search) => {
    const list = bySearch.get(search.id)!;
    const first = list[0]!;
    const input = savedSearchNotice({
      searchId: search.id,
      searchName: search.name,
      listingPath: `/rug-listings?data=${encodeRugFilter(search.filter)}`,
      rugIds: list.map((a) => a.rug_id),
      firstRugTitle: titles.get(first.rug_id) ?? '',
    });
    const language = languages.get(first.user_id);
    const words =
      isLanguage(language) && language !== 'en' && input.localized ? input.localized(language) : input;
    return {
      userId: first.user_id,
      type: input.type,
      title: words.title,
      body: words.body,
      link: input.link ?? null,
      data: input.data ?? {},
    };
  });
  const pending: PendingNotification[] = [];
  for (let i = 0; i < inputs.length; i += NOTIFICATION_SLICE) {
    const written = await repo.insertNotifications(inputs.slice(i, i + NOTIFICATION_SLICE));
    for (const row of written) pending.push({ userId: row.userId, notification: toApiNotification(row) });
  }
  return pending;
}
