import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AnyRole } from '@knotwork/shared/abilities/staff';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

/** A new session row; its id goes into the signed token. */
export async function insertSession(
  db: Db,
  input: { userId: string; expiresAt: Date; userAgent: string | undefined; ip: string | undefined },
): Promise<string> {
  const [session] = await db.insert(sessions).values(input).returning({ id: sessions.id });
  return session!.id;
}

/** A session that is neither revoked nor expired, with its user's current role (read on every cache miss). */
export async function liveSession(
  db: Db,
  sessionId: string,
): Promise<{ userId: string; role: AnyRole; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ userId: sessions.userId, role: users.role, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  return row;
}

/** Revokes one live session; its user's id, or undefined when it was already revoked or never existed. */
export async function revokeSession(db: Db, sessionId: string): Promise<string | undefined> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ userId: sessions.userId });
  return row?.userId;
}

/** Revokes every live session of a user, optionally sparing one; the ids it revoked. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  exceptSessionId?: string,
): Promise<string[]> {
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
  return revoked.map((s) => s.id);
}
