import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LIVE_PATH } from '@knotwork/shared/realtime/protocol';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createOpenLot, createUserWithToken, placeBid, sleep } from './helpers.ts';

/**
 * The web app's live client (apps/web/src/lib/live-socket.ts) against the real server, with `ws` standing in for
 * the browser's WebSocket. Imported by path at run time: it is browser code, type-checked by the web project.
 */
interface LotEventLike {
  event: string;
  data: { seq: number; lot?: { currentBid: number | null }; leading?: boolean };
}
interface ClientModule {
  createLiveSocket(options: {
    url: string;
    readToken(): string | null;
    WebSocket: unknown;
    pingMs?: number;
    idleCloseMs?: number;
  }): {
    subscribeLot(lotId: string, handler: (e: LotEventLike) => void, opts?: { since?: number }): () => void;
    subscribeUser(handler: (e: LotEventLike) => void): () => void;
    subscribeChannel(
      channel: string,
      handler: (e: unknown) => void,
      opts?: { onJoined?: () => void },
    ): () => void;
    serverClockOffset(): number;
    readonly status: string;
  };
}

const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
};

describe('web live client (live-socket.ts) against the server', () => {
  let t: TestApp;
  let origin: string;
  let client: ClientModule;

  beforeAll(async () => {
    // Browser globals the web modules read when imported.
    const store = new Map<string, string>();
    (globalThis as Record<string, unknown>).localStorage ??= {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    };
    const modulePath = '../../../web/src/lib/live-socket.ts';
    client = (await import(/* @vite-ignore */ modulePath)) as ClientModule;
    t = await createTestApp();
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('gets a fresh snapshot, live bids, the clock offset, and after a dropped connection replays what it missed without duplicates', async () => {
    const lotId = await createOpenLot(t.database);
    const [alice, bob] = [await createUserWithToken(t.app), await createUserWithToken(t.app)];
    let token: string | null = alice.token;
    const live = client.createLiveSocket({
      url: origin.replace('http', 'ws') + LIVE_PATH,
      readToken: () => token,
      WebSocket,
      pingMs: 200,
    });
    const lotEvents: LotEventLike[] = [];
    const userEvents: LotEventLike[] = [];
    const offLot = live.subscribeLot(lotId, (e) => lotEvents.push(e));
    const offUser = live.subscribeUser((e) => userEvents.push(e));

    // First message: the current lot (no history replay without `since`).
    await until(() => lotEvents.length === 1);
    expect(lotEvents[0]).toMatchObject({ event: 'lot.updated', data: { seq: 0, lot: { currentBid: null } } });
    expect(await placeBid(origin, lotId, 30_000, alice.token)).toMatchObject({ status: 201 });
    await until(() => lotEvents.some((e) => e.event === 'lot.updated' && e.data.lot?.currentBid === 10_000));
    await until(() => live.status === 'open' && Math.abs(live.serverClockOffset()) > 0);
    expect(Math.abs(live.serverClockOffset())).toBeLessThan(100);

    // The network drops: every server-side socket dies. Bids land meanwhile.
    for (const s of t.app.websocketServer.clients) s.terminate();
    await until(() => live.status === 'reconnecting');
    expect(await placeBid(origin, lotId, 50_000, bob.token)).toMatchObject({ status: 201 });
    expect(await placeBid(origin, lotId, 70_000, bob.token)).toMatchObject({ status: 201 });
    await until(
      () => lotEvents.some((e) => e.event === 'lot.updated' && e.data.lot?.currentBid === 32_000),
      10_000,
    );
    // Private events are not replayed (the app refetches the user's own state when the status returns to
    // 'open'), but after the reconnect Alice is back on her user channel, re-authenticated with the stored token.
    expect(userEvents.filter((e) => e.event === 'lot.position')).toHaveLength(1);
    expect(await placeBid(origin, lotId, 90_000, alice.token)).toMatchObject({ status: 201 });
    await until(() =>
      userEvents.some(
        (e) => e.event === 'lot.position' && e.data.leading === true && userEvents.indexOf(e) > 0,
      ),
    );
    await until(() => lotEvents.some((e) => e.event === 'lot.updated' && e.data.lot?.currentBid === 75_000));

    const bidSeqs = lotEvents.filter((e) => e.event === 'lot.bid').map((e) => e.data.seq);
    expect(bidSeqs).toEqual([...bidSeqs].sort((a, b) => a - b));
    expect(new Set(bidSeqs).size).toBe(bidSeqs.length);
    const updates = lotEvents.filter((e) => e.event === 'lot.updated').map((e) => e.data.seq);
    expect(updates).toEqual([...updates].sort((a, b) => a - b));
    offLot();
    offUser();
    token = null;
  });

  it("tells a named channel's follower each time the server confirms it, so the page can refetch what it may have missed", async () => {
    const live = client.createLiveSocket({
      url: origin.replace('http', 'ws') + LIVE_PATH,
      readToken: () => null,
      WebSocket,
    });
    const channel = `live:${crypto.randomUUID()}`;
    let firstJoins = 0;
    let secondJoins = 0;
    const offFirst = live.subscribeChannel(channel, () => undefined, { onJoined: () => (firstJoins += 1) });
    await until(() => firstJoins === 1);
    // A second follower of a channel already joined is told at once (no new confirmation will come).
    const offSecond = live.subscribeChannel(channel, () => undefined, { onJoined: () => (secondJoins += 1) });
    expect(secondJoins).toBe(1);

    // After a drop, the re-join is confirmed again: both are told.
    for (const s of t.app.websocketServer.clients) s.terminate();
    await until(() => live.status === 'reconnecting');
    await until(() => firstJoins === 2 && secondJoins === 2, 10_000);
    // A follower that left is not told any more.
    offSecond();
    for (const s of t.app.websocketServer.clients) s.terminate();
    await until(() => firstJoins === 3, 10_000);
    expect(secondJoins).toBe(2);
    offFirst();
  });
});
