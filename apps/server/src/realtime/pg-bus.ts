import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Channel, ServerEvent } from '@knotwork/shared/realtime/events';
import type { Connection } from '../db/client.ts';
import { listenSql, NOTIFY_SQL } from '../db/processes.ts';
import { recordBusDelay } from '../plugins/metrics-registry.ts';
import type { BusLink, EventBus } from './bus.ts';

export interface PgBusOptions {
  /** PostgreSQL's connection string: the bus keeps one session of its own for LISTEN. */
  url: string;
  /** Where NOTIFY is sent from (the pool: a publish is one short statement). */
  database: Pick<Connection, 'query'>;
  /** The PostgreSQL channel (default `knotwork_live`); tests use one of their own per run. */
  channel?: string;
  log: { error(obj: unknown, msg: string): void; warn(obj: unknown, msg: string): void };
}

export type PgBus = EventBus & { link: BusLink };

export const PG_BUS_CHANNEL = 'knotwork_live';
/**
 * NOTIFY refuses a payload of 8000 bytes or more (the server's default build). A message whose JSON is longer than
 * this is cut into chunks, each sent as its own notification in one statement, and put back together by the
 * listeners (chunked, not stored by reference: no table to write and sweep, nothing read back per event).
 */
export const MAX_NOTIFY_BYTES = 7_500;
/** Bytes of the message per chunk: base64 makes 4 characters of 3 bytes, plus a short header, under the limit. */
const CHUNK_BYTES = 5_400;
/** A message whose chunks have not all arrived after this is dropped (a publisher died between chunks: cannot). */
const CHUNK_TTL_MS = 30_000;
const MAX_TRACKED_LOST = 1_000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5_000;

interface WireMessage {
  /** The publishing process (its own messages are already delivered locally). */
  o: string;
  /** When the publishing process sent it (epoch ms), for the cross-process delay metric. */
  t?: number;
  c?: Channel;
  event?: ServerEvent['event'];
  data?: ServerEvent['data'];
  /** A resync request: the channels the publisher could not publish to (null: every channel). */
  resync?: Channel[] | null;
}

/** The notifications that carry one message: the JSON itself, or `#<id>:<index>:<count>:<base64 chunk>` each. */
export function encodeNotifications(message: string): string[] {
  const bytes = Buffer.from(message, 'utf8');
  if (bytes.length <= MAX_NOTIFY_BYTES) return [message];
  const id = crypto.randomBytes(8).toString('hex');
  const count = Math.ceil(bytes.length / CHUNK_BYTES);
  const out: string[] = [];
  for (let i = 0; i < count; i++)
    out.push(
      `#${id}:${i}:${count}:${bytes.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES).toString('base64')}`,
    );
  return out;
}

/** Puts chunked messages back together; `accept` returns the whole message once its last chunk is in. */
export function createReassembler(ttlMs = CHUNK_TTL_MS) {
  const pending = new Map<string, { parts: (Buffer | undefined)[]; left: number; at: number }>();
  return {
    accept(payload: string): string | null {
      if (!payload.startsWith('#')) return payload;
      const [id, index, count, body] = payload.slice(1).split(':', 4);
      const i = Number(index);
      const n = Number(count);
      if (!id || !Number.isInteger(i) || !Number.isInteger(n) || i < 0 || i >= n || body === undefined)
        return null;
      const now = Date.now();
      for (const [key, entry] of pending) if (now - entry.at > ttlMs) pending.delete(key);
      let entry = pending.get(id);
      if (!entry) {
        entry = { parts: new Array<Buffer | undefined>(n), left: n, at: now };
        pending.set(id, entry);
      }
      if (entry.parts[i] === undefined) {
        entry.parts[i] = Buffer.from(body, 'base64');
        entry.left--;
      }
      if (entry.left > 0) return null;
      pending.delete(id);
      return Buffer.concat(entry.parts as Buffer[]).toString('utf8');
    },
    get pending() {
      return pending.size;
    },
  };
}

/**
 * The live bus over PostgreSQL's LISTEN/NOTIFY, for several server processes without Redis (WORKERS > 1,
 * decision 099). It behaves as the Redis bus does (realtime/redis-bus.ts): local first (the publishing process
 * delivers to its own sockets at once and ignores its own notifications coming back), one channel for every event
 * (each process's socket layer keeps the channels it has watchers for), best effort made good by replay: when the
 * LISTEN session comes back after a loss, every socket here may have missed events (`onResync(null)`); when a
 * publish failed, the next one that works first names the channels concerned so the other processes resync them.
 *
 * One session of its own for LISTEN (a pooled connection goes back to the pool and stops listening); NOTIFY from the
 * pool. Payloads over 7,500 bytes are chunked (`encodeNotifications`), all chunks in one statement.
 */
