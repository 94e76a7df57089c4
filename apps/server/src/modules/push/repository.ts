import { eq, sql } from 'drizzle-orm';
import type { PushSubscriptionInput } from '@knotwork/shared/schemas/notifications';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

/** Browsers one user may have subscribed at once; registering one more drops the oldest (issue 7). */
export const PUSH_SUBSCRIPTIONS_PER_USER = 10;

export function createPushRepository(db: Db) {
  return {
    /**
     * Stores the subscription for this user, or refreshes it (keys, and it becomes the newest) when it is
     * already theirs; 'taken' when the endpoint belongs to another user, whose row is left untouched. Then
     * keeps only the user's newest PUSH_SUBSCRIPTIONS_PER_USER.
     */
    async save(userId: string, sub: PushSubscriptionInput, userAgent?: string): Promise<'saved' | 'taken'> {
      const values = {
        userId,
        endpoint: sub.endpoint,
        p256dh: sub.keys.p256dh,
        auth: sub.keys.auth,
        userAgent: userAgent?.slice(0, 300) ?? null,
      };
      return db.transaction(async (tx) => {
        const stored = await tx
          .insert(pushSubscriptions)
          .values(values)
          .onConflictDoUpdate({
            target: pushSubscriptions.endpoint,
            set: {
              p256dh: values.p256dh,
              auth: values.auth,
              userAgent: values.userAgent,
              createdAt: sql`clock_timestamp()`,
            },
            setWhere: eq(pushSubscriptions.userId, userId),
          })
          .returning({ id: pushSubscriptions.id });
        if (stored.length === 0) return 'taken';
        await tx.execute(sql`
          delete from push_subscriptions where user_id = ${userId} and id not in (
            select id from push_subscriptions where user_id = ${userId}
            order by created_at desc, id desc limit ${PUSH_SUBSCRIPTIONS_PER_USER})`);
        return 'saved';
      });
    },
    async listForUser(userId: string) {
      return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    },
    /** Every subscription of these users, in one query (a batch of notices asks once, not once per notice). */
    async listForUsers(userIds: readonly string[]) {
      if (userIds.length === 0) return [];
      // One array parameter, not one per reader: the outbid worker asks for a batch's readers (decision 101).
      return db
        .select()
        .from(pushSubscriptions)
        .where(sql`${pushSubscriptions.userId} = any(${sql.param([...userIds])}::uuid[])`);
    },
    async findByEndpoint(endpoint: string) {
      const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
      return row;
    },
    async deleteByEndpoint(endpoint: string) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },
  };
}
export type PushRepository = ReturnType<typeof createPushRepository>;
