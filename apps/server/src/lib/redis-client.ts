import { Redis, type RedisOptions } from 'ioredis';

export interface RedisLinkLog {
  warn(obj: unknown, msg: string): void;
  info(obj: unknown, msg: string): void;
}

/**
 * Every Redis connection of one process (the rate limits' and the live bus's), made and watched in one place:
 * each gets an error listener (an ioredis client without one prints "Unhandled error event" on every reconnect
 * attempt), and the process logs ONE line when Redis becomes unreachable and one when it is back, whatever the
 * number of connections and reconnect attempts in between.
 */
export interface RedisLink {
  /** REDIS_URL without its password, for log lines. */
  readonly where: string;
  /** Every connection made through this link is connected and ready. */
  readonly up: boolean;
  /**
   * A client on REDIS_URL. Commands fail at once while disconnected (no offline queue) and after `commandTimeout`
   * when Redis hangs, so callers can fall back instead of waiting; `subscriber` clients keep their queue instead,
   * so a subscription asked for during an outage is made once Redis is back.
   */
  client(role: string, options?: { subscriber?: boolean; commandTimeout?: number }): Redis;
  /** Called with false when the first connection drops, with true when all are ready again. */
  onChange(listener: (up: boolean) => void): () => void;
  close(): Promise<void>;
}

/** How long a rate-limit command may take before the in-process budget answers instead (issue 7, point 5). */
export const REDIS_COMMAND_TIMEOUT_MS = 100;

export function redactRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'an unreadable REDIS_URL';
  }
}

export function createRedisLink(url: string, log: RedisLinkLog): RedisLink {
  const where = redactRedisUrl(url);
  const clients = new Map<Redis, string>();
  const listeners = new Set<(up: boolean) => void>();

  // 'starting' until the first connection: Redis missing at start is an outage too (logged once), but Redis
  // arriving on time is not worth a line.
  let state: 'starting' | 'up' | 'down' = 'starting';
  let closing = false;

  const allReady = () => [...clients.keys()].every((c) => c.status === 'ready');
  const set = (next: 'up' | 'down', err?: unknown) => {
    if (next === state || closing) return;
    const previous = state;
    state = next;
    if (next === 'down') {
      log.warn(
        { redis: where, err },
        `Redis at ${where} (REDIS_URL) is unreachable: rate limits are per process and live events reach only this process's sockets until it is back`,
      );
    } else if (previous === 'down') {
      log.info(
        { redis: where },
        `Redis is back at ${where} (REDIS_URL): shared rate limits and live events across processes resume`,
      );
    }
    for (const l of listeners) l(next === 'up');
  };

  return {
    where,
    get up() {
      return state === 'up';
    },
    client(role, options = {}) {
      const client = new Redis(url, {
        // Reconnect for ever, at most 2 s apart: Redis coming back is picked up without a restart.
        retryStrategy: (times) => Math.min(times * 100, 2_000),
        connectTimeout: 2_000,
        ...(options.subscriber
          ? { maxRetriesPerRequest: null }
          : {
              enableOfflineQueue: false,
              maxRetriesPerRequest: 0,
              commandTimeout: options.commandTimeout ?? REDIS_COMMAND_TIMEOUT_MS,
            }),
        connectionName: `knotwork:${role.replace(/\W+/g, '-')}`,
      } satisfies RedisOptions);
      clients.set(client, role);
      client.on('error', (err: unknown) => set('down', err));
      client.on('close', () => set('down'));
      client.on('ready', () => {
        if (allReady()) set('up');
      });
      return client;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      closing = true;
      listeners.clear();
      await Promise.allSettled(
        [...clients.keys()].map((c) => (c.status === 'ready' ? c.quit() : Promise.resolve(c.disconnect()))),
      );
    },
  };
}
