import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { apiMessages } from '@knotwork/shared/messages/api';
import { tooManyRequests } from './http-error.ts';

export interface LimitRule {
  /** How many attempts... */
  points: number;
  /** ...per this many seconds. The window expires, so the real owner is never locked out for good. */
  duration: number;
}

export interface RateLimits {
  /** Consumes one point for `key` under `name`; throws a 429 HttpError when the budget is spent. */
  consume(name: string, key: string, rule: LimitRule): Promise<void>;
  /** Forgets `key` (e.g. after a successful login). */
  reset(name: string, key: string, rule: LimitRule): Promise<void>;
}

/**
 * Rate limits through rate-limiter-flexible: in memory for one process, in Redis when REDIS_URL is set so
 * that every process behind a load balancer shares one budget. While Redis is unreachable each process falls
 * back to an in-memory budget of the same size (decision 008).
 */
export function createRateLimits(options: { redis?: Redis | undefined; scale: number }): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract>();
  const get = (name: string, rule: LimitRule) => {
    const id = `${name}:${rule.points}:${rule.duration}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      const opts = {
        keyPrefix: `rl:${name}`,
        points: Math.max(1, Math.round(rule.points * options.scale)),
        duration: rule.duration,
      };
      limiter = options.redis
        ? new RateLimiterRedis({
            ...opts,
            storeClient: options.redis,
            // Redis down, or slower than its command timeout (lib/redis-client.ts): this process's own budget
            // answers instead, at once, rather than a 500 after the reconnect attempts.
            rejectIfRedisNotReady: true,
            insuranceLimiter: new RateLimiterMemory(opts),
          })
        : new RateLimiterMemory(opts);
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    async consume(name, key, rule) {
      try {
        await get(name, rule).consume(key);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw tooManyRequests(apiMessages.tooManyRequests, err.msBeforeNext / 1000);
        throw err;
      }
    },
    async reset(name, key, rule) {
      await get(name, rule).delete(key);
    },
  };
}
