import type { AppContext } from '../../app-context.ts';
import { createTtlCache } from '../catalogue/ttl-cache.ts';
import type { createCollectionRepository } from './repository.ts';

/** Every page's footer asks for this list; counts over a large catalogue are kept this long. */
const CACHE_TTL_MS = 15_000;

type CollectionList = Awaited<ReturnType<ReturnType<typeof createCollectionRepository>['list']>>;
const caches = new WeakMap<AppContext, ReturnType<typeof createTtlCache<CollectionList>>>();

/**
 * The public collection list's cache, one per app: the back office clears it after every change so visitors see
 * a new or reordered collection at once rather than up to 15 s later.
 */
export function collectionListCache(ctx: AppContext) {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = createTtlCache<CollectionList>({
      ttlMs: ctx.config.NODE_ENV === 'test' ? 0 : CACHE_TTL_MS,
      maxEntries: 1,
    });
    caches.set(ctx, cache);
  }
  return cache;
}
