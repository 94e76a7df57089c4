import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { AnyRole } from '@knotwork/shared/abilities/staff';
import type { Db } from '../../db/client.ts';
import { isUuid } from '../../db/raw.ts';
import { insertSession, liveSession, revokeSession, revokeUserSessions } from './session-repository.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';
import { createVerifiedTokens } from './verified-tokens.ts';

export interface AuthContext {
  userId: string;
  sessionId: string;
  role: AnyRole;
}

/** How a token service tells every process (through the bus, app.ts) what changed about sessions. */
export interface SessionAnnouncer {
  /** Sessions were revoked: the live socket layer signs their sockets out; other processes forget them. */
  revoked(userId: string, sessionIds: string[]): Promise<void>;
  /** A user's role changed: every process forgets the user's cached sessions and lowers their sockets. */
  roleChanged(userId: string, role: AnyRole): Promise<void>;
}

const silent: SessionAnnouncer = {
  revoked: () => Promise.resolve(),
  roleChanged: () => Promise.resolve(),
};

/**
 * Access tokens are signed JWTs (HS256) that carry a session id. Every request checks that session is live, so
 * logout, password reset and e-mail change revoke a token at once (see docs/decisions/004-auth-tokens.md): in the
 * process's session cache (session-cache.ts, kept current by the revocations every process announces on the bus,
 * decision 030) or, on a miss, in the database.
 */
export function createTokenService(
  db: Db,
  secret: string,
  ttlHours: number,
  /** Told after sessions are revoked and after a role changed (scripts and tests that only issue tokens need none). */
  announce: SessionAnnouncer = silent,
  /** Without one (scripts, tests that only issue tokens), every check reads the database. */
  cache: SessionCache = createSessionCache({ ttlMs: 0 }),
) {
  // A KeyObject made once: given raw bytes, jose imports the key again on every sign and verify (every request).
  const key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
  const issuer = 'knotwork';
  const verified = createVerifiedTokens();

  /**
   * Sessions revoked by a write of their own or of a caller's transaction, told once it committed: this process
   * forgets them and every process signs their sockets out.
   */
  async function announceRevoked(userId: string, sessionIds: string[]) {
    cache.revoke(sessionIds);
    if (sessionIds.length) await announce.revoked(userId, sessionIds);
  }

  return {
    /** This process's session cache (the bench turns it off to measure the database read it saves). */
    sessionCache: cache,

    async issue(userId: string, meta: { userAgent?: string | undefined; ip?: string | undefined } = {}) {
      const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
      const sessionId = await insertSession(db, {
        userId,
        expiresAt,
        userAgent: meta.userAgent?.slice(0, 300),
        ip: meta.ip,
      });
      const token = await new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, sessionId, expiresAt };
    },

    /** Returns the caller for a valid, live token; null for a tampered, expired or revoked one. */
    async verify(token: string): Promise<AuthContext | null> {
      let sid: unknown;
      let sub: string | undefined;
      const known = verified.get(token);
      if (known) ({ sid, sub } = known);
      else {
        try {
          const { payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'] });
          sid = payload.sid;
          sub = payload.sub;
          // Every token this service issues has an exp; one without it is not remembered (checked each time).
          if (typeof payload.exp === 'number')
            verified.set(token, { sid, sub, expiresAtMs: payload.exp * 1000 });
        } catch {
          return null;
        }
      }
      if (typeof sid !== 'string' || !sub || !isUuid(sid)) return null;
      const cached = cache.get(sid);
      if (cached)
        return cached.userId === sub ? { userId: cached.userId, sessionId: sid, role: cached.role } : null;
      const generation = cache.generation();
      const row = await liveSession(db, sid);
      if (!row || row.userId !== sub) return null;
      cache.set(
        sid,
        { userId: row.userId, role: row.role, expiresAtMs: row.expiresAt.getTime() },
        generation,
      );
      return { userId: row.userId, sessionId: sid, role: row.role };
    },

    async revoke(sessionId: string) {
      const userId = await revokeSession(db, sessionId);
      cache.revoke([sessionId]);
      if (userId) await announce.revoked(userId, [sessionId]);
    },

    /** Revokes every live session of a user, optionally sparing the current one. */
    async revokeAll(userId: string, exceptSessionId?: string) {
      await announceRevoked(userId, await revokeUserSessions(db, userId, exceptSessionId));
    },

    announceRevoked,

    /**
     * A user's role changed (staff accounts, decision 079), told once it committed: this process forgets the
     * user's cached sessions at once, so the very next request reads the new role, and every other process does the
     * same on the bus, where the socket layer also takes the user's sockets off the channels the role no longer allows.
     */
    async roleChanged(userId: string, role: AnyRole) {
      cache.forgetUser(userId);
      await announce.roleChanged(userId, role);
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
