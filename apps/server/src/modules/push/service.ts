import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError, type PushSubscription, type RequestOptions, type SendResult } from 'web-push';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { createPushRepository } from './repository.ts';
import { createVapidKeySource } from './vapid.ts';

export interface PushMessage {
  title: string;
  body: string;
  data?: Record<string, unknown>;
}

/** How a push is delivered; web-push's sendNotification, replaceable in tests. */
export type PushSender = (subscription: PushSubscription, payload: string, options: RequestOptions) => Promise<SendResult>;

/**
 * Web Push to every browser a user subscribed. The payload is `{ notification: { title, body }, data }`,
 * the shape the web app's service worker reads (SPEC.md 3). A failure is logged and never thrown; a
 * subscription the push service says is gone (404/410) is deleted.
 */
export function createPushService(options: {
  db: Db;
  config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>;
  log: FastifyBaseLogger;
  sender?: PushSender;
}) {
  const repo = createPushRepository(options.db);
  const vapidKeys = createVapidKeySource(options.db, options.config);
  const send: PushSender = options.sender ?? ((s, p, o) => webpush.sendNotification(s, p, o));

  return {
    vapidKeys,
    /** Sends to every subscription of the user; returns how many deliveries the push services accepted. */
    async sendPush(userId: string, message: PushMessage): Promise<number> {
      const subs = await repo.listForUser(userId);
      if (subs.length === 0) return 0;
      const keys = await vapidKeys();
      const payload = JSON.stringify({ notification: { title: message.title, body: message.body }, data: message.data ?? {} });
      const results = await Promise.all(
        subs.map(async (s) => {
          try {
            await send({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
              vapidDetails: { subject: options.config.VAPID_SUBJECT, publicKey: keys.publicKey, privateKey: keys.privateKey },
              TTL: 3600,
              timeout: 10_000,
            });
            return true;
          } catch (err) {
            const status = err instanceof WebPushError ? err.statusCode : undefined;
            if (status === 404 || status === 410) {
              await repo.deleteByEndpoint(s.endpoint);
              options.log.info({ userId, status }, 'push subscription expired; removed');
            } else {
              options.log.warn({ err, userId, status }, 'push delivery failed');
            }
            return false;
          }
        }),
      );
      return results.filter(Boolean).length;
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
