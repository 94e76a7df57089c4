import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError, type PushSubscription, type RequestOptions, type SendResult } from 'web-push';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { createBackOff } from './back-off.ts';
import { checkPushEndpoint, pinnedAgent, pushEndpointPolicy, type Resolve } from './endpoint-policy.ts';
import { createPushRepository } from './repository.ts';
import { createVapidKeySource } from './vapid.ts';
import { recordPush } from '../../plugins/metrics-registry.ts';

/** A stored subscription, as the repository reads it. */
export type PushSubscriptionRow = Awaited<
  ReturnType<ReturnType<typeof createPushRepository>['listForUser']>
>[number];

export interface PushMessage {
  title: string;
  body: string;
  data?: Record<string, unknown>;
}

/** How a push is delivered; web-push's sendNotification (over `options.agent`), replaceable in tests. */
export type PushSender = (
  subscription: PushSubscription,
  payload: string,
  options: RequestOptions,
) => Promise<SendResult>;

/**
 * Web Push to every browser a user subscribed. The payload is `{ notification: { title, body }, data }`,
 * the shape the web app's service worker reads (SPEC.md 3). A failure is logged and never thrown. The push
 * service's answers (RFC 8030): 404/410, the subscription is gone and is deleted; 413, the payload is too
 * large, logged and kept (the next notification may fit); 429, that endpoint is skipped until Retry-After
 * (back-off.ts) and kept. Each endpoint is checked again before sending (endpoint-policy.ts) and the
 * connection is pinned to the address that check resolved.
 */
export function createPushService(options: {
  db: Db;
  config: Pick<
    Config,
    | 'VAPID_PUBLIC_KEY'
    | 'VAPID_PRIVATE_KEY'
    | 'VAPID_SUBJECT'
    | 'PUSH_ALLOWED_HOSTS'
    | 'PUSH_ALLOW_PRIVATE_ADDRESSES'
  >;
  log: FastifyBaseLogger;
  sender?: PushSender;
  /** Tests: a resolver that never asks outside this machine, and the CA of a loopback push service. */
  resolve?: Resolve;
  tls?: { ca?: string };
}) {
  const repo = createPushRepository(options.db);
  const policy = pushEndpointPolicy(options.config, options.resolve);
  const vapidKeys = createVapidKeySource(options.db, options.config);
  const send: PushSender = options.sender ?? ((s, p, o) => webpush.sendNotification(s, p, o));
  const backOff = createBackOff();

  return {
    vapidKeys,
    /**
     * The subscriptions of several users at once, by user (a user with none is absent): a batch of notices reads
     * them in one query and hands each user's to `sendPush`, instead of one query per notice (decision 101).
     */
    async subscriptionsOf(userIds: readonly string[]): Promise<Map<string, PushSubscriptionRow[]>> {
      const byUser = new Map<string, PushSubscriptionRow[]>();
      for (const s of await repo.listForUsers([...new Set(userIds)]))
        byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), s]);
      return byUser;
    },

    /**
     * Sends to every subscription of the user (read now, or `known`: what `subscriptionsOf` read for the batch);
     * returns how many deliveries the push services accepted.
     */
    async sendPush(userId: string, message: PushMessage, known?: PushSubscriptionRow[]): Promise<number> {
      const subs = known ?? (await repo.listForUser(userId));
      if (subs.length === 0) return 0;
      const keys = await vapidKeys();
      const payload = JSON.stringify({
        notification: { title: message.title, body: message.body },
        data: message.data ?? {},
      });
      const results = await Promise.all(
        subs.map(async (s) => {
          if (backOff.holds(s.endpoint)) {
            options.log.info({ userId }, 'push endpoint asked us to slow down (429); not sent');
            return false;
          }
          const check = await checkPushEndpoint(s.endpoint, policy);
          if (!check.ok) {
            // Stored before the rules, or its host now resolves somewhere private: never connect there. A
            // lookup failure may pass; a refusal by the rules will not, so that row goes.
            if (check.reason !== 'unresolved') await repo.deleteByEndpoint(s.endpoint);
            options.log.warn({ userId, reason: check.reason }, 'push endpoint refused; not sent');
            return false;
          }
          const agent = pinnedAgent(check.target, options.tls);
          try {
            await send({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
              vapidDetails: {
                subject: options.config.VAPID_SUBJECT,
                publicKey: keys.publicKey,
                privateKey: keys.privateKey,
              },
              TTL: 3600,
              timeout: 10_000,
              agent,
            });
            return true;
          } catch (err) {
            const status = err instanceof WebPushError ? err.statusCode : undefined;
            if (status === 404 || status === 410) {
              await repo.deleteByEndpoint(s.endpoint);
              options.log.info({ userId, status }, 'push subscription expired; removed');
            } else if (status === 413) {
              options.log.warn(
                { userId, status, bytes: Buffer.byteLength(payload) },
                'push payload too large for the push service; not sent',
              );
            } else if (status === 429 && err instanceof WebPushError) {
              const ms = backOff.hold(s.endpoint, err.headers['retry-after']);
              options.log.warn(
                { userId, status, retryAfterMs: ms },
                'push service asked us to slow down; endpoint skipped until then',
              );
            } else {
              options.log.warn({ err, userId, status }, 'push delivery failed');
            }
            return false;
          } finally {
            agent.destroy();
          }
        }),
      );
      for (const sent of results) recordPush(sent ? 'sent' : 'failed');
      return results.filter(Boolean).length;
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
