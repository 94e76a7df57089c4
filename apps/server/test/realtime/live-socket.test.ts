import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lotChannel, userChannel } from '@knotwork/shared/realtime/events';
import {
  LIVE_CLOSE_SLOW_CONSUMER,
  LIVE_MAX_MESSAGE_BYTES,
  LIVE_MAX_SUBSCRIPTIONS,
} from '@knotwork/shared/realtime/protocol';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createUserWithToken, LiveTestClient, sleep } from './helpers.ts';
import { fakeLine } from './payloads.ts';

describe('live socket /api/v1/live', () => {
  let t: TestApp;
  let origin: string;
  const clients: LiveTestClient[] = [];
  const connect = async () => {
    const c = await LiveTestClient.connect(origin);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(() => t.close());

  const lot = () => crypto.randomUUID();
  const bid = (lotId: string, seq: number) => ({
    lotId,
    seq,
    entry: fakeLine(seq, seq * 1000),
  });

  it('answers ping with pong carrying the server clock', async () => {
    const c = await connect();
    const before = Date.now();
    c.send({ type: 'ping' });
    const pong = await c.nextOfType('pong');
    expect(pong.serverNow).toBeGreaterThanOrEqual(before);
    expect(pong.serverNow).toBeLessThanOrEqual(Date.now());
  });

  it('delivers events published on the bus to subscribers of the channel only, until they unsubscribe', async () => {
    const lotA = lot();
    const lotB = lot();
    const a = await connect();
    const b = await connect();
    a.send({ type: 'subscribe', channels: [lotChannel(lotA)] });
    expect(await a.nextOfType('subscribed')).toEqual({ type: 'subscribed', channels: [lotChannel(lotA)] });
    b.send({ type: 'subscribe', channels: [lotChannel(lotB)] });
    await b.nextOfType('subscribed');

    await t.app.ctx.bus.publish(lotChannel(lotA), 'lot.bid', bid(lotA, 1));
    expect(await a.nextOfType('event')).toEqual({
      type: 'event',
      event: 'lot.bid',
      channel: lotChannel(lotA),
      data: bid(lotA, 1),
    });

    a.send({ type: 'unsubscribe', channels: [lotChannel(lotA)] });
    await a.nextOfType('unsubscribed');
    await t.app.ctx.bus.publish(lotChannel(lotA), 'lot.bid', bid(lotA, 2));
    await a.roundTrip();
    await b.roundTrip();
    expect(a.eventsOn(lotChannel(lotA)).map((e) => (e.data as { seq: number }).seq)).toEqual([1]);
    expect(b.eventsOn(lotChannel(lotA))).toEqual([]);
  });

  it('joins the user channel on auth and delivers private events to that user alone', async () => {
    const alice = await createUserWithToken(t.app);
    const a = await connect();
    const anon = await connect();
    a.send({ type: 'auth', token: alice.token });
    expect(await a.nextOfType('subscribed')).toEqual({
      type: 'subscribed',
      channels: [userChannel(alice.userId)],
    });

    const data = { notification: { id: 'n1', title: 'Outbid' }, unreadCount: 3 };
    await t.app.ctx.bus.publish(userChannel(alice.userId), 'notification.created', data);
    expect(await a.nextOfType('event')).toEqual({
      type: 'event',
      event: 'notification.created',
      channel: userChannel(alice.userId),
      data,
    });
    await anon.roundTrip();
    expect(anon.received.filter((m) => m.type === 'event')).toEqual([]);
  });

  it('refuses invalid and revoked tokens, and a failed re-auth drops the user channel', async () => {
    const bob = await createUserWithToken(t.app);
    const c = await connect();
    c.send({ type: 'auth', token: 'not-a-token' });
    expect(await c.nextOfType('error')).toMatchObject({ code: 'auth_failed' });

    c.send({ type: 'auth', token: bob.token });
    await c.nextOfType('subscribed');
    await t.app.ctx.tokens.revoke(bob.sessionId);
    c.send({ type: 'auth', token: bob.token });
    expect(await c.nextOfType('error')).toMatchObject({ code: 'auth_failed' });
    await t.app.ctx.bus.publish(userChannel(bob.userId), 'lot.position', {
      lotId: lot(),
      leading: false,
      myMaxBid: 1000,
    });
    await c.roundTrip();
    expect(c.received.filter((m) => m.type === 'event')).toEqual([]);
  });

  it('signs a socket out of the user channel the moment its session is revoked, and only that session', async () => {
    const carol = await createUserWithToken(t.app);
    const second = await t.app.ctx.tokens.issue(carol.userId);
    const [phone, laptop] = [await connect(), await connect()];
    const lotId = lot();
    phone.send({ type: 'auth', token: carol.token });
    await phone.nextOfType('subscribed');
    phone.send({ type: 'subscribe', channels: [lotChannel(lotId)] });
    await phone.nextOfType('subscribed');
    laptop.send({ type: 'auth', token: second.token });
    await laptop.nextOfType('subscribed');

    // Logout on the phone revokes its session through the API, as the web app does.
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${carol.token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(await phone.nextOfType('error')).toMatchObject({ code: 'auth_failed' });

    const position = { lotId, leading: false, myMaxBid: 1000 };
    await t.app.ctx.bus.publish(userChannel(carol.userId), 'lot.position', position);
    await t.app.ctx.bus.publish(lotChannel(lotId), 'lot.bid', bid(lotId, 1));
    expect(await laptop.nextOfType('event')).toMatchObject({ event: 'lot.position', data: position });
    // The phone keeps its lot channel, as a visitor would, but hears nothing private any more.
    expect(await phone.nextOfType('event')).toMatchObject({ event: 'lot.bid', channel: lotChannel(lotId) });
    await phone.roundTrip();
    expect(
      phone.received.filter((m) => m.type === 'event' && m.channel === userChannel(carol.userId)),
    ).toEqual([]);
    expect(laptop.received.some((m) => m.type === 'event' && m.event === 'session.revoked')).toBe(false);
  });

  it("cannot subscribe to another user's channel (nor, in the same message, to anything else)", async () => {
    const alice = await createUserWithToken(t.app);
    const bob = await createUserWithToken(t.app);
    const anon = await connect();
    const lotId = lot();
    anon.send({ type: 'subscribe', channels: [lotChannel(lotId), userChannel(bob.userId)] });
    expect(await anon.nextOfType('error')).toMatchObject({
      code: 'forbidden_channel',
      channels: [userChannel(bob.userId)],
    });

    const a = await connect();
    a.send({ type: 'auth', token: alice.token });
    await a.nextOfType('subscribed');
    a.send({ type: 'subscribe', channels: [userChannel(bob.userId)] });
    expect(await a.nextOfType('error')).toMatchObject({ code: 'forbidden_channel' });
    // Its own channel (even in upper case) is fine.
    a.send({ type: 'subscribe', channels: [userChannel(alice.userId.toUpperCase())] });
    expect(await a.nextOfType('subscribed')).toEqual({
      type: 'subscribed',
      channels: [userChannel(alice.userId)],
    });

    await t.app.ctx.bus.publish(userChannel(bob.userId), 'lot.position', {
      lotId,
      leading: true,
      myMaxBid: 5000,
    });
    await t.app.ctx.bus.publish(lotChannel(lotId), 'lot.bid', bid(lotId, 1));
    await anon.roundTrip();
    await a.roundTrip();
    expect(anon.received.filter((m) => m.type === 'event')).toEqual([]);
    expect(a.received.filter((m) => m.type === 'event')).toEqual([]);
  });

  it('answers bad messages with an error frame and keeps the socket usable', async () => {
    const c = await connect();
    const bad: (string | Record<string, unknown>)[] = [
      'not json',
      '[1,2]',
      'null',
      { type: 'dance' },
      { type: 'subscribe' },
      { type: 'subscribe', channels: [] },
      { type: 'subscribe', channels: ['lot:not-a-uuid'] },
      { type: 'subscribe', channels: ['auction:1'] },
      { type: 'subscribe', channels: [lotChannel(lot())], since: { 'not-a-uuid': 3 } },
      { type: 'subscribe', channels: [lotChannel(lot())], since: { [lot()]: -1 } },
      { type: 'auth' },
      { type: 'auth', token: '' },
      { type: 'ping', extra: true },
    ];
    for (const message of bad) {
      c.sendRaw(typeof message === 'string' ? message : JSON.stringify(message));
      expect(await c.nextOfType('error'), JSON.stringify(message)).toMatchObject({
        type: 'error',
        code: 'bad_message',
      });
    }
    c.sendRaw(Buffer.from('{"type":"ping"}'), true);
    expect(await c.nextOfType('error')).toMatchObject({ code: 'bad_message' });
    c.sendRaw(JSON.stringify({ type: 'auth', token: 'x'.repeat(LIVE_MAX_MESSAGE_BYTES) }));
    expect(await c.nextOfType('error')).toMatchObject({ code: 'message_too_large' });
    await c.roundTrip();

    // Far past the limit the socket is closed before the message is buffered (1009: message too big).
    const closed = c.closed();
    c.sendRaw('x'.repeat(LIVE_MAX_MESSAGE_BYTES * 2 + 1));
    expect((await closed).code).toBe(1009);
  });

  it(`caps subscriptions at ${LIVE_MAX_SUBSCRIPTIONS} per socket`, async () => {
    const c = await connect();
    const first = Array.from({ length: 150 }, () => lotChannel(lot()));
    c.send({ type: 'subscribe', channels: first });
    expect((await c.nextOfType('subscribed')).channels).toHaveLength(150);
    c.send({ type: 'subscribe', channels: Array.from({ length: 51 }, () => lotChannel(lot())) });
    expect(await c.nextOfType('error')).toMatchObject({ code: 'too_many_subscriptions' });
    // Re-subscribing to channels it already holds does not count twice.
    c.send({
      type: 'subscribe',
      channels: [...first.slice(0, 100), ...Array.from({ length: 50 }, () => lotChannel(lot()))],
    });
    expect((await c.nextOfType('subscribed')).channels).toHaveLength(150);
    c.send({
      type: 'subscribe',
      channels: Array.from({ length: LIVE_MAX_SUBSCRIPTIONS + 1 }, () => lotChannel(lot())),
    });
    expect(await c.nextOfType('error')).toMatchObject({ code: 'bad_message' });
  });

  it('terminates sockets that stop answering heartbeat pings', async () => {
    const live = await connect();
    const dead = await LiveTestClient.connect(origin);
    clients.push(dead);
    // A half-open peer: never answers pings.
    dead.ws.pong = () => undefined;
    (dead.ws as unknown as { _autoPong: boolean })._autoPong = false;
    const deadClosed = dead.closed();
    t.app.live.heartbeat();
    await sleep(100);
    t.app.live.heartbeat();
    expect((await deadClosed).code).toBe(1006);
    await live.roundTrip();
  });

  it('closes a slow consumer that stopped reading, with a code that tells it to reconnect and replay', async () => {
    const lotId = lot();
    const slow = await connect();
    slow.send({ type: 'subscribe', channels: [lotChannel(lotId)] });
    await slow.nextOfType('subscribed');
    const closed = slow.closed();
    // Stop reading: the server's buffer for this socket grows past its limits.
    (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const big = 'x'.repeat(64 * 1024);
    const before = t.app.live.stats().slowClosed;
    for (let seq = 1; seq <= 400 && t.app.live.stats().slowClosed === before; seq++) {
      await t.app.ctx.bus.publish(lotChannel(lotId), 'lot.bid', {
        lotId,
        seq,
        entry: { ...fakeLine(seq), bidder: big },
      });
      if (seq % 20 === 0) await sleep(5);
    }
    expect(t.app.live.stats().slowClosed).toBe(before + 1);
    (slow.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    expect((await closed).code).toBe(LIVE_CLOSE_SLOW_CONSUMER);
  });
});
