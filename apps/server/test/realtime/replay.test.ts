import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lotChannel } from '@knotwork/shared/realtime/events';
import type { ServerMessage } from '@knotwork/shared/realtime/protocol';
import type { LiveReplay } from '../../src/realtime/replay.ts';
import { createLotReplay } from '../../src/realtime/lot-replay.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createOpenLot, createUserWithToken, LiveTestClient, placeBid, sleep } from './helpers.ts';
import { fakeLine, fakeLot } from './payloads.ts';

type EventFrame = Extract<ServerMessage, { type: 'event' }>;
const seqOf = (m: EventFrame) => (m.data as { seq: number }).seq;

describe('live socket: replay on (re)subscribe with since', () => {
  let t: TestApp;
  let replayOverride: LiveReplay | undefined;
  let origin: string;
  const clients: LiveTestClient[] = [];
  const connect = async () => {
    const c = await LiveTestClient.connect(origin);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    // The seam for replays that are slow or fail: unset, the real replay over the lot tables answers.
    t = await createTestApp(
      {},
      {
        liveReplay: (lotId, sinceSeq, limit) =>
          (replayOverride ?? createLotReplay(t.database.db))(lotId, sinceSeq, limit),
      },
    );
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(() => t.close());

  it('sends what a reconnecting client missed from lot_events, then the current lot, exactly as live watchers saw it', async () => {
    const lotId = await createOpenLot(t.database);
    const channel = lotChannel(lotId);
    const [alice, bob] = [await createUserWithToken(t.app), await createUserWithToken(t.app)];

    const steady = await connect();
    steady.send({ type: 'subscribe', channels: [channel] });
    await steady.nextOfType('subscribed');
    const leaving = await connect();
    leaving.send({ type: 'subscribe', channels: [channel] });
    await leaving.nextOfType('subscribed');

    expect(await placeBid(origin, lotId, 30_000, alice.token)).toMatchObject({ status: 201 });
    const seen = (await leaving.next((m) => m.type === 'event' && m.event === 'lot.updated')) as EventFrame;
    const lastSeq = seqOf(seen);
    await leaving.close();

    // Missed: Bob outbids (Alice's proxy answers), Alice raises, Bob tries again.
    for (const [amount, who] of [
      [40_000, bob],
      [60_000, alice],
      [55_000, bob],
    ] as const) {
      expect(await placeBid(origin, lotId, amount, who.token)).toMatchObject({ status: 201 });
    }
    // The bidding core publishes before it answers, so after a round trip the steady watcher has seen everything.
    await steady.roundTrip();
    const latest = steady
      .eventsOn(channel)
      .filter((m) => m.event === 'lot.updated')
      .at(-1)!;
    const missed = steady.eventsOn(channel).filter((m) => m.event === 'lot.bid' && seqOf(m) > lastSeq);
    expect(missed.length).toBeGreaterThanOrEqual(3);

    const back = await connect();
    back.send({ type: 'subscribe', channels: [channel], since: { [lotId]: lastSeq } });
    await back.nextOfType('subscribed');
    const snapshot = (await back.next((m) => m.type === 'event' && m.event === 'lot.updated')) as EventFrame;
    const replayed = back.eventsOn(channel);
    // The history lines, in order and identical to the live ones (pseudonyms included), then the fresh lot.
    expect(replayed.slice(0, -1)).toEqual(missed);
    const highest = Math.max(...steady.eventsOn(channel).map(seqOf));
    expect(seqOf(snapshot)).toBe(highest);
    const { serverNow: _a, ...current } = (latest.data as { lot: Record<string, unknown> }).lot;
    const { serverNow: _b, ...replayedLot } = (snapshot.data as { lot: Record<string, unknown> }).lot;
    expect(replayedLot).toEqual(current);
    expect(replayedLot.currentBid).toBe(60_000);

    // Afterwards the socket is live like any other.
    expect(await placeBid(origin, lotId, 80_000, bob.token)).toMatchObject({ status: 201 });
    const live = (await back.next((m) => m.type === 'event' && m.event === 'lot.bid')) as EventFrame;
    expect(seqOf(live)).toBeGreaterThan(highest);
  });

  it('replays nothing but the current lot when nothing was missed, and nothing for an unknown lot', async () => {
    const lotId = await createOpenLot(t.database);
    const c = await connect();
    c.send({ type: 'subscribe', channels: [lotChannel(lotId)], since: { [lotId]: 0 } });
    const snapshot = (await c.next((m) => m.type === 'event')) as EventFrame;
    expect(snapshot).toMatchObject({
      event: 'lot.updated',
      data: { lotId, seq: 0, lot: { id: lotId, currentBid: null, bidCount: 0 } },
    });

    const unknown = crypto.randomUUID();
    c.send({ type: 'subscribe', channels: [lotChannel(unknown)], since: { [unknown]: 4 } });
    await c.nextOfType('subscribed');
    await c.roundTrip();
    expect(c.eventsOn(lotChannel(unknown))).toEqual([]);
  });

  it('holds live events back during the replay and drops those the replay already covered', async () => {
    const lotId = crypto.randomUUID();
    const channel = lotChannel(lotId);
    const bidEvent = (seq: number) => ({ lotId, seq, entry: fakeLine(seq) });
    // A replay that takes a while, during which the lot moves on: seq 6 and 7 are published live while it reads
    // (6 is in its answer), 8 after it read.
    const slowReplay: LiveReplay = async (id, since) => {
      expect([id, since]).toEqual([lotId, 4]);
      await t.app.ctx.bus.publish(channel, 'lot.bid', bidEvent(6));
      await t.app.ctx.bus.publish(channel, 'lot.updated', {
        lotId,
        seq: 6,
        lot: fakeLot({ currentBid: 600 }),
      });
      await sleep(50);
      await t.app.ctx.bus.publish(channel, 'lot.bid', bidEvent(7));
      return {
        events: [
          { event: 'lot.bid', data: bidEvent(5) },
          { event: 'lot.bid', data: bidEvent(6) },
        ],
        updated: { lotId, seq: 6, lot: fakeLot({ currentBid: 600 }) },
      };
    };
    replayOverride = slowReplay;
    try {
      const c = await connect();
      c.send({ type: 'subscribe', channels: [channel], since: { [lotId]: 4 } });
      await c.next((m) => m.type === 'event' && seqOf(m) === 7);
      await t.app.ctx.bus.publish(channel, 'lot.bid', bidEvent(8));
      await c.next((m) => m.type === 'event' && seqOf(m) === 8);
      expect(c.eventsOn(channel).map((m) => `${m.event}#${seqOf(m)}`)).toEqual([
        'lot.bid#5',
        'lot.bid#6',
        'lot.updated#6',
        'lot.bid#7',
        'lot.bid#8',
      ]);
    } finally {
      replayOverride = undefined;
    }
  });

  it('reports a failed replay and still delivers live events', async () => {
    const lotId = crypto.randomUUID();
    replayOverride = () => Promise.reject(new Error('database went away'));
    const logError = vi.spyOn(t.app.log, 'error').mockImplementation(() => undefined);
    try {
      const c = await connect();
      c.send({ type: 'subscribe', channels: [lotChannel(lotId)], since: { [lotId]: 1 } });
      expect(await c.nextOfType('error')).toMatchObject({
        code: 'replay_failed',
        channels: [lotChannel(lotId)],
      });
      await t.app.ctx.bus.publish(lotChannel(lotId), 'lot.bid', { lotId, seq: 2, entry: fakeLine(2) });
      expect(await c.nextOfType('event')).toMatchObject({ event: 'lot.bid', data: { seq: 2 } });
      expect(logError).toHaveBeenCalledTimes(1);
    } finally {
      replayOverride = undefined;
    }
  });
});
