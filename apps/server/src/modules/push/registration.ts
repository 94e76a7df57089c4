import crypto from 'node:crypto';
import { apiMessages } from '@knotwork/shared/messages/api';
import type { PushRenewInput, PushSubscriptionInput } from '@knotwork/shared/schemas/notifications';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { LimitRule, RateLimits } from '../../lib/rate-limit.ts';
import { checkPushEndpoint, pushEndpointPolicy, type Resolve } from './endpoint-policy.ts';
import { createPushRepository } from './repository.ts';

/**
 * Renewals per client address: a browser renews rarely (when its push service rotates the subscription), and
 * the route needs no session, so it gets a budget of its own. Guessing a 128-bit auth secret is hopeless anyway.
 */
const RENEW_LIMIT: LimitRule = { points: 30, duration: 3600 };

/** Constant-time comparison of two auth secrets (hashed first: timingSafeEqual needs equal lengths). */
const sameSecret = (a: string, b: string) =>
  crypto.timingSafeEqual(
    crypto.createHash('sha256').update(a).digest(),
    crypto.createHash('sha256').update(b).digest(),
  );

/**
 * POST /notification/token's rules: the endpoint must be one the server may connect to (https, a known push
 * service, a public address: endpoint-policy.ts), and an endpoint stays with the user who registered it
 * first (409 to anyone else: the browser then subscribes afresh and gets its own endpoint).
 */
export function createPushRegistration(options: {
  db: Db;
  config: Pick<Config, 'PUSH_ALLOWED_HOSTS' | 'PUSH_ALLOW_PRIVATE_ADDRESSES'>;
  rateLimits?: RateLimits;
  resolve?: Resolve;
}) {
  const repo = createPushRepository(options.db);
  const policy = pushEndpointPolicy(options.config, options.resolve);
  async function register(userId: string, sub: PushSubscriptionInput, userAgent?: string): Promise<void> {
    const check = await checkPushEndpoint(sub.endpoint, policy);
    if (!check.ok) {
      throw badRequest(apiMessages.pushEndpointRefused, {
        errors: { token: apiMessages.pushEndpointRefused },
      });
    }
    if ((await repo.save(userId, sub, userAgent)) === 'taken') {
      throw conflict(apiMessages.pushEndpointTaken, { code: 'PUSH_ENDPOINT_TAKEN' });
    }
  }
  return {
    register,
    /**
     * The service worker's `pushsubscriptionchange`: it holds no session, so the old subscription's endpoint
     * and auth secret (known only to that browser and to us) stand for its owner. The new subscription is
     * registered for that owner under the same rules, then the old one is deleted; any refusal leaves it.
     */
    async renew(input: PushRenewInput, client: { ip: string; userAgent?: string }): Promise<void> {
      await options.rateLimits?.consume('pushRenewIp', client.ip, RENEW_LIMIT);
      const old = await repo.findByEndpoint(input.oldEndpoint);
      // One answer for an unknown endpoint and a wrong secret: the route tells nobody which endpoints exist.
      if (!old || !sameSecret(old.auth, input.oldAuth)) throw notFound(apiMessages.pushSubscriptionUnknown);
      await register(old.userId, input.token, client.userAgent);
      if (input.token.endpoint !== input.oldEndpoint) await repo.deleteByEndpoint(input.oldEndpoint);
    },
  };
}
