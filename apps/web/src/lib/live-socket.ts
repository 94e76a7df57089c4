import type { AnyEventMessage, ClientMessageInput, ServerMessage } from '@knotwork/shared/realtime/protocol';
// From the zod-free module: importing protocol.ts at run time would put zod in every page's first download.
import { LIVE_CLOSE_NORMAL } from '@knotwork/shared/realtime/constants';
import { env } from '../config/env.ts';
import { useAuthStore } from './auth-store.ts';
import { readToken } from './session-storage.ts';
import { setSocketClock } from './server-clock.ts';

/**
 * One live socket per tab (protocol: packages/shared/src/realtime/protocol.ts). It connects when the first
 * handler subscribes and closes a few seconds after the last one leaves; it reconnects with exponential backoff
 * and jitter, re-authenticates with the stored token, and re-subscribes every lot with the last seq it applied,
 * so the server replays what was missed before live events resume. Events a lot already covered (older seq)
 * are dropped here too, so a handler never sees a price step backwards.
 */

export type LotEvent = Extract<
  AnyEventMessage,
  { event: 'lot.updated' | 'lot.bid' | 'lot.history_reset' | 'lot.closed' }
>;
export type UserEvent = Extract<AnyEventMessage, { event: 'lot.position' | 'notification.created' }>;
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export interface LiveSocketOptions {
  /** ws(s)://host/api/v1/live. */
  url: string;
  readToken: () => string | null;
  /** The WebSocket constructor (the browser's; tests pass `ws`). */
  WebSocket?: typeof WebSocket;
  /** How often the client pings (clock offset and dead-connection detection). */
  pingMs?: number;
  /** Close the socket this long after the last handler left (route changes should not reconnect). */
  idleCloseMs?: number;
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 30_000;
const PONG_TIMEOUT_MS = 10_000;
/** "Just the current lot, no history": a seq above any lot's. */
const SNAPSHOT_ONLY = Number.MAX_SAFE_INTEGER;

export function createLiveSocket(options: LiveSocketOptions) {
  const WS = options.WebSocket ?? WebSocket;
  const pingMs = options.pingMs ?? 25_000;
  const idleCloseMs = options.idleCloseMs ?? 5_000;

  const lotHandlers = new Map<string, Set<(e: LotEvent) => void>>();
  const userHandlers = new Set<(e: UserEvent) => void>();
  /** Other channels joined by name (a chat conversation's, the staff chat channel): no seq, no replay. */
  const channelHandlers = new Map<string, Set<(e: AnyEventMessage) => void>>();
  /** Called each time the server confirms a named channel (first join and every re-join after a drop). */
  const joinedListeners = new Map<string, Set<() => void>>();
  const statusListeners = new Set<(s: LiveStatus) => void>();
  /** Highest seq applied per lot: sent as `since` on re-subscribe, and the floor for dropping stale events. */
  const lastSeq = new Map<string, number>();
  /** `since` to send with a lot's first subscribe (a caller that loaded the history over REST knows it). */
  const initialSince = new Map<string, number>();

  let ws: WebSocket | null = null;
  let status: LiveStatus = 'idle';
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongDeadline: ReturnType<typeof setTimeout> | undefined;
  let pingSentAt = 0;
  let clockOffset = 0;
  let authToken: string | null = null;

  const setStatus = (next: LiveStatus) => {
    if (status === next) return;
    status = next;
    for (const l of statusListeners) l(next);
  };
  const hasHandlers = () => lotHandlers.size > 0 || userHandlers.size > 0 || channelHandlers.size > 0;
  const send = (message: ClientMessageInput) => {
    if (ws?.readyState === WS.OPEN) ws.send(JSON.stringify(message));
  };
  const sinceFor = (lotId: string) => lastSeq.get(lotId) ?? initialSince.get(lotId) ?? SNAPSHOT_ONLY;

  function subscribeLots(lotIds: string[]) {
    // The server caps a message at 200 channels.
    for (let i = 0; i < lotIds.length; i += 200) {
      const batch = lotIds.slice(i, i + 200);
      send({
        type: 'subscribe',
        channels: batch.map((id) => `lot:${id}`),
        since: Object.fromEntries(batch.map((id) => [id, sinceFor(id)])),
      });
    }
  }

  function ping() {
    pingSentAt = Date.now();
    send({ type: 'ping' });
    clearTimeout(pongDeadline);
    // No pong in time: the connection is dead even if the browser has not noticed (sleep, network change).
    pongDeadline = setTimeout(() => ws?.close(4000, 'pong timeout'), PONG_TIMEOUT_MS);
  }

  function connect() {
    clearTimeout(reconnectTimer);
    if (ws || !hasHandlers()) return;
    setStatus(attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = new WS(options.url);
    ws = socket;
    socket.onopen = () => {
      attempt = 0;
      setStatus('open');
      authToken = options.readToken();
      if (authToken) send({ type: 'auth', token: authToken });
      subscribeLots([...lotHandlers.keys()]);
      // After `auth`: the server handles a socket's messages in order, and the staff channel needs the session.
      if (channelHandlers.size > 0) send({ type: 'subscribe', channels: [...channelHandlers.keys()] });
      ping();
      pingTimer = setInterval(ping, pingMs);
    };
    socket.onmessage = (e: MessageEvent) => onMessage(String(e.data));
    socket.onclose = (e: CloseEvent) => {
      if (ws !== socket) return;
      ws = null;
      clearInterval(pingTimer);
      clearTimeout(pongDeadline);
      if (e.code === LIVE_CLOSE_NORMAL || !hasHandlers()) return setStatus('idle');
      scheduleReconnect();
    };
  }

  function scheduleReconnect() {
    setStatus('reconnecting');
    // Full jitter: after a server restart thousands of tabs must not come back in the same second.
    const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
    attempt += 1;
    reconnectTimer = setTimeout(connect, cap / 2 + Math.random() * (cap / 2));
  }

  function onMessage(raw: string) {
    let message: ServerMessage;
    try {
      message = JSON.parse(raw) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'pong') {
      clearTimeout(pongDeadline);
      // Half the round trip is the best guess of when the server read its clock.
      const now = Date.now();
      clockOffset = message.serverNow - (pingSentAt + now) / 2;
      return;
    }
    if (message.type === 'subscribed') {
      for (const channel of message.channels) for (const l of joinedListeners.get(channel) ?? []) l();
      return;
    }
    if (message.type !== 'event') return;
    const event = message as AnyEventMessage;
    const named = channelHandlers.get(event.channel);
    if (named) {
      for (const h of named) h(event);
      return;
    }
    if (event.channel.startsWith('user:')) {
      for (const h of userHandlers) h(event as UserEvent);
      return;
    }
    const lotEvent = event as LotEvent;
    const { lotId, seq } = lotEvent.data;
    const floor = lastSeq.get(lotId);
    // A history line at or below the floor was already applied; a snapshot below it is older than what is shown.
    if (floor !== undefined && (lotEvent.event === 'lot.bid' ? seq <= floor : seq < floor)) return;
    lastSeq.set(lotId, Math.max(floor ?? 0, seq));
    for (const h of lotHandlers.get(lotId) ?? []) h(lotEvent);
  }

  function retain() {
    clearTimeout(idleTimer);
    if (!ws) {
      attempt = 0;
      connect();
    }
  }

  function release() {
    if (hasHandlers()) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (hasHandlers()) return;
      clearTimeout(reconnectTimer);
      const socket = ws;
      ws = null;
      clearInterval(pingTimer);
      clearTimeout(pongDeadline);
      socket?.close(LIVE_CLOSE_NORMAL);
      setStatus('idle');
    }, idleCloseMs);
  }

  return {
    /**
     * Live events of one lot until the returned function is called. `since`: the highest seq the caller already
     * shows (e.g. the last line of the bid history it fetched); without it the first message is a fresh
     * lot.updated (no history replay).
     */
    subscribeLot(lotId: string, handler: (e: LotEvent) => void, opts: { since?: number } = {}): () => void {
      const id = lotId.toLowerCase();
      let set = lotHandlers.get(id);
      const first = !set;
      if (!set) lotHandlers.set(id, (set = new Set()));
      set.add(handler);
      if (first) {
        if (opts.since !== undefined) initialSince.set(id, opts.since);
        subscribeLots([id]);
      }
      retain();
      return () => {
        const current = lotHandlers.get(id);
        if (!current?.delete(handler) || current.size > 0) return;
        lotHandlers.delete(id);
        lastSeq.delete(id);
        initialSince.delete(id);
        send({ type: 'unsubscribe', channels: [`lot:${id}`] });
        release();
      };
    },

    /** The signed-in user's private events (outbid/leading, new notifications) until the returned function is called. */
    subscribeUser(handler: (e: UserEvent) => void): () => void {
      userHandlers.add(handler);
      retain();
      return () => {
        userHandlers.delete(handler);
        release();
      };
    },

    /**
     * Events of one named channel (`chat:<key>`, `staff:chat`) until the returned function is called. They are not
     * replayed after a reconnect: the caller refetches (the status listener says when the socket is open again).
     */
    subscribeChannel(
      channel: string,
      handler: (e: AnyEventMessage) => void,
      opts: { onJoined?: () => void } = {},
    ): () => void {
      let set = channelHandlers.get(channel);
      const { onJoined } = opts;
      if (onJoined) {
        let listeners = joinedListeners.get(channel);
        if (!listeners) joinedListeners.set(channel, (listeners = new Set()));
        listeners.add(onJoined);
      }
      if (!set) {
        channelHandlers.set(channel, (set = new Set()));
        send({ type: 'subscribe', channels: [channel] });
      } else if (onJoined && status === 'open') {
        // Already joined by another handler: no new confirmation will come, so this one is told now.
        onJoined();
      }
      set.add(handler);
      retain();
      return () => {
        const listeners = onJoined ? joinedListeners.get(channel) : undefined;
        if (listeners && onJoined) {
          listeners.delete(onJoined);
          if (listeners.size === 0) joinedListeners.delete(channel);
        }
        const current = channelHandlers.get(channel);
        if (!current?.delete(handler) || current.size > 0) return;
        channelHandlers.delete(channel);
        send({ type: 'unsubscribe', channels: [channel] });
        release();
      };
    },

    /** Call after sign-in or sign-out: reconnects when the stored token changed, so the socket joins the right user. */
    refreshAuth(): void {
      if (options.readToken() === authToken || !ws) return;
      const socket = ws;
      ws = null;
      clearInterval(pingTimer);
      clearTimeout(pongDeadline);
      socket.close(LIVE_CLOSE_NORMAL);
      attempt = 0;
      connect();
    },

    /** Back online (or the tab woke up): retry now instead of waiting out the backoff. */
    wake(): void {
      if (status !== 'reconnecting' || ws) return;
      attempt = 0;
      connect();
    },

    onStatus(listener: (s: LiveStatus) => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    get status(): LiveStatus {
      return status;
    },
    /** Server clock minus this clock, in ms, from the last pong (0 until the first one). */
    serverClockOffset(): number {
      return clockOffset;
    },
  };
}
export type LiveSocket = ReturnType<typeof createLiveSocket>;

let shared: LiveSocket | undefined;

/** The tab's one live socket, at `<API base>/live` (same origin as the page unless VITE_API_BASE_URL says otherwise). */
export function liveSocket(): LiveSocket {
  if (!shared) {
    const url = new URL(`${env.apiBaseUrl}/live`, window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = createLiveSocket({ url: url.toString(), readToken });
    shared = socket;
    setSocketClock(() => socket.serverClockOffset());
    window.addEventListener('online', () => socket.wake());
    // Sign-in and sign-out change the stored token: rejoin as the right user (or as nobody).
    useAuthStore.subscribe(() => socket.refreshAuth());
  }
  return shared;
}

export const subscribeLot = (lotId: string, handler: (e: LotEvent) => void, opts?: { since?: number }) =>
  liveSocket().subscribeLot(lotId, handler, opts);
export const subscribeUser = (handler: (e: UserEvent) => void) => liveSocket().subscribeUser(handler);
export const subscribeChannel = (
  channel: string,
  handler: (e: AnyEventMessage) => void,
  opts?: { onJoined?: () => void },
) => liveSocket().subscribeChannel(channel, handler, opts);
