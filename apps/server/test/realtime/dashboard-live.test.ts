import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STAFF_DASHBOARD_CHANNEL, type ServerEvent } from '@knotwork/shared/realtime/events';
import { createDashboardNudges } from '../../src/realtime/dashboard-nudges.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { auth, makeOrder, makeUser } from '../commerce/helpers.ts';
import { createOpenLot, createUserWithToken, LiveTestClient, placeBid } from './helpers.ts';

/** The dashboard's live figures (issue 11, decision 064): a nudge on `staff:dashboard` when a figure may move. */
describe('dashboard nudges (unit)', () => {
  it('nudges at once, then at most once more per interval however many events come', () => {
    vi.useFakeTimers();
    const sent: ServerEvent[] = [];
    const nudges = createDashboardNudges((e) => sent.push(e), 50);
    const bid = { event: 'lot.bid', channel: 'lot:x', data: {} } as unknown as ServerEvent;
    expect(nudges.observe(bid)).toBe(false);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ event: 'dashboard.changed', channel: STAFF_DASHBOARD_CHANNEL });
    for (let i = 0; i < 10; i += 1) nudges.observe(bid);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(49);
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sent).toHaveLength(2);
    // An unrelated event moves nothing; a published nudge request is consumed (not delivered as is).
    nudges.observe({ event: 'lot.position', channel: 'user:x', data: {} } as unknown as ServerEvent);
    vi.advanceTimersByTime(1_000);
    expect(sent).toHaveLength(2);
    expect(
      nudges.observe({ event: 'dashboard.changed', channel: STAFF_DASHBOARD_CHANNEL, data: { at: 1 } }),
    ).toBe(true);
    nudges.close();
    vi.useRealTimers();
  });
});

describe('staff:dashboard over the live socket', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const userWithRole = async (role: string) => {
    const u = await createUserWithToken(t.app);
    await t.database.query(`update users set role = $1 where id = $2`, [role, u.userId]);
    return u;
  };

  it('staff who read the dashboard hear a nudge after a bid; a collector may not subscribe', async () => {
    const specialist = await userWithRole('specialist');
    const collector = await userWithRole('user');
    const staffSocket = await LiveTestClient.connect(origin);
    const collectorSocket = await LiveTestClient.connect(origin);
    try {
      collectorSocket.send({ type: 'auth', token: collector.token });
      await collectorSocket.nextOfType('subscribed');
      collectorSocket.send({ type: 'subscribe', channels: [STAFF_DASHBOARD_CHANNEL] });
      expect(await collectorSocket.nextOfType('error')).toMatchObject({ code: 'forbidden_channel' });

      staffSocket.send({ type: 'auth', token: specialist.token });
      await staffSocket.nextOfType('subscribed');
      staffSocket.send({ type: 'subscribe', channels: [STAFF_DASHBOARD_CHANNEL] });
      await staffSocket.nextOfType('subscribed');

      const lotId = await createOpenLot(t.database);
      const bidder = await createUserWithToken(t.app);
      expect((await placeBid(origin, lotId, 10_000, bidder.token)).status).toBeLessThan(300);
      const nudge = await staffSocket.next((m) => m.type === 'event' && m.event === 'dashboard.changed');
      expect(nudge).toMatchObject({ channel: STAFF_DASHBOARD_CHANNEL, data: { at: expect.any(Number) } });
      expect(
        collectorSocket.received.some((m) => m.type === 'event' && m.event === 'dashboard.changed'),
      ).toBe(false);
    } finally {
      staffSocket.ws.close();
      collectorSocket.ws.close();
    }
  });

  it('adds the money awaiting payment and overdue, for roles that read orders', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const figures = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard', headers: auth(admin.token) })
      ).json().data;
    const before = await figures();
    const buyer = await makeUser(t);
    await makeOrder(t, buyer.id, { price: 40_000 });
    await makeOrder(t, buyer.id, { price: 8_000, dueInSeconds: -3600 });
    const after = await figures();
    expect(after.awaitingPayment - before.awaitingPayment).toBe(2);
    expect(after.overdue - before.overdue).toBe(1);
    expect(after.awaitingAmount - before.awaitingAmount).toBe(50_000 + 10_000);
    expect(after.overdueAmount - before.overdueAmount).toBe(10_000);
  });
});
