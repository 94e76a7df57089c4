import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { Channel, ServerEvent } from '@knotwork/shared/realtime/events';
import type { EventBus } from './bus.ts';

export interface RedisBusOptions {
  url: string;
  /** Prepended to every Redis channel; tests use a unique one per run so parallel runs never hear each other. */
  prefix?: string;
  log: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
}

/** Redis channel names are `<prefix><channel>`: `knotwork:lot:<id>`, `knotwork:user:<id>`. */
export const REDIS_BUS_PREFIX = 'knotwork:';

/**
 * Carries live events between server processes: one publisher and one subscriber connection per process and a
 * single pattern subscription (`knotwork:*`). Every process hears every event and its socket layer keeps only
 * the channels it has watchers for, which at auction rates (tens of events per second) costs less than
 * subscribing and unsubscribing per lot as watchers come and go. A process hears its own events back through
 * Redis too, so delivery order is Redis order on every process.
 *
 * Delivery is best effort (Redis pub/sub keeps nothing): a process that was disconnected from Redis misses
 * events, and its clients catch up with `since` replay when they reconnect.
 */
export function createRedisBus(options: RedisBusOptions): EventBus {
  const prefix = options.prefix ?? REDIS_BUS_PREFIX;
  const publisher = new Redis(options.url, { maxRetriesPerRequest: 1 });
  const subscriber = new Redis(options.url, { maxRetriesPerRequest: null });
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  for (const conn of [publisher, subscriber]) {
    // ioredis reconnects by itself; without a listener an 'error' event would crash the process.
    conn.on('error', (err) => options.log.warn({ err }, 'live bus: Redis connection error'));
  }

  // Publishing waits for the subscription so a process hears its own first events too.
  const ready = subscriber.psubscribe(`${prefix}*`).then(
    () => undefined,
    (err: unknown) => options.log.error({ err }, 'live bus: subscribing to Redis failed'),
  );
  subscriber.on('pmessage', (_pattern, redisChannel, message) => {
    let parsed: Pick<ServerEvent, 'event' | 'data'>;
    try {
      parsed = JSON.parse(message) as Pick<ServerEvent, 'event' | 'data'>;
    } catch (err) {
      options.log.error({ err, redisChannel }, 'live bus: unreadable message');
      return;
    }
    const event = {
      event: parsed.event,
      channel: redisChannel.slice(prefix.length) as Channel,
      data: parsed.data,
    } as ServerEvent;
    emitter.emit('event', event);
  });

  return {
    async publish(channel, event, data) {
      await ready;
      try {
        await publisher.publish(prefix + channel, JSON.stringify({ event, data }));
      } catch (err) {
        // Publishing happens after the commit: a lost event must not fail the request that caused it.
        options.log.error({ err, channel, event }, 'live bus: publish failed');
      }
    },
    onEvent(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    ready: () => ready,
    async close() {
      emitter.removeAllListeners();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
