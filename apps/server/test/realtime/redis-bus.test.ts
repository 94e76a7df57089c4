import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotChannel, userChannel, type Channel, type ServerEvent } from '@knotwork/shared/realtime/events';
import type { EventBus } from '../../src/realtime/bus.ts';
import { createRedisLink, type RedisLink } from '../../src/lib/redis-client.ts';
import { createRedisBus } from '../../src/realtime/redis-bus.ts';
import { registry } from '../../src/plugins/metrics-registry.ts';
import { REDIS_TEST_URL, redisReachable } from './redis-available.ts';
import { fakeLine, fakeLot } from './payloads.ts';

const available = await redisReachable();
if (!available)
  console.warn(`Redis bus tests skipped: nothing answers at ${REDIS_TEST_URL} (set REDIS_TEST_URL).`);

describe.skipIf(!available)('Redis event bus (two processes simulated by two bus instances)', () => {
  // A prefix of its own per run: parallel runs and real servers on the same Redis never hear these events.
  const prefix = `knotwork-test-${crypto.randomBytes(4).toString('hex')}:`;
  const log = { error: () => undefined, warn: () => undefined, info: () => undefined };
  // One link per simulated process.
  const links: RedisLink[] = [];
  const link = () => {
    const l = createRedisLink(REDIS_TEST_URL, log);
    links.push(l);
    return l;
  };
  let a: EventBus;
  let b: EventBus;
  let other: EventBus;
  beforeAll(async () => {
    a = createRedisBus({ link: link(), prefix, log });
    b = createRedisBus({ link: link(), prefix, log });
    other = createRedisBus({ link: link(), prefix: `${prefix}other:`, log });
    // Redis pub/sub keeps nothing: an instance hears only what is published after its own subscription is
    // confirmed, so every instance must be listening before the first publish (a loaded CI machine is slow here).
    await Promise.all([a.ready(), b.ready(), other.ready()]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close(), other.close()]);
    await Promise.all(links.map((l) => l.close()));
  });

  const collect = (bus: EventBus) => {
    const got: ServerEvent[] = [];
    bus.onEvent((e) => got.push(e));
    return got;
  };
  const until = async (check: () => boolean, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  /** Observations of the cross-process delay histogram so far. */
  const busDelayCount = async () => {
    const text = await registry.getSingleMetricAsString('knotwork_live_bus_delay_seconds');
    return Number(/^knotwork_live_bus_delay_seconds_count (\d+)$/m.exec(text)?.[1] ?? 0);
  };

  it('carries events published on one instance to every instance, in order, with channel and data intact', async () => {
    const delaysBefore = await busDelayCount();
    const atA = collect(a);
    const atB = collect(b);
    const atOther = collect(other);
    const lotId = crypto.randomUUID();
    const userId = crypto.randomUUID();
    for (let seq = 1; seq <= 20; seq++)
      await a.publish(lotChannel(lotId), 'lot.bid', { lotId, seq, entry: fakeLine(seq) });
    await a.publish(userChannel(userId), 'lot.position', { lotId, leading: false, myMaxBid: 1200 });
    await until(() => atB.length === 21 && atA.length === 21);
    expect(atB.slice(0, 20).map((e) => (e.data as { seq: number }).seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(atB[0]).toEqual({
      event: 'lot.bid',
      channel: lotChannel(lotId),
      data: { lotId, seq: 1, entry: fakeLine(1) },
    });
    expect(atB[20]).toEqual({
      event: 'lot.position',
      channel: userChannel(userId),
      data: { lotId, leading: false, myMaxBid: 1200 },
    });
    // The publisher hears its own events (delivered locally first, not again through Redis), in the same order...
    expect(atA).toEqual(atB);
    // Each event that crossed Redis was timed once, by the process it reached (b); a's own came back unused.
    expect((await busDelayCount()) - delaysBefore).toBe(21);
    // ...and a bus with another prefix hears nothing.
    await new Promise((r) => setTimeout(r, 100));
    expect(atOther).toEqual([]);
  });

  it('stops delivering to a listener that unsubscribed', async () => {
    const got: ServerEvent[] = [];
    const off = b.onEvent((e) => got.push(e));
    const lotId = crypto.randomUUID();
    await a.publish(lotChannel(lotId), 'lot.updated', { lotId, seq: 1, lot: fakeLot() });
    await until(() => got.length === 1);
    off();
    await a.publish(lotChannel(lotId), 'lot.updated', { lotId, seq: 2, lot: fakeLot() });
    const check: ServerEvent[] = [];
    b.onEvent((e) => check.push(e));
    await a.publish(lotChannel(lotId), 'lot.updated', { lotId, seq: 3, lot: fakeLot() });
    await until(() => check.length >= 1);
    expect(got).toHaveLength(1);
  });

  it('when one process could not publish, the others are told which channels to resync once it is back', async () => {
    const admin = new Redis(REDIS_TEST_URL);
    const publisherIds = async () =>
      new Set(
        String(await admin.client('LIST'))
          .split('\n')
          .filter((l) => l.includes('name=knotwork:live-bus-publisher'))
          .map((l) => /\bid=(\d+)/.exec(l)![1]!),
      );
    try {
      const before = await publisherIds();
      const cutOff = createRedisBus({ link: link(), prefix, log });
      await cutOff.ready();
      await until(() => links.at(-1)!.up);
      const [own] = [...(await publisherIds())].filter((id) => !before.has(id));
      const resyncs: (ReadonlySet<Channel> | null)[] = [];
      b.onResync((channels) => resyncs.push(channels));
      const heardLocally: ServerEvent[] = [];
      cutOff.onEvent((e) => heardLocally.push(e));

      const lotId = crypto.randomUUID();
      // Only this process's publisher connection drops; every other connection, B's included, stays up.
      await admin.client('KILL', 'ID', own!);
      const end = Date.now() + 5_000;
      let seq = 0;
      while (!resyncs.some((c) => c?.has(lotChannel(lotId))) && Date.now() < end) {
        await cutOff.publish(lotChannel(lotId), 'lot.updated', { lotId, seq: ++seq, lot: fakeLot() });
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(resyncs.some((c) => c?.has(lotChannel(lotId)))).toBe(true);
      // Its own watchers heard every event, Redis or not.
      expect(heardLocally).toHaveLength(seq);
      await cutOff.close();
    } finally {
      admin.disconnect();
    }
  });
});
