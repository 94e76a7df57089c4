/**
 * Child process of bench/fanout.bench.ts: the real app (PostgreSQL, optionally Redis) listening on a random port,
 * started with --expose-gc so the parent can read the heap after a full collection. Publishes lot events through
 * app.ctx.bus the way the bidding core does after a commit (a lot.bid line, then lot.updated), stamping the
 * payload with the publish time so watchers can measure commit-to-receipt latency.
 */
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { lotChannel } from '@knotwork/shared/realtime/events';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config/env.ts';
import { openDatabase } from '../../apps/server/src/db/open.ts';
import { percentile } from './stats.ts';

type Command =
  | { type: 'heap' }
  | { type: 'publish'; lotId: string; rate: number; seconds: number }
  | { type: 'stats' }
  | { type: 'exit' };

const send = (m: unknown) => process.send!(m);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const config = loadConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  PORT: '0',
  DATABASE_URL: process.env.BENCH_DATABASE_URL,
  REDIS_URL: process.env.BENCH_REDIS_URL,
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  DATA_DIR: '/tmp/knotwork-bench-fanout',
});
const database = await openDatabase(config);
const app = await buildApp({ config, database, serveWeb: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };

/** A public lot payload of realistic size (the sales lot mapper's fields). */
const lotPayload = (lotId: string, seq: number, committedAt: number) => ({
  id: lotId,
  auctionId: '7ca77f5e-0573-44a6-a929-07ba8733c9e5',
  auctionTitle: 'Spring Sale of Antique Village and Workshop Carpets',
  auctionSlug: 'spring-sale-antique-village-workshop-carpets',
  auctionType: 'timed',
  rugId: 'e6fd8db5-10c2-43e0-ae03-8ba51f470055',
  lotNumber: 17,
  status: 'open',
  outcome: null,
  startsAt: '2026-11-21T13:00:00.000Z',
  endsAt: '2026-11-21T18:00:00.000Z',
  serverNow: new Date().toISOString(),
  openingBid: 100_000,
  currentBid: 100_000 + seq * 10_000,
  nextMinimumBid: 110_000 + seq * 10_000,
  bidCount: seq,
  reserveMet: true,
  buyNowPrice: null,
  estimateLow: 400_000,
  estimateHigh: 600_000,
  hammerPrice: null,
  committedAt,
});

/** CPU time used since `from` as a share of one core over the same wall time. */
const cpuShare = (from: NodeJS.CpuUsage, wallStart: number) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000 / (performance.now() - wallStart);
};

let seq = 0;
const lags: number[] = [];
/** How long one lot.updated took to hand to every socket (the in-process bus runs the fan-out synchronously). */
const loopMs: number[] = [];
async function publish(lotId: string, rate: number, seconds: number) {
  const total = Math.round(rate * seconds);
  const start = performance.now();
  const interval = 1000 / rate;
  for (let i = 0; i < total; i++) {
    // Drift-free schedule: the i-th bid is due at start + i * interval.
    const wait = start + i * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    lags.push(Math.max(0, -wait));
    seq += 1;
    const committedAt = performance.timeOrigin + performance.now();
    const channel = lotChannel(lotId);
    await app.ctx.bus.publish(channel, 'lot.bid', {
      lotId,
      seq,
      entry: {
        seq,
        bidder: 'Bidder 3',
        amount: 100_000 + seq * 10_000,
        automatic: false,
        at: new Date().toISOString(),
      },
    });
    await app.ctx.bus.publish(channel, 'lot.updated', {
      lotId,
      seq,
      lot: lotPayload(lotId, seq, committedAt),
    });
    // The fan-out writes in the next setImmediate turn; ours is queued behind it, so this times the whole write-out.
    await new Promise((r) => setImmediate(r));
    loopMs.push(performance.timeOrigin + performance.now() - committedAt);
  }
  return total;
}

process.on('message', (command: Command) => {
  void (async () => {
    if (command.type === 'heap') {
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise((r) => setTimeout(r, 50));
      }
      send({
        type: 'heap',
        heapUsed: process.memoryUsage().heapUsed,
        rss: process.memoryUsage().rss,
        live: app.live.stats(),
      });
    } else if (command.type === 'publish') {
      lags.length = 0;
      loopMs.length = 0;
      const cpu = process.cpuUsage();
      const wall = performance.now();
      const count = await publish(command.lotId, command.rate, command.seconds);
      const sorted = [...loopMs].sort((a, b) => a - b);
      send({
        type: 'published',
        count,
        maxScheduleLagMs: Math.max(0, ...lags),
        loopP50: percentile(sorted, 50),
        loopP99: percentile(sorted, 99),
        cpu: cpuShare(cpu, wall),
      });
    } else if (command.type === 'stats') {
      send({ type: 'stats', live: app.live.stats() });
    } else if (command.type === 'exit') {
      await app.close();
      await database.close();
      process.exit(0);
    }
  })();
});
send({ type: 'ready', port });
