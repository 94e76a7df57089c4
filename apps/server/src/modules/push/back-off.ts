/** Without a usable Retry-After, a 429 holds the endpoint back this long. */
export const DEFAULT_BACK_OFF_MS = 60_000;
/** Never longer than a push's TTL (one hour): anything held back longer would have expired anyway. */
export const MAX_BACK_OFF_MS = 3_600_000;

/**
 * How long to leave a push endpoint alone after a 429 (RFC 8030 8.4): Retry-After as delay-seconds or an
 * HTTP-date (RFC 9110 10.2.3), else DEFAULT_BACK_OFF_MS; capped at MAX_BACK_OFF_MS.
 */
export function backOffMs(retryAfter: string | string[] | undefined, now: number): number {
  const value = (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter)?.trim();
  let ms = DEFAULT_BACK_OFF_MS;
  if (value && /^\d+$/.test(value)) ms = Number(value) * 1000;
  // Date.parse reads '-5' as a year; an HTTP-date always ends in GMT.
  else if (value && / GMT$/.test(value) && !Number.isNaN(Date.parse(value)))
    ms = Math.max(0, Date.parse(value) - now);
  return Math.min(ms, MAX_BACK_OFF_MS);
}

/**
 * Endpoints a push service asked us to slow down for, until when (in this process: the notifications are
 * stored either way and the bell catches up, so a skipped push is not queued). Expired entries are dropped
 * as they are met, so the map holds only endpoints currently held back.
 */
export function createBackOff(clock: () => number = Date.now) {
  const until = new Map<string, number>();
  return {
    /** Whether a push to this endpoint must be skipped now. */
    holds(endpoint: string): boolean {
      const end = until.get(endpoint);
      if (end === undefined) return false;
      if (end > clock()) return true;
      until.delete(endpoint);
      return false;
    },
    hold(endpoint: string, retryAfter: string | string[] | undefined): number {
      const ms = backOffMs(retryAfter, clock());
      until.set(endpoint, clock() + ms);
      return ms;
    },
  };
}
