import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Channel, ServerEvent } from '@knotwork/shared/realtime/events';
import type { RedisLink } from '../lib/redis-client.ts';
import { recordBusDelay } from '../plugins/metrics-registry.ts';
import type { EventBus } from './bus.ts';

export interface RedisBusOptions {
  link: RedisLink;
  /** Prepended to every Redis channel; tests use a unique one per run so parallel runs never hear each other. */
  prefix?: string;
  log: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
}

/** Redis channel names are `<prefix><channel>`: `knotwork:lot:<id>`, `knotwork:user:<id>`. */
export const REDIS_BUS_PREFIX = 'knotwork:';
/** The control channel (under the prefix) on which a process says which channels it could not publish to. */
const RESYNC_CHANNEL = '_resync';
/** Beyond this many channels with lost events, a resync asks every socket to replay. */
const MAX_TRACKED_LOST = 1_000;
/** A publish slower than this is given up (logged, counted as lost); the bid that caused it never waits for it. */
const PUBLISH_TIMEOUT_MS = 1_000;

interface WireMessage {
  /** The publishing process (its own messages are already delivered locally). */
  o?: string;
  /** When the publishing process handed it to Redis (epoch ms), for the cross-process delay metric. */
  t?: number;
  event: ServerEvent['event'];
  data: ServerEvent['data'];
}

/**
 * Carries live events between server processes: one publisher and one subscriber connection per process and a
 * single pattern subscription (`knotwork:*`). Every process hears every event and its socket layer keeps only
 * the channels it has watchers for, which at auction rates (tens of events per second) costs less than
 * subscribing and unsubscribing per lot as watchers come and go.
 *
 * Local first: the publishing process delivers to its own sockets at once and ignores its own messages coming back
 * through Redis, so its watchers keep getting its events while Redis is away. Redis is best effort (pub/sub keeps
 * nothing); what may have been missed is made good by replay (decision 018):
 * - when this process's subscription comes back after an outage, every socket here may have missed other
 *   processes' events: `onResync(null)`;
 * - when this process's publishes failed and Redis is back, it names the channels concerned on the control
 *   channel, and the other processes resync their sockets on those channels (they may never have lost Redis).
 */
export function createRedisBus(options: RedisBusOptions): EventBus {
  const prefix = options.prefix ?? REDIS_BUS_PREFIX;
  const origin = crypto.randomUUID();
  const publisher = options.link.client('live bus publisher', { commandTimeout: PUBLISH_TIMEOUT_MS });
  const subscriber = options.link.client('live bus subscriber', { subscriber: true });
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const resync = (channels: ReadonlySet<Channel> | null) => emitter.emit('resync', channels);

  // Channels whose events other processes may have missed (null: too many to name, i.e. all of them).
  let lost: Set<Channel> | null = new Set();
  let hasLost = false;
  const markLost = (channel: Channel) => {
    hasLost = true;
    if (lost && lost.size < MAX_TRACKED_LOST) lost.add(channel);
    else lost = null;
  };

  const pattern = `${prefix}*`;
  const ready = subscriber.psubscribe(pattern).then(
    () => undefined,
    (err: unknown) => options.log.error({ err }, 'live bus: subscribing to Redis failed'),
  );
  // The subscription dropped (Redis away, or never there at start): once it is confirmed again, this process's
  // sockets may have missed events published meanwhile. ioredis resubscribes by itself; asking again is
  // idempotent and tells us when it is done.
  let deaf = false;
  subscriber.on('close', () => (deaf = true));
  subscriber.on('ready', () => {
    if (!deaf) return;
    deaf = false;
    subscriber.psubscribe(pattern).then(
      () => resync(null),
      (err: unknown) => options.log.warn({ err }, 'live bus: resubscribing to Redis failed'),
    );
  });
  publisher.on('ready', () => {
    if (!hasLost) return;
    const channels = lost ? [...lost] : null;
    hasLost = false;
    lost = new Set();
    publisher.publish(prefix + RESYNC_CHANNEL, JSON.stringify({ o: origin, channels })).catch(() => {
      // Still unreachable: keep the list for the next time the publisher is ready.
      hasLost = true;
      if (channels) for (const c of channels) markLost(c);
      else lost = null;
    });
  });

  subscriber.on('pmessage', (_pattern, redisChannel: string, message: string) => {
    let parsed: WireMessage & { channels?: Channel[] | null };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch (err) {
      options.log.error({ err, redisChannel }, 'live bus: unreadable message');
      return;
    }
    if (parsed.o === origin) return;
    const channel = redisChannel.slice(prefix.length);
    if (channel === RESYNC_CHANNEL) return resync(parsed.channels ? new Set(parsed.channels) : null);
    if (typeof parsed.t === 'number') recordBusDelay(Date.now() - parsed.t);
    emitter.emit('event', { event: parsed.event, channel: channel as Channel, data: parsed.data });
  });

  return {
    async publish(channel, event, data) {
      emitter.emit('event', { event, channel, data });
      try {
        await publisher.publish(
          prefix + channel,
          JSON.stringify({ o: origin, t: Date.now(), event, data } satisfies WireMessage),
        );
      } catch (err) {
        // Publishing happens after the commit: a lost event must not fail the request that caused it. The link
        // logs the outage once; the channel is remembered for the resync when Redis is back.
        if (options.link.up) options.log.error({ err, channel, event }, 'live bus: publish failed');
        markLost(channel);
      }
    },
    onEvent(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    onResync(listener) {
      emitter.on('resync', listener);
      return () => emitter.off('resync', listener);
    },
    ready: () => ready,
    // The connections belong to the link, closed after the bus (app.ts), so their closing is not logged as an
    // outage.
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}
