import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { freePort } from '../helpers/redis-server.ts';
import { bid, makeLot, makeUser, units } from '../bidding/helpers.ts';

/** Every metric docs/ops/metrics.md documents; each must be on the metrics port. */
const KNOTWORK_METRICS = [
  'knotwork_http_requests_total',
  'knotwork_http_request_duration_seconds',
  'knotwork_bids_total',
  'knotwork_bid_transaction_seconds',
  'knotwork_live_sockets',
  'knotwork_live_events_published_total',
  'knotwork_live_fanout_seconds',
  'knotwork_closing_job_lag_seconds',
  'knotwork_mail_total',
  'knotwork_push_total',
  'knotwork_redis_up',
  'knotwork_database_up',
];

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    if (want.every((w) => inside.split(',').includes(w)))
      return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('metrics and health probes', () => {
  let t: TestApp;
  let port: number;
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };

  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ METRICS_PORT: String(port) });
  });
  afterAll(() => t?.close());

  it('serves every knotwork_ metric and the Node process metrics on METRICS_PORT, never on the public port', async () => {
    const text = await scrape();
    for (const name of KNOTWORK_METRICS) expect(text, name).toContain(`# TYPE ${name} `);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(Number(/^knotwork_database_up (\S+)$/m.exec(text)?.[1])).toBe(1);
    expect(Number(/^knotwork_redis_up (\S+)$/m.exec(text)?.[1])).toBe(-1);
    for (const url of ['/metrics', '/api/metrics', '/api/v1/metrics'])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
  });

  it('counts requests by route pattern and status, and bids by outcome and refusal reason', async () => {
    const { lotId } = await makeLot(t);
    const bidder = await makeUser(t);
    const before = await scrape();
    const route = '/api/v1/rug/add-offer/:id';
    expect((await bid(t, lotId, units(100), bidder.token)).statusCode).toBe(201);
    expect((await bid(t, lotId, units(1), bidder.token)).statusCode).toBe(422);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    const routeLabel =
      /knotwork_http_requests_total\{[^}]*route="(\/api\/v1\/rug\/add-offer\/[^"]+)"/.exec(after)?.[1] ??
      route;
    expect(delta('knotwork_http_requests_total', { method: 'POST', route: routeLabel, status: '201' })).toBe(
      1,
    );
    expect(delta('knotwork_http_requests_total', { method: 'POST', route: routeLabel, status: '422' })).toBe(
      1,
    );
    expect(routeLabel).not.toContain(lotId);
    expect(delta('knotwork_bids_total', { outcome: 'accepted', reason: 'none' })).toBe(1);
    const refused = /knotwork_bids_total\{outcome="refused",reason="([A-Z_]+)"\}/.exec(after)?.[1];
    expect(refused).toBeDefined();
    const transactions = (text: string) =>
      Number(/^knotwork_bid_transaction_seconds_count (\S+)$/m.exec(text)?.[1] ?? 0);
    expect(transactions(after) - transactions(before)).toBe(2);
    expect(
      Number(/knotwork_live_events_published_total\{event="[^"]+"\} (\S+)/.exec(after)?.[1]),
    ).toBeGreaterThan(0);
  });

  it('splits health into liveness and readiness, and keeps /api/health', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      database: 'up',
      migrations: 'current',
      redis: 'off',
      media: 'up',
      reasons: [],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({
      status: 'ok',
      database: 'up',
      redis: 'off',
      media: 'up',
      reasons: [],
    });
  });

  it('is not ready while a migration is pending', async () => {
    await t.database.query(
      `delete from schema_migrations where name = (select max(name) from schema_migrations)`,
    );
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'error', database: 'up', migrations: 'pending' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});
