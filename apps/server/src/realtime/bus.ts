import { EventEmitter } from 'node:events';
import type { Channel, ServerEvent, ServerEventMap, ServerEventName } from '@knotwork/shared/realtime/events';

/**
 * Fan-out of live events. Services publish AFTER their transaction commits; the WebSocket layer subscribes.
 * In process by default; the Redis implementation (realtime/redis-bus.ts) carries events between server
 * processes so a bid placed on one reaches watchers connected to another. Either way the publishing process's
 * own sockets hear its events first, without a round trip (and without Redis).
 */
export interface EventBus {
  publish<K extends ServerEventName>(channel: Channel, event: K, data: ServerEventMap[K]): Promise<void>;
  /** Receives every event published on any channel (the socket layer routes them to subscribers). */
  onEvent(listener: (event: ServerEvent) => void): () => void;
  /**
   * Resolves once this bus hears events (the Redis subscription is confirmed). Server start waits for it so a
   * process never takes traffic while deaf to events other processes publish.
   */
  ready(): Promise<void>;
  /**
   * Called when sockets of this process may have missed events (the bus lost Redis for a while, or another
   * process could not publish to it): `channels` are the channels concerned, or null for every channel. The socket
   * layer tells those sockets to reconnect and replay.
   */
  onResync(listener: (channels: ReadonlySet<Channel> | null) => void): () => void;
  /**
   * The PostgreSQL bus only (realtime/pg-bus.ts): whether it hears the other processes now (health, the session
   * cache's trust). The Redis bus's state is the Redis link's (AppContext.redisLink).
   */
  link?: BusLink;
  close(): Promise<void>;
}

/** Whether a bus hears the other processes now, and when that changes. */
export interface BusLink {
  readonly up: boolean;
  onChange(listener: (up: boolean) => void): () => void;
}

export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    // In a promise executor, so a listener that throws rejects the promise rather than throwing at the caller.
    publish: (channel, event, data) =>
      new Promise<void>((resolve) => {
        emitter.emit('event', { event, channel, data } satisfies ServerEvent);
        resolve();
      }),
    onEvent(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async ready() {},
    // One process never misses its own events.
    onResync: () => () => undefined,
    close() {
      emitter.removeAllListeners();
      return Promise.resolve();
    },
  };
}
