import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { apiMessages } from '@knotwork/shared/messages/api';
import { tooManyRequests } from './http-error.ts';

export interface LimitRule {
  /** How many attempts... */
  points: number;
  /** ...per this many seconds. The window expires, so the real owner is never locked out for good. */
  duration: number;
}

/** One budget of a request: `key`'s points under `name`. */
export interface LimitCheck {
  name: string;
  key: string;
  rule: LimitRule;
}

export interface RateLimits {
  /** Consumes one point for `key` under `name`; throws a 429 HttpError when the budget is spent. */
  consume(name: string, key: string, rule: LimitRule): Promise<void>;
  /**
   * One point from each of several budgets, all or none: when any is spent none is consumed (a request refused by
   * one budget does not spend another, someone else's), and the 429's Retry-After is when the last spent one frees
   * up, so a client that waits that long is not refused again by another (issue 25 section 3).
   */
  consumeAll(checks: readonly LimitCheck[]): Promise<void>;
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
        if (err instanceof RateLimiterRes)
          throw tooManyRequests(apiMessages.tooManyRequests, err.msBeforeNext / 1000);
        throw err;
      }
    },
    async consumeAll(checks) {
      const limiters = checks.map((c) => get(c.name, c.rule));
      const states = await Promise.all(checks.map((c, i) => limiters[i]!.get(c.key)));
      const spent = states.flatMap((state, i) =>
        state && state.consumedPoints >= limiters[i]!.points ? [state.msBeforeNext] : [],
      );
      if (spent.length > 0) throw tooManyRequests(apiMessages.tooManyRequests, Math.max(...spent) / 1000);
      // Two requests may both have passed the look above for the last point: the one that loses is refused here.
      const results = await Promise.allSettled(checks.map((c, i) => limiters[i]!.consume(c.key)));
      const refused = results.flatMap((r) =>
        r.status === 'rejected' && r.reason instanceof RateLimiterRes ? [r.reason.msBeforeNext] : [],
      );
      if (refused.length > 0) throw tooManyRequests(apiMessages.tooManyRequests, Math.max(...refused) / 1000);
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) throw failed.reason;
    },
    async reset(name, key, rule) {
      await get(name, rule).delete(key);
    },
  };
}
