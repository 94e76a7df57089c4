import { createTtlCache } from '../catalogue/ttl-cache.ts';
import type { createCollectionRepository } from './repository.ts';

/** Every page's footer asks for this list; counts over a large catalogue are kept this long. */
const CACHE_TTL_MS = 15_000;

type CollectionList = Awaited<ReturnType<ReturnType<typeof createCollectionRepository>['list']>>;
export type CollectionListCache = ReturnType<typeof createCollectionListCache>;

/**
 * The public collection list's cache, built once per app in the composition root: the back office clears it after
 * every change so visitors see a new or reordered collection at once rather than up to 15 s later. Tests see no
 * cache (`ttlMs: 0`) so each reads what it just wrote.
 */
export function createCollectionListCache(nodeEnv: string) {
  return createTtlCache<CollectionList>({ ttlMs: nodeEnv === 'test' ? 0 : CACHE_TTL_MS, maxEntries: 1 });
}
