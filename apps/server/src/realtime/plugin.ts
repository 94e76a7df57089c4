import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import { LIVE_MAX_MESSAGE_BYTES, LIVE_PATH } from '@knotwork/shared/realtime/protocol';
import { createLiveHub, type LiveHub, type LiveHubOptions } from './hub.ts';
import { createLotReplay } from './lot-replay.ts';
import type { LiveReplay } from './replay.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live socket hub of this process (stats for health checks and benchmarks). */
    live: LiveHub;
  }
}

export interface LiveSocketOptions {
  heartbeatMs?: number;
  slowConsumer?: LiveHubOptions['slowConsumer'];
  /** What a reconnecting client missed; by default read from the lot tables (lot-replay.ts). */
  replay?: LiveReplay;
}

/**
 * One WebSocket per browser tab at /api/v1/live (protocol: packages/shared/src/realtime/protocol.ts). Registered
 * once on the root instance, after the REST routes.
 */
export async function registerLiveSocket(app: FastifyInstance, options: LiveSocketOptions = {}) {
  const shutdown: { hub?: LiveHub } = {};
  // preClose runs before the server stops accepting: sockets get a clean 1001 and reconnect elsewhere. Added
  // before @fastify/websocket's own preClose, which closes every socket without a code (1005) and would win.
  app.addHook('preClose', () => shutdown.hub?.close());
  await app.register(websocket, {
    options: {
      // Twice the protocol limit: messages in between get a polite error frame, larger ones close the socket
      // (1009) before they are buffered.
      maxPayload: LIVE_MAX_MESSAGE_BYTES * 2,
      perMessageDeflate: false,
    },
    // A peer vanishing mid-frame (ECONNRESET) is routine for browsers, not an error worth a log line each.
    errorHandler: (error, socket, request) => {
      request.log.debug({ err: error }, 'live socket error');
      socket.terminate();
    },
  });

  const { replay = createLotReplay(app.ctx.db), ...hubOptions } = options;
  const hub = createLiveHub({
    bus: app.ctx.bus,
    verifyToken: (token) => app.ctx.tokens.verify(token),
    replay: () => replay,
    log: app.log,
    ...hubOptions,
  });
  shutdown.hub = hub;
  app.decorate('live', hub);

  app.get(LIVE_PATH, { websocket: true }, (socket) => {
    // @fastify/websocket's error listener closes over the Fastify request and reply (and through them the raw
    // request and response): kilobytes per watcher for as long as the socket lives. Swap it for one that holds
    // nothing but the socket.
    socket.removeAllListeners('error');
    socket.on('error', () => socket.terminate());
    // The upgrade answered through a ServerResponse that stays attached to the TCP socket (and with it the raw
    // request and its headers) until the socket closes; the WebSocket never uses it again.
    const tcp = (
      socket as unknown as { _socket?: { _httpMessage?: { detachSocket(s: unknown): void } | null } }
    )._socket;
    tcp?._httpMessage?.detachSocket(tcp);
    hub.attach(socket);
  });
}
