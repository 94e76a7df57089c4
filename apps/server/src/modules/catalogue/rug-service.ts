import { RELATED_RUGS_LIMIT, type RugSort } from '@knotwork/shared/constants/catalogue';
import type {
  Lot,
  RugDetail,
  RugFacets,
  RugListResponse,
  RugSummary,
} from '@knotwork/shared/schemas/catalogue';
import type { ApiImage } from '@knotwork/shared/schemas/media';
import type { RugFilter } from '@knotwork/shared/schemas/rug-filter';
import { apiMessages } from '@knotwork/shared/messages/api';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { toApiImage } from '../media/index.ts';
import { callerFieldsForLots } from '../lots/caller-fields.ts';
import { toApiLot } from '../lots/lot-mapper.ts';
import { createLotReads, type LotJoinedRow } from '../lots/lot-read-repository.ts';
import { createFacetRepository } from './facet-repository.ts';
import { computeFacets } from './facets.ts';
import type { FilterContext } from './filter-sql.ts';
import { toRugDetail, toRugSummary } from './mappers.ts';
import { EXACT_COUNT_LIMIT, RANK_LIMIT } from './listing-limits.ts';
import {
  coverOf,
  createRugRepository,
  type RugImageRow,
  type RugPageRow,
  type RugSummaryRow,
} from './rug-repository.ts';
import { toPrefixTsQuery } from './search-text.ts';
import { createTtlCache } from './ttl-cache.ts';
import { pageMeta } from '../../lib/paging.ts';

export interface RugServiceOptions {
  db: Db;
  mediaBaseUrl: string;
  /** How long facet counts and totals may be served from memory; 0 turns the cache off (tests). */
  cacheTtlMs: number;
  /** Overrides of listing-limits.ts (tests exercise the estimate and unranked paths on a small catalogue). */
  exactCountLimit?: number;
  rankLimit?: number;
}

