import crypto from 'node:crypto';
import WebSocket from 'ws';
import { LIVE_PATH, type ClientMessageInput, type ServerMessage } from '@knotwork/shared/realtime/protocol';
import type { FastifyInstance } from 'fastify';
import { users } from '../../src/db/schema/index.ts';

/** A test user with a live access token, inserted directly (no sign-up flow needed to test sockets). */
export async function createUserWithToken(app: FastifyInstance) {
  const [user] = await app.ctx.db
    .insert(users)
    .values({
      firstName: 'Ada',
      lastName: 'Watcher',
      email: `watcher-${crypto.randomUUID()}@example.com`,
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const { token, sessionId } = await app.ctx.tokens.issue(user!.id);
  return { userId: user!.id, token, sessionId };
}

/**
 * A `ws` client that records every frame, so a test can await the next message matching a predicate (or
 * assert that none arrives) without racing the socket.
 */
export class LiveTestClient {
  readonly received: ServerMessage[] = [];
  private waiters: { match: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  private cursor = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      // The default binaryType ('nodebuffer') hands us one Buffer, fragments already joined.
      const text = Buffer.isBuffer(raw)
        ? raw.toString()
        : Buffer.concat(Array.isArray(raw) ? raw : [Buffer.from(raw)]).toString();
      const message = JSON.parse(text) as ServerMessage;
      this.received.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(message)) return true;
        w.resolve(message);
        return false;
      });
    });
  }

  static async connect(origin: string): Promise<LiveTestClient> {
    const ws = new WebSocket(origin.replace(/^http/, 'ws') + LIVE_PATH);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new LiveTestClient(ws);
  }

  send(message: ClientMessageInput | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(message));
  }

  sendRaw(data: string | Buffer, binary = false): void {
    this.ws.send(data, { binary });
  }

  /** The first message after the previous `next` (or an already received one) that matches. */
  next(match: (m: ServerMessage) => boolean = () => true, timeoutMs = 5_000): Promise<ServerMessage> {
    for (let i = this.cursor; i < this.received.length; i++) {
      if (match(this.received[i]!)) {
        this.cursor = i + 1;
        return Promise.resolve(this.received[i]!);
      }
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no matching live message within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`,
            ),
          ),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          this.cursor = this.received.length;
          resolve(m);
        },
      });
    });
  }

  nextOfType<T extends ServerMessage['type']>(type: T, timeoutMs?: number) {
    return this.next((m) => m.type === type, timeoutMs) as Promise<Extract<ServerMessage, { type: T }>>;
  }

  /** Sends a ping and waits for the pong: every message sent before it has been handled. */
  async roundTrip(): Promise<void> {
    this.send({ type: 'ping' });
    await this.nextOfType('pong');
  }

  eventsOn(channel: string) {
    return this.received.filter(
      (m): m is Extract<ServerMessage, { type: 'event' }> => m.type === 'event' && m.channel === channel,
    );
  }

  closed(): Promise<{ code: number; reason: string }> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve({ code: -1, reason: '' });
    return new Promise((resolve) =>
      this.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    const done = this.closed();
    this.ws.close();
    await done;
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An open lot on a new rug in a new sale (opening bid 100 units, no reserve), times relative to the DB clock. */
export async function createOpenLot(database: { query<T>(sql: string, params?: unknown[]): Promise<T[]> }) {
  const tag = crypto.randomBytes(4).toString('hex');
  const [rug] = await database.query<{ id: string }>(
    `insert into rugs (slug, title, origin_country, origin_region, style, age_class, width_cm, length_cm, shape,
       condition_grade, estimate_low, estimate_high, status)
     values ($1, 'Live Heriz', 'Iran', 'Heriz', 'persian', 'antique', 200, 300, 'rectangle', 'good', 100000, 200000, 'available')
     returning id`,
    [`live-rug-${tag}`],
  );
  const [auction] = await database.query<{ id: string }>(
    `insert into auctions (slug, title, status, starts_at, ends_at) values ($1, 'Live Sale', 'open', now() - interval '1 hour', now() + interval '1 hour')
     returning id`,
    [`live-sale-${tag}`],
  );
  const [lot] = await database.query<{ id: string }>(
    `insert into lots (auction_id, rug_id, lot_number, opening_bid, estimate_low, estimate_high, status, starts_at, ends_at)
     values ($1, $2, 1, 10000, 100000, 200000, 'open', now() - interval '1 hour', now() + interval '1 hour') returning id`,
    [auction!.id, rug!.id],
  );
  return lot!.id;
}

/** POST /api/v1/rug/add-offer/:lotId over HTTP (a real bid through the bidding core). */
export async function placeBid(origin: string, lotId: string, amount: number, token: string) {
  const res = await fetch(`${origin}/api/v1/rug/add-offer/${lotId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ amount }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
