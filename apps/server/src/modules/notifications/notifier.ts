import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SUPPORTED_LANGUAGES } from '@knotwork/shared/constants/languages';
import { userChannel } from '@knotwork/shared/realtime/events';
import type { ApiNotification, NotificationType } from '@knotwork/shared/schemas/notifications';
import { notificationKindOfType } from '@knotwork/shared/schemas/notification-settings';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/bus.ts';
import type { Resolve } from '../push/endpoint-policy.ts';
import { createPushService, type PushSender, type PushSubscriptionRow } from '../push/service.ts';
import {
  insertNotificationBatch,
  unreadCount,
  type NotificationBatchItem,
  type NotificationRow,
  type WrittenNotificationRow,
} from './repository.ts';
import type { LotMails } from './lot-mails.ts';

// In their own file so messages.ts and lot-mails.ts, which this file imports, can name them without a cycle.
export type { NotificationInput, PendingNotification } from './notification-types.ts';
import type { NotificationInput, PendingNotification } from './notification-types.ts';

export function toApiNotification(row: NotificationRow): ApiNotification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    body: row.body,
    link: row.link,
    data: row.data,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Writes notifications inside the caller's transaction (or as one statement on its own: it is atomic either way).
 * Nothing leaves the database yet: the caller passes the result to `deliverNotifications` once the transaction has
 * committed, so a rolled-back bid or close never announces anything.
 *
 * One round trip, whatever the number of recipients (issue 10: an outbid notice used to cost a language read and an
 * insert per recipient, and an unread count per delivery): the words go in every supported language and the
 * statement keeps each recipient's own (issue 9: the bell and push follow the account), and it returns each
 * recipient's unread count after the insert, which delivery announces.
 */
export async function notifyAll(
  tx: Db,
  wanted: readonly { userId: string; input: NotificationInput }[],
): Promise<PendingNotification[]> {
  if (wanted.length === 0) return [];
  // Ids chosen here, so each written row is matched back to what was asked exactly.
  const batch = wanted.map(({ userId, input }, ord) => batchItemOf(ord, crypto.randomUUID(), userId, input));
  const written = await insertNotificationBatch(tx, batch);
  const byId = new Map(written.map((row) => [row.id, row]));
  const pending: PendingNotification[] = [];
  for (const { id, user_id: userId } of batch) {
    const row = byId.get(id);
    if (!row) continue; // a recipient deleted meanwhile: nothing to tell
    pending.push(pendingOfRow({ ...row, user_id: userId }, Number(row.unread)));
  }
  return pending;
}

/** One notice as `insertNotificationBatch` writes it: its words in every language (also the outbid worker's). */
export function batchItemOf(
  ord: number,
  id: string,
  userId: string,
  input: NotificationInput,
): NotificationBatchItem {
  return {
    ord,
    id,
    user_id: userId,
    type: input.type,
    kind: notificationKindOfType[input.type],
    link: input.link ?? null,
    data: input.data ?? {},
    words: Object.fromEntries(
      SUPPORTED_LANGUAGES.map((language) => [
        language,
        input.localized && language !== 'en'
          ? input.localized(language)
          : { title: input.title, body: input.body },
      ]),
    ),
  };
}

/** A written notification row as `deliver` takes it (also the outbid worker's, outbid-notices.ts). */
export function pendingOfRow(
  row: Omit<WrittenNotificationRow, 'unread'>,
  unreadCount: number | undefined,
): PendingNotification {
  return {
    userId: row.user_id,
    unreadCount,
    inApp: row.in_app,
    push: row.push,
    notification: {
      id: row.id,
      type: row.type as NotificationType,
      title: row.title,
      body: row.body,
      link: row.link,
      data: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row.data,
      read: !row.in_app,
      createdAt: new Date(Number(row.created_ms)).toISOString(),
    },
  };
}

/** One notification: `notifyAll` for a single recipient. */
export async function notify(tx: Db, userId: string, input: NotificationInput): Promise<PendingNotification> {
  const [pending] = await notifyAll(tx, [{ userId, input }]);
  if (!pending) throw new Error(`notification for unknown user ${userId}`);
  return pending;
}

export interface NotificationDeliveryDeps {
  db: Db;
  bus: EventBus;
  config: Pick<
    Config,
    | 'VAPID_PUBLIC_KEY'
    | 'VAPID_PRIVATE_KEY'
    | 'VAPID_SUBJECT'
    | 'PUSH_ALLOWED_HOSTS'
    | 'PUSH_ALLOW_PRIVATE_ADDRESSES'
  >;
  log: FastifyBaseLogger;
  pushSender?: PushSender;
  /** Tests: resolves push hosts without asking outside this machine. */
  pushResolve?: Resolve;
  /** Tests: the CA of a loopback push service (BuildOptions.pushTls). */
  pushTls?: { ca?: string };
  /** Outbid, opening and ending-soon e-mails (lot-mails.ts), sent in the background after the live event and push. */
  lotMails?: LotMails;
}

/**
 * After commit: tells each user's open tabs (`notification.created` on `user:<id>` with the new unread count)
 * and their subscribed browsers (Web Push). Never throws: the notification is stored either way, and a failed
 * announcement must not turn a committed bid or close into an error.
 */
export function createNotificationDelivery(deps: NotificationDeliveryDeps) {
  const push = createPushService({
    db: deps.db,
    config: deps.config,
    log: deps.log,
    sender: deps.pushSender,
    resolve: deps.pushResolve,
    tls: deps.pushTls,
  });
  return async function deliver(pending: readonly PendingNotification[]): Promise<void> {
    if (pending.length === 0) return;
    // Started, never awaited: a notice's e-mail must not hold its bid or job up (decision 075).
    deps.lotMails?.mail(pending);
    const counts = new Map<string, Promise<number>>();
    // Every push subscription of the batch's readers in one query, not one per notice (decision 101); read
    // beside the live events, which do not wait for it.
    const wantPush = pending.filter((p) => p.push !== false).map((p) => p.userId);
    const none = new Map<string, PushSubscriptionRow[]>();
    const subscriptions = wantPush.length
      ? push.subscriptionsOf(wantPush).catch((err: unknown) => {
          deps.log.warn({ err }, 'push subscriptions not read; no push for this batch');
          return none;
        })
      : Promise.resolve(none);
    await Promise.all(
      pending.map(async ({ userId, notification, unreadCount: known, inApp, push: wantsPush }) => {
        if (inApp !== false) {
          try {
            let count = counts.get(userId);
            if (!count)
              counts.set(
                userId,
                (count = known !== undefined ? Promise.resolve(known) : unreadCount(deps.db, userId)),
              );
            await deps.bus.publish(userChannel(userId), 'notification.created', {
              notification,
              unreadCount: await count,
            });
          } catch (err) {
            deps.log.warn({ err, userId, type: notification.type }, 'notification event not published');
          }
        }
        if (wantsPush === false) return;
        const subs = (await subscriptions).get(userId);
        if (!subs) return; // no browser subscribed
        try {
          await push.sendPush(
            userId,
            {
              title: notification.title,
              body: notification.body,
              data: {
                id: notification.id,
                type: notification.type,
                link: notification.link,
                ...notification.data,
              },
            },
            subs,
          );
        } catch (err) {
          deps.log.warn({ err, userId, type: notification.type }, 'push not sent');
        }
      }),
    );
  };
}
export type DeliverNotifications = ReturnType<typeof createNotificationDelivery>;
