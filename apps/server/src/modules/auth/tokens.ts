import crypto from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import type { AnyRole } from '@knotwork/shared/abilities/staff';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export interface AuthContext {
  userId: string;
  sessionId: string;
  role: AnyRole;
}

/**
 * Access tokens are signed JWTs (HS256) that carry a session id. Every request checks that session in the
 * database, so logout, password reset and e-mail change revoke a token at once (see
 * docs/decisions/004-auth-tokens.md).
 */
export function createTokenService(
  db: Db,
  secret: string,
  ttlHours: number,
  /** Told after sessions are revoked (the live socket layer signs their sockets out). */
  onRevoked: (userId: string, sessionIds: string[]) => Promise<void> = async () => undefined,
) {
  // A KeyObject made once: given raw bytes, jose imports the key again on every sign and verify (every request).
  const key = crypto.createSecretKey(Buffer.from(secret, 'utf8'));
  const issuer = 'knotwork';

  return {
    async issue(userId: string, meta: { userAgent?: string | undefined; ip?: string | undefined } = {}) {
      const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
      const [session] = await db
        .insert(sessions)
        .values({ userId, expiresAt, userAgent: meta.userAgent?.slice(0, 300), ip: meta.ip })
        .returning({ id: sessions.id });
      const token = await new SignJWT({ sid: session!.id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, sessionId: session!.id, expiresAt };
    },

    /** Returns the caller for a valid, live token; null for a tampered, expired or revoked one. */
    async verify(token: string): Promise<AuthContext | null> {
      let sid: unknown;
      let sub: string | undefined;
      try {
        const { payload } = await jwtVerify(token, key, { issuer, algorithms: ['HS256'] });
        sid = payload.sid;
        sub = payload.sub;
      } catch {
        return null;
      }
      if (typeof sid !== 'string' || !sub || !/^[0-9a-f-]{36}$/i.test(sid)) return null;
      const [row] = await db
        .select({ userId: sessions.userId, role: users.role })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, sid), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
      if (!row || row.userId !== sub) return null;
      return { userId: row.userId, sessionId: sid, role: row.role };
    },

    async revoke(sessionId: string) {
      const [row] = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ userId: sessions.userId });
      if (row) await onRevoked(row.userId, [sessionId]);
    },

    /** Revokes every live session of a user, optionally sparing the current one. */
    async revokeAll(userId: string, exceptSessionId?: string) {
      const revoked = await db
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
          ),
        )
        .returning({ id: sessions.id });
      if (revoked.length)
        await onRevoked(
          userId,
          revoked.map((s) => s.id),
        );
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
