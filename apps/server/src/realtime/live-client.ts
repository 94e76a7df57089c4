import WebSocket from 'ws';
import type { Channel } from '@knotwork/shared/realtime/events';
import {
  LIVE_CLOSE_RESYNC,
  LIVE_CLOSE_SLOW_CONSUMER,
  type ServerMessage,
} from '@knotwork/shared/realtime/protocol';

/** Backpressure limits per socket (bytes the kernel and `ws` still hold for it). */
export interface SlowConsumerLimits {
  /** Above this, events for the socket are skipped instead of queued. */
  skipAboveBytes: number;
  /** Above this, or after `maxSkipped` skipped events, the socket is closed. */
  closeAboveBytes: number;
  maxSkipped: number;
}

export const DEFAULT_SLOW_CONSUMER_LIMITS: SlowConsumerLimits = {
  skipAboveBytes: 256 * 1024,
  closeAboveBytes: 1024 * 1024,
  maxSkipped: 50,
};

/** A live event serialised once: the JSON payload, the complete WebSocket frame, and its lot seq (null for user events). */
export interface EncodedEvent {
  payload: Buffer;
  frame: Buffer;
  seq: number | null;
}

/** The TCP socket under a `ws` WebSocket (a private field, stable across ws 8): written to directly by the fan-out. */
type RawSocket = { write(data: Buffer): boolean };
function rawSocketOf(ws: WebSocket): RawSocket | null {
  const socket = (ws as unknown as { _socket?: RawSocket })._socket;
  return socket && typeof socket.write === 'function' ? socket : null;
}

/**
 * One connected socket: its user (after `auth`), its channels and the lot channels whose replay is in flight.
 * Kept small on purpose (the fan-out goal is a few KB of heap per watcher): the replay buffer map exists only
 * while a replay runs.
 */
export class LiveClient {
  userId: string | null = null;
  /** The session of the token that joined the user channel (signed out when it is revoked). */
  sessionId: string | null = null;
  /** Signed in as staff: may join the staff chat channel (checked when `auth` is sent, as the user channel). */
  staff = false;
  /** Signed in as staff who read the dashboard: may join `staff:dashboard` (its refetch nudges). */
  dashboard = false;
  readonly channels = new Set<Channel>();
  /** Answered the last heartbeat ping (or sent something since). */
  alive = true;
  /** Messages received but not yet handled (they are handled one at a time, in order). */
  pending = 0;
  private queue: Promise<void> = Promise.resolve();
  private replaying: Map<Channel, EncodedEvent[]> | null = null;
  private skipped = 0;
  private closing = false;

  constructor(
    readonly ws: WebSocket,
    private readonly limits: SlowConsumerLimits,
    private readonly onSlow: (client: LiveClient) => void,
  ) {}

  get open(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Runs message handlers strictly in arrival order, so `auth` completes before a `subscribe` sent right after it. */
  enqueue(task: () => Promise<void>): void {
    this.pending += 1;
    this.queue = this.queue.then(task).finally(() => {
      this.pending -= 1;
    });
  }

  /** A protocol message to this socket alone (acks, errors, replayed events). */
  reply(message: ServerMessage): void {
    const payload = Buffer.from(JSON.stringify(message));
    if (this.writable()) this.ws.send(payload, { binary: false });
  }

  /**
   * Live events from the fan-out (`frames`: their complete frames joined): held back while this lot's replay
   * runs, written otherwise.
   */
  deliver(channel: Channel, events: readonly EncodedEvent[], frames: Buffer): void {
    const held = this.replaying?.get(channel);
    if (held) held.push(...events);
    else this.writeFrames(frames, events);
  }

  /** Live events for `channel` are buffered from now until `endReplay`. */
  beginReplay(channel: Channel): void {
    (this.replaying ??= new Map()).set(channel, []);
  }

  /**
   * Replay done: send the live events that arrived meanwhile, except those the replay already covered
   * (seq <= lastSeq), so a reconnecting client never steps back to an older price.
   */
  endReplay(channel: Channel, lastSeq: number | null): void {
    const held = this.replaying?.get(channel);
    if (!held) return;
    this.replaying!.delete(channel);
    if (this.replaying!.size === 0) this.replaying = null;
    for (const event of held) {
      if (lastSeq !== null && event.seq !== null && event.seq <= lastSeq) continue;
      this.writeFrames(event.frame, [event]);
    }
  }

  /**
   * Whether to write to this socket now. A socket whose buffer is over the soft limit skips events; one that
   * skipped too many, or whose buffer passed the hard limit, is closed. A socket that skipped anything is
   * also closed once it could take data again: it has missed events, and reconnecting with `since` replays them
   * (cheaper and simpler than tracking gaps per socket).
   */
  private writable(): boolean {
    if (this.closing || !this.open) return false;
    const buffered = this.ws.bufferedAmount;
    if (buffered > this.limits.closeAboveBytes) {
      this.onSlow(this);
      return false;
    }
    if (buffered > this.limits.skipAboveBytes) {
      this.skipped += 1;
      if (this.skipped >= this.limits.maxSkipped) this.onSlow(this);
      return false;
    }
    if (this.skipped > 0) {
      this.onSlow(this);
      return false;
    }
    return true;
  }

  /**
   * Writes ready-made frames straight to the TCP socket: server frames are unmasked, so the same bytes suit every
   * recipient, and with compression off `ws` writes each frame whole and synchronously, so frames never
   * interleave with its own (pings, replies, close).
   */
  private writeFrames(frames: Buffer, events: readonly EncodedEvent[]): void {
    if (!this.writable()) return;
    const socket = rawSocketOf(this.ws);
    if (socket) socket.write(frames);
    else for (const e of events) this.ws.send(e.payload, { binary: false });
  }

  /** Returns false when the socket was already being closed. */
  closeAsSlow(): boolean {
    return this.closeToReplay(LIVE_CLOSE_SLOW_CONSUMER, 'slow consumer: reconnect');
  }

  /** The socket may have missed events (the bus lost Redis): it reconnects and replays with `since`. */
  closeForResync(): boolean {
    return this.closeToReplay(LIVE_CLOSE_RESYNC, 'resync: reconnect');
  }

  private closeToReplay(code: number, reason: string): boolean {
    if (this.closing) return false;
    this.closing = true;
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(code, reason);
    // A peer that stopped reading will not complete the close handshake; do not wait for it.
    setTimeout(() => this.ws.terminate(), 5_000).unref();
    return true;
  }
}
