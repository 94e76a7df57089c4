import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (decision 041). One registry per process, as Prometheus scrapes processes:
 * the services record through the small functions below, so a hook in bid or mail code is one call and code
 * that runs without the metrics port (tests, CLIs) pays a counter increment. docs/ops/metrics.md lists them.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const SECONDS_FAST = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const httpRequests = new Counter({
  name: 'knotwork_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
export const httpDuration = new Histogram({
  name: 'knotwork_http_request_duration_seconds',
  help: 'Time from request to answer, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS_FAST,
  registers: [registry],
});
const bids = new Counter({
  name: 'knotwork_bids_total',
  help: 'Bids answered: outcome accepted or refused, reason the refusal code (none when accepted)',
  labelNames: ['outcome', 'reason'] as const,
  registers: [registry],
});
const bidTransaction = new Histogram({
  name: 'knotwork_bid_transaction_seconds',
  help: 'Duration of one bid transaction (lock, engine, write, commit) for a batch of bids on one lot',
  buckets: SECONDS_FAST,
  registers: [registry],
});
export const liveSockets = new Gauge({
  name: 'knotwork_live_sockets',
  help: 'Live-update WebSockets open on this process',
  registers: [registry],
});
const liveEvents = new Counter({
  name: 'knotwork_live_events_published_total',
  help: 'Live events published by this process (after their transaction committed), by event name',
  labelNames: ['event'] as const,
  registers: [registry],
});
const fanout = new Histogram({
  name: 'knotwork_live_fanout_seconds',
  help: 'Time from an event reaching this process to its frames being written to every local subscriber',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});
const busDelay = new Histogram({
  name: 'knotwork_live_bus_delay_seconds',
  help: 'Time from another process publishing a live event to Redis to its arrival at this process (wall clocks)',
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  registers: [registry],
});
const closingLag = new Histogram({
  name: 'knotwork_closing_job_lag_seconds',
  help: 'How late a lot was closed after its end time (closing job lag)',
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
  registers: [registry],
});
const mail = new Counter({
  name: 'knotwork_mail_total',
  help: 'Mail handed to SMTP: outcome sent or failed (logged: no SMTP_URL, printed to the log)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
const push = new Counter({
  name: 'knotwork_push_total',
  help: 'Web Push deliveries: outcome sent or failed (refused endpoints and back-offs count as failed)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});
export const redisUp = new Gauge({
  name: 'knotwork_redis_up',
  help: '1 when Redis answers, 0 when it does not, -1 when REDIS_URL is not set',
  registers: [registry],
});
export const databaseUp = new Gauge({
  name: 'knotwork_database_up',
  help: '1 when the database answers a query, 0 otherwise',
  registers: [registry],
});

/** Bid answers of one batch and how long its transaction took. */
export function recordBids(
  answers: readonly { statusCode: number; body: unknown }[],
  transactionSeconds?: number,
): void {
  // A batch's accepted bids in one increment (bid-service.ts counts once per batch, decision 100).
  let accepted = 0;
  for (const a of answers) {
    if (a.statusCode === 201 || a.statusCode === 200) accepted += 1;
    else bids.inc({ outcome: 'refused', reason: refusalCode(a.body) ?? `http_${a.statusCode}` });
  }
  if (accepted > 0) bids.inc({ outcome: 'accepted', reason: 'none' }, accepted);
  if (transactionSeconds !== undefined) bidTransaction.observe(transactionSeconds);
}
const refusalCode = (body: unknown): string | undefined => {
  const code = (body as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

export const recordLiveEvent = (event: string) => liveEvents.inc({ event });
export const recordFanout = (seconds: number) => fanout.observe(seconds);
/** Clocks of two machines may disagree by a little: a negative delay counts as none. */
export const recordBusDelay = (ms: number) => busDelay.observe(Math.max(0, ms) / 1000);
export const recordClosingLag = (lateMs: number) => closingLag.observe(Math.max(0, lateMs) / 1000);
export const recordMail = (outcome: 'sent' | 'failed' | 'logged') => mail.inc({ outcome });
export const recordPush = (outcome: 'sent' | 'failed') => push.inc({ outcome });
