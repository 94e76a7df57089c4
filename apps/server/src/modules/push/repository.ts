import { eq } from 'drizzle-orm';
import type { PushSubscriptionInput } from '@knotwork/shared/schemas/notifications';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

export function createPushRepository(db: Db) {
  return {
    /** One row per endpoint: a browser that re-subscribes (or changes user) overwrites its row. */
    async upsert(userId: string, sub: PushSubscriptionInput, userAgent?: string) {
      const values = { userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent: userAgent?.slice(0, 300) ?? null };
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: values.userId, p256dh: values.p256dh, auth: values.auth, userAgent: values.userAgent },
        });
    },
    async listForUser(userId: string) {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },
    async deleteByEndpoint(endpoint: string) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
