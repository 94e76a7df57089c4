import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { isLanguage, type Language } from '@knotwork/shared/constants/languages';
import { userChannel } from '@knotwork/shared/realtime/events';
import type { ApiNotification, NotificationType } from '@knotwork/shared/schemas/notifications';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../realtime/bus.ts';
import type { Resolve } from '../push/endpoint-policy.ts';
import { createPushService, type PushSender } from '../push/service.ts';
import { rows } from '../../db/raw.ts';
import { insertNotification, unreadCount, type NotificationRow } from './repository.ts';

export interface NotificationInput {
  type: NotificationType;
  title: string;
  body: string;
  /** A web path the notification opens (e.g. /rugs-details-live/<rugId>, /my-items). */
  link?: string | null;
  data?: Record<string, unknown>;
  /** Title and body in another language; `notify` writes the recipient's (the English above otherwise). */
  localized?: (language: Language) => { title: string; body: string };
}

/** A notification written in a transaction that has not been announced yet: hand it to `deliver` after commit. */
export interface PendingNotification {
  userId: string;
  notification: ApiNotification;
}

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

/** The notification's words in the recipient's language (issue 9: the bell and push follow the account). */
async function wordsFor(tx: Db, userId: string, input: NotificationInput): Promise<{ title: string; body: string }> {
  if (!input.localized) return input;
  const [user] = await rows<{ language: string }>(tx, sql`select language from users where id = ${userId}::uuid`);
  const language = user?.language;
  return isLanguage(language) && language !== 'en' ? input.localized(language) : input;
}

/**
 * Writes a notification inside the caller's transaction `tx`. Nothing leaves the database yet: the caller
 * passes the result to `deliverNotifications` once the transaction has committed, so a rolled-back bid or
 * close never announces anything.
 */
export async function notify(tx: Db, userId: string, input: NotificationInput): Promise<PendingNotification> {
  const words = await wordsFor(tx, userId, input);
  const row = await insertNotification(tx, {
    userId,
    type: input.type,
    title: words.title,
    body: words.body,
    link: input.link ?? null,
    data: input.data ?? {},
  });
  return { userId, notification: toApiNotification(row) };
}

export interface NotificationDeliveryDeps {
  db: Db;
  bus: EventBus;
  config: Pick<
    Config,
    'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUSH_ALLOWED_HOSTS' | 'PUSH_ALLOW_PRIVATE_ADDRESSES'
  >;
  log: FastifyBaseLogger;
  pushSender?: PushSender;
  /** Tests: resolves push hosts without asking outside this machine. */
  pushResolve?: Resolve;
  /** Tests: the CA of a loopback push service (BuildOptions.pushTls). */
  pushTls?: { ca?: string };
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
    const counts = new Map<string, Promise<number>>();
    await Promise.all(
      pending.map(async ({ userId, notification }) => {
        try {
          let count = counts.get(userId);
          if (!count) counts.set(userId, (count = unreadCount(deps.db, userId)));
          await deps.bus.publish(userChannel(userId), 'notification.created', {
            notification,
            unreadCount: await count,
          });
        } catch (err) {
          deps.log.warn({ err, userId, type: notification.type }, 'notification event not published');
        }
        try {
          await push.sendPush(userId, {
            title: notification.title,
            body: notification.body,
            data: {
              id: notification.id,
              type: notification.type,
              link: notification.link,
              ...notification.data,
            },
          });
        } catch (err) {
          deps.log.warn({ err, userId, type: notification.type }, 'push not sent');
        }
      }),
    );
  };
}
export type DeliverNotifications = ReturnType<typeof createNotificationDelivery>;

const perApp = new WeakMap<FastifyInstance, DeliverNotifications>();

/** The app's one delivery function (one VAPID key source per process). */
export function notificationDelivery(app: FastifyInstance): DeliverNotifications {
  let deliver = perApp.get(app);
  if (!deliver) {
    deliver = createNotificationDelivery({
      db: app.ctx.db,
      bus: app.ctx.bus,
      config: app.ctx.config,
      log: app.log,
      pushTls: app.ctx.pushTls,
    });
    perApp.set(app, deliver);
  }
  return deliver;
}

/** Convenience for callers holding the app: `await deliverNotifications(app, pending)` after commit. */
export function deliverNotifications(
  app: FastifyInstance,
  pending: readonly PendingNotification[],
): Promise<void> {
  return notificationDelivery(app)(pending);
}
