import type { AnyRole } from '@knotwork/shared/abilities/staff';

/** A live session as the database last said: whose it is, the user's role, when it expires. */
export interface CachedSession {
  userId: string;
  role: AnyRole;
  expiresAtMs: number;
}

/**
 * How long a cached session is trusted without asking the database again. Revocations (logout, password reset,
 * e-mail change) and role changes made by staff (decision 079) reach every process at once through the bus; this
 * bound is for what is not announced, a role given by the CLI or changed by hand in the database.
 */
export const SESSION_CACHE_TTL_MS = 30_000;
/** Sessions kept per process; beyond it the oldest entry goes (the next request reads the database). */
const MAX_SESSIONS = 50_000;

/**
 * The sessions this process has checked recently, so a request with a valid token needs no database read. It is
 * only trusted while revocations certainly reach this process: always with the in-process bus; with Redis, only
 * while the link is up. While it is down (a revocation published elsewhere could be missed) every request reads
 * the database, as before this cache; coming back, everything cached is dropped (what was missed is unknown).
 */
export function createSessionCache(options: { ttlMs?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, CachedSession & { checkedAtMs: number }>();
  let trusted = true;
  // Bumped by every revocation and reset: a database read that started before one must not be cached after it
  // (it may have read the session before it was revoked).
  let generation = 0;

  return {
    get(sessionId: string): CachedSession | undefined {
      if (!trusted) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      const t = now();
      if (t - entry.checkedAtMs >= ttlMs || t >= entry.expiresAtMs) {
        entries.delete(sessionId);
        return undefined;
      }
      return entry;
    },

    /** Call before reading the database; pass the result to `set` with what was read. */
    generation: () => generation,

    set(sessionId: string, session: CachedSession, readAtGeneration: number): void {
      if (!trusted || readAtGeneration !== generation) return;
      entries.set(sessionId, { ...session, checkedAtMs: now() });
      if (entries.size > MAX_SESSIONS) entries.delete(entries.keys().next().value!);
    },

    /** Sessions revoked here or announced on the bus by any process. */
    revoke(sessionIds: readonly string[]): void {
      generation++;
      for (const id of sessionIds) entries.delete(id);
    },

    /**
     * A user's role changed (decision 079): every cached session of theirs goes, so the next request reads the new
     * role. Walks the whole cache, which is fine for something staff do by hand.
     */
    forgetUser(userId: string): void {
      generation++;
      for (const [id, entry] of entries) if (entry.userId === userId) entries.delete(id);
    },

    /** Whether revocations are certain to arrive (false: Redis is down); either way the cache starts empty. */
    setTrusted(value: boolean): void {
      generation++;
      trusted = value;
      entries.clear();
    },

    get size() {
      return entries.size;
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