export function createPgBus(options: PgBusOptions): PgBus {
  const pgChannel = options.channel ?? PG_BUS_CHANNEL;
  const origin = crypto.randomUUID();
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const reassembler = createReassembler();
  const resync = (channels: ReadonlySet<Channel> | null) => emitter.emit('resync', channels);

  let up = false;
  const setUp = (value: boolean) => {
    if (up === value) return;
    up = value;
    emitter.emit('link', value);
  };

  let lost: Set<Channel> | null = new Set();
  let hasLost = false;
  const markLost = (channel: Channel) => {
    hasLost = true;
    if (lost && lost.size < MAX_TRACKED_LOST) lost.add(channel);
    else lost = null;
  };

  const notify = async (message: string) => {
    await options.database.query(NOTIFY_SQL, [pgChannel, encodeNotifications(message)]);
  };

  const onNotification = (payload: string | undefined) => {
    if (payload === undefined) return;
    const whole = reassembler.accept(payload);
    if (whole === null) return;
    let parsed: WireMessage;
    try {
      parsed = JSON.parse(whole) as WireMessage;
    } catch (err) {
      options.log.error({ err }, 'live bus: unreadable notification');
      return;
    }
    if (parsed.o === origin) return;
    if (parsed.resync !== undefined) return resync(parsed.resync ? new Set(parsed.resync) : null);
    if (!parsed.c || !parsed.event) return;
    if (typeof parsed.t === 'number') recordBusDelay(Date.now() - parsed.t);
    emitter.emit('event', { event: parsed.event, channel: parsed.c, data: parsed.data });
  };

  let closed = false;
  let client: pg.Client | undefined;
  let everListened = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));

  const lose = (c: pg.Client, err?: unknown) => {
    if (client !== c) return;
    client = undefined;
    c.end().catch(() => undefined);
    if (closed) return;
    if (up) options.log.warn({ err }, 'live bus: the PostgreSQL LISTEN session was lost; reconnecting');
    setUp(false);
    retryTimer = setTimeout(() => void listen(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };

  async function listen() {
    if (closed) return;
    const c = new pg.Client({ connectionString: options.url, keepAlive: true });
    client = c;
    c.on('error', (err) => lose(c, err));
    c.on('end', () => lose(c));
    c.on('notification', (n) => onNotification(n.payload));
    try {
      await c.connect();
      await c.query(listenSql(c.escapeIdentifier(pgChannel)));
    } catch (err) {
      if (!everListened && !closed)
        options.log.error({ err }, 'live bus: LISTEN on PostgreSQL failed; retrying');
      lose(c, err);
      return;
    }
    if (closed || client !== c) return;
    retryMs = RECONNECT_MIN_MS;
    setUp(true);
    // Back after a loss: events published meanwhile by other processes were not heard here.
    if (everListened) resync(null);
    everListened = true;
    resolveReady();
  }
  void listen();

  return {
    async publish(channel, event, data) {
      emitter.emit('event', { event, channel, data });
      try {
        if (hasLost) {
          const channels = lost ? [...lost] : null;
          hasLost = false;
          lost = new Set();
          await notify(JSON.stringify({ o: origin, resync: channels } satisfies WireMessage)).catch(
            (err: unknown) => {
              hasLost = true;
              if (channels) for (const c of channels) markLost(c);
              else lost = null;
              throw err;
            },
          );
        }
        await notify(
          JSON.stringify({ o: origin, t: Date.now(), c: channel, event, data } satisfies WireMessage),
        );
      } catch (err) {
        // After the commit: a lost event must not fail the request that caused it; replay makes it good.
        options.log.error({ err, channel, event }, 'live bus: NOTIFY failed');
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
    link: {
      get up() {
        return up;
      },
      onChange(listener) {
        emitter.on('link', listener);
        return () => emitter.off('link', listener);
      },
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const c = client;
      client = undefined;
      setUp(false);
      emitter.removeAllListeners();
      await c?.end().catch(() => undefined);
    },
  };
}
