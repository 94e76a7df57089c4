import type WebSocket from 'ws';
import type { RawData } from 'ws';
import {
  clientMessageSchema,
  LIVE_CLOSE_GOING_AWAY,
  LIVE_HEARTBEAT_MS,
  LIVE_MAX_MESSAGE_BYTES,
} from '@knotwork/shared/realtime/protocol';
import { INTERNAL_CHANNEL, type Channel, type ServerEventMap } from '@knotwork/shared/realtime/events';
import type { AuthContext } from '../modules/auth/tokens.ts';
import type { EventBus } from './bus.ts';
import { createDashboardNudges } from './dashboard-nudges.ts';
import { createFanout } from './fanout.ts';
import { DEFAULT_SLOW_CONSUMER_LIMITS, LiveClient, type SlowConsumerLimits } from './live-client.ts';
import { applyRoleChange, detach, handleMessage, signOutRevoked, type MessageDeps } from './messages.ts';
import type { LiveReplay } from './replay.ts';
import { ChannelIndex } from './subscriptions.ts';

/** Messages a socket may have waiting; a client that floods faster than we answer gets errors, not memory. */
const MAX_PENDING_MESSAGES = 32;

export interface LiveHubOptions {
  bus: EventBus;
  verifyToken: (token: string) => Promise<AuthContext | null>;
  replay: () => LiveReplay | undefined;
  log: { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void };
  heartbeatMs?: number;
  slowConsumer?: SlowConsumerLimits;
}

export interface LiveStats {
  sockets: number;
  channels: number;
  delivered: number;
  slowClosed: number;
  heartbeatTerminated: number;
  resynced: number;
}

/**
 * Every live socket of this process: one bus listener feeding a channel index, per-socket protocol handling,
 * and a heartbeat that terminates sockets which stopped answering pings (half-open TCP after a network change).
 */
export function createLiveHub(options: LiveHubOptions) {
  const index = new ChannelIndex<LiveClient>();
  const clients = new Set<LiveClient>();
  const fanout = createFanout(index);
  const limits = options.slowConsumer ?? DEFAULT_SLOW_CONSUMER_LIMITS;
  const stats = { slowClosed: 0, heartbeatTerminated: 0, resynced: 0 };
  let accessChanges = 0;
  const deps: MessageDeps = {
    index,
    verifyToken: options.verifyToken,
    accessChanges: () => accessChanges,
    replay: options.replay,
    logError: (err, msg) => options.log.error({ err }, msg),
  };
  const dashboard = createDashboardNudges((event) => fanout.listener(event));
  const unsubscribeBus = options.bus.onEvent((event) => {
    // Between processes only, never written to a socket: who lost access (decision 079).
    if (event.event === 'session.revoked') {
      accessChanges++;
      signOutRevoked(clients, (event.data as ServerEventMap['session.revoked']).sessionIds, deps);
      return;
    }
    if (event.event === 'user.role_changed') {
      accessChanges++;
      const { userId, role } = event.data as ServerEventMap['user.role_changed'];
      applyRoleChange(clients, userId, role, deps);
      return;
    }
    // Between processes only (settings changes): never written to a socket.
    if (event.channel === INTERNAL_CHANNEL) return;
    if (dashboard.observe(event)) return;
    fanout.listener(event);
  });

  // Sockets that may have missed events (decision 018) are closed with 4009; the client reconnects and replays
  // its lots with `since`. Only sockets holding one of the channels concerned: the others missed nothing.
  const unsubscribeResync = options.bus.onResync((channels) => {
    let closed = 0;
    for (const client of clients) {
      const concerned = channels
        ? [...client.channels].some((c) => channels.has(c))
        : client.channels.size > 0;
      if (concerned && client.closeForResync()) closed += 1;
    }
    if (closed > 0) options.log.info({ sockets: closed }, 'live: sockets told to resync after a bus outage');
    stats.resynced += closed;
  });

  const onSlow = (client: LiveClient) => {
    if (client.closeAsSlow()) stats.slowClosed += 1;
  };

  function heartbeat() {
    for (const client of clients) {
      if (!client.alive) {
        stats.heartbeatTerminated += 1;
        client.ws.terminate();
        continue;
      }
      client.alive = false;
      client.ws.ping();
    }
  }
  const timer = setInterval(heartbeat, options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
  timer.unref();

  function onMessage(client: LiveClient, raw: RawData, isBinary: boolean) {
    client.alive = true;
    // The default binaryType ('nodebuffer') hands us one Buffer, fragments already joined.
    const data = Buffer.isBuffer(raw) ? raw : Buffer.concat(Array.isArray(raw) ? raw : [Buffer.from(raw)]);
    if (data.length > LIVE_MAX_MESSAGE_BYTES) {
      return client.reply({
        type: 'error',
        code: 'message_too_large',
        message: `Messages are limited to ${LIVE_MAX_MESSAGE_BYTES} bytes.`,
      });
    }
    if (isBinary)
      return client.reply({ type: 'error', code: 'bad_message', message: 'Send JSON text messages.' });
    if (client.pending >= MAX_PENDING_MESSAGES) {
      return client.reply({ type: 'error', code: 'bad_message', message: 'Too many messages; slow down.' });
    }
    let json: unknown;
    try {
      json = JSON.parse(data.toString('utf8'));
    } catch {
      return client.reply({ type: 'error', code: 'bad_message', message: 'Messages must be JSON.' });
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
      return client.reply({
        type: 'error',
        code: 'bad_message',
        message: `Invalid message${where}: ${issue?.message ?? 'unknown shape'}`,
      });
    }
    client.enqueue(() =>
      handleMessage(client, parsed.data, deps).catch((err: unknown) => {
        options.log.error({ err }, 'live message handling failed');
      }),
    );
  }

  return {
    /** Takes over a freshly upgraded socket. */
    attach(ws: WebSocket): void {
      const client = new LiveClient(ws, limits, onSlow);
      clients.add(client);
      ws.on('message', (raw, isBinary) => onMessage(client, raw, isBinary));
      ws.on('pong', () => {
        client.alive = true;
      });
      ws.on('close', () => {
        clients.delete(client);
        detach(client, deps);
      });
    },
    heartbeat,
    /** Sockets of this process subscribed to `channel` (a live sale's online bidders). */
    watchers(channel: Channel): number {
      return index.subscribers(channel)?.size ?? 0;
    },
    stats(): LiveStats {
      return { sockets: clients.size, channels: index.channelCount, delivered: fanout.delivered, ...stats };
    },
    /** Stops listening to the bus and closes every socket (server shutdown: clients reconnect elsewhere). */
    close(): void {
      clearInterval(timer);
      unsubscribeBus();
      dashboard.close();
      unsubscribeResync();
      for (const client of clients) client.ws.close(LIVE_CLOSE_GOING_AWAY, 'server shutting down');
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
