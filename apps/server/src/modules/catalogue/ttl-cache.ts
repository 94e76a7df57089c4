/**
 * A small in-process cache with a time-to-live and a size bound (oldest entry evicted first). Facet counts over
 * 100,000 rugs cost tens of milliseconds, while the same few filters are asked for again and again; a short TTL
 * keeps counts at most that stale, which shoppers cannot tell apart from live. Concurrent misses for one key share
 * one computation.
 */
export function createTtlCache<T>(options: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  return {
    async get(key: string, compute: () => Promise<T>): Promise<T> {
      if (options.ttlMs <= 0) return compute();
      const hit = entries.get(key);
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
      const value = compute();
      entries.delete(key);
      entries.set(key, { at: now(), value });
      // A failed computation must not be served from the cache.
      value.catch(() => entries.delete(key));
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    /** Replaces the value for `key` (a better answer computed later, e.g. an exact count after an estimate). */
    set(key: string, value: T) {
      if (options.ttlMs <= 0) return;
      entries.delete(key);
      entries.set(key, { at: now(), value: Promise.resolve(value) });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    clear: () => entries.clear(),
  };
}