export function createRugService({
  db,
  mediaBaseUrl,
  cacheTtlMs,
  exactCountLimit = EXACT_COUNT_LIMIT,
  rankLimit = RANK_LIMIT,
}: RugServiceOptions) {
  const rugs = createRugRepository(db);
  const facetRepo = createFacetRepository(db);
  const lotReads = createLotReads(db);
  const facetCache = createTtlCache<RugFacets>({ ttlMs: cacheTtlMs, maxEntries: 500 });
  const totalCache = createTtlCache<number>({ ttlMs: cacheTtlMs, maxEntries: 2000 });
  const collectionCache = createTtlCache<string[]>({ ttlMs: cacheTtlMs, maxEntries: 200 });
  // At most one exact count runs in the background, so a burst of new broad filters cannot pile up full scans.
  let refining = false;

  const image = (r: RugImageRow): ApiImage =>
    toApiImage(r.image, { baseUrl: mediaBaseUrl, ...(r.alt ? { alt: r.alt } : {}) });

  async function context(filter: RugFilter, now: Date): Promise<FilterContext> {
    return {
      now,
      collectionIds: filter.collections?.length
        ? await collectionCache.get(JSON.stringify(filter.collections), () =>
            rugs.resolveCollections(filter.collections ?? []),
          )
        : undefined,
      tsQuery: filter.q !== undefined ? toPrefixTsQuery(filter.q) : undefined,
    };
  }

  /** The filter minus paging and sort: what totals and facets depend on. */
  const countKey = (filter: RugFilter) => {
    const { page: _page, pageSize: _pageSize, sort: _sort, ...rest } = filter;
    return JSON.stringify(rest);
  };

  /** Matches of a filter as listed (see listing-limits.ts): exact up to EXACT_COUNT_LIMIT, else estimated. */
  function total(filter: RugFilter, ctx: FilterContext): Promise<number> {
    const key = countKey(filter);
    return totalCache.get(key, async () => {
      const [upTo, estimate] = await Promise.all([
        rugs.countUpTo(filter, ctx, exactCountLimit),
        rugs.estimate(filter, ctx),
      ]);
      if (upTo <= exactCountLimit) return upTo;
      if (cacheTtlMs > 0 && !refining) {
        refining = true;
        rugs
          .count(filter, ctx)
          .then((exact) => totalCache.set(key, exact))
          .catch(() => undefined)
          .finally(() => {
            refining = false;
          });
      }
      return Math.max(exactCountLimit + 1, estimate);
    });
  }

  /** Listing cards for rows: their cover image and current/last lot (queried unless the rows carry them). */
  async function summaries(found: RugSummaryRow[] | RugPageRow[], now: Date): Promise<RugSummary[]> {
    const pageRows = found.length > 0 && 'cover_id' in found[0]! ? (found as RugPageRow[]) : null;
    const lotIds = found.map((r) => r.lot_id).filter((id): id is string => id !== null);
    const [images, lots] = await Promise.all([
      pageRows
        ? pageRows.map(coverOf).filter((c): c is RugImageRow => c !== null)
        : rugs.images(
            found.map((r) => r.id),
            true,
          ),
      pageRows
        ? pageRows.map((r) => r.lot_row).filter((l): l is LotJoinedRow => l !== null)
        : lotIds.length
          ? lotReads.lotsByIds(lotIds)
          : [],
    ]);
    const imageByRug = new Map(images.map((i) => [i.rugId, image(i)]));
    const lotById = new Map<string, Lot>(lots.map((l) => [l.id, toApiLot(l, now)]));
    return found.map((row) =>
      toRugSummary(row, {
        now,
        image: imageByRug.get(row.id) ?? null,
        lot: row.lot_id ? (lotById.get(row.lot_id) ?? null) : null,
      }),
    );
  }

  async function findOr404(idOrSlug: string) {
    const row = await rugs.findDetail(idOrSlug);
    if (!row) throw notFound(apiMessages.notFound);
    return row;
  }

  return {
    /** `viewerId` (a signed-in caller) adds `liked` to each card; visitors' cards have none. */
    async list(filter: RugFilter, now = new Date(), viewerId?: string): Promise<RugListResponse> {
      const ctx = await context(filter, now);
      const sort: RugSort = filter.sort ?? (ctx.tsQuery ? 'relevance' : 'newest');
      let found: RugPageRow[];
      let matches: number;
      if (sort === 'relevance' && ctx.tsQuery) {
        // Whether to rank depends on how many match, so the (cheap, capped) count goes first here.
        matches = await total(filter, ctx);
        found = await rugs.list(filter, ctx, sort, matches <= rankLimit);
      } else {
        [found, matches] = await Promise.all([rugs.list(filter, ctx, sort), total(filter, ctx)]);
      }
      const [cards, liked] = await Promise.all([
        summaries(found, now),
        viewerId
          ? rugs.likedAmong(
              viewerId,
              found.map((r) => r.id),
            )
          : Promise.resolve(undefined),
      ]);
      return {
        data: liked ? cards.map((card) => ({ ...card, liked: liked.has(card.id) })) : cards,
        meta: pageMeta(filter, matches),
        filter: { ...filter, sort },
      };
    },

    async facets(filter: RugFilter, now = new Date()): Promise<RugFacets> {
      return facetCache.get(countKey(filter), async () => {
        const ctx = await context(filter, now);
        return computeFacets(facetRepo, filter, ctx, () => total(filter, ctx));
      });
    },

    async detail(idOrSlug: string, now = new Date(), viewerId?: string): Promise<RugDetail> {
      const row = await findOr404(idOrSlug);
      const [images, collections, lots, relatedRows, caller] = await Promise.all([
        rugs.images([row.id], false),
        rugs.collectionsOf(row.id),
        row.lot_id ? lotReads.lotsByIds([row.lot_id]) : Promise.resolve([]),
        rugs.related(row, RELATED_RUGS_LIMIT),
        // A signed-in caller also sees their own standing on the lot (leading, myMaxBid, liked).
        viewerId && row.lot_id ? callerFieldsForLots(db, viewerId, [row.lot_id]) : Promise.resolve(undefined),
      ]);
      return toRugDetail(row, {
        now,
        lot: lots[0] ? { ...toApiLot(lots[0], now), ...caller?.get(lots[0].id) } : null,
        images: images.map(image),
        collections,
        related: await summaries(relatedRows, now),
      });
    },

    async related(idOrSlug: string, now = new Date()): Promise<RugSummary[]> {
      const row = await findOr404(idOrSlug);
      return summaries(await rugs.related(row, RELATED_RUGS_LIMIT), now);
    },

    /** Listing cards for rug ids, in no particular order (sales pages place them). */
    async summariesByIds(ids: readonly string[], now = new Date()): Promise<Map<string, RugSummary>> {
      const found = await summaries(await rugs.findSummariesByIds(ids), now);
      return new Map(found.map((s) => [s.id, s]));
    },

    clearCaches() {
      facetCache.clear();
      totalCache.clear();
      collectionCache.clear();
    },
  };
}
export type RugService = ReturnType<typeof createRugService>;
