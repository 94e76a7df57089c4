/**
 * The auction engine on PostgreSQL: bids through the HTTP API (POST /rug/add-offer/{id}, bearer token, JSON body),
 * closed loop, 32 concurrent bidders (BENCH_BIDDERS), BENCH_SECONDS each (default 10):
 *   1. one hot lot (every bidder on the same lot: the row lock serialises them);
 *   2. bids spread over 1,000 lots;
 * and, in the same run, the machine's own ceilings: pgbench, 32 clients, one single-statement update of one row per
 * transaction, on one hot row and on a random one of 1,000 (what any one-transaction-per-bid design could at best
 * reach on this disk and CPU). Every figure is printed as a ratio to its ceiling.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { runWorker } from './lib/load.ts';
import { fmt, type Summary } from './lib/stats.ts';
import type { Bench } from './lib/types.ts';

const SECONDS = Math.min(10, Number(process.env.BENCH_SECONDS ?? 10));
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 32);
const SPREAD_LOTS = 1000;

interface Fixture {
  userIds: string[];
  tokens: string[];
  hotLot: string;
  lots: string[];
}

/** Bidders with live sessions, a hot lot and 1,000 more, all in one sale with a flat 1-unit increment table. */
async function setUp(url: string, issue: (userId: string) => Promise<string>): Promise<Fixture> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const tag = crypto.randomBytes(4).toString('hex');
  const users = await client.query<{ id: string }>(
    `insert into users (first_name, last_name, email, email_verified_at)
     select 'Bench', 'Bidder', 'bench-' || $1 || '-' || g || '@example.com', now() from generate_series(1, $2) g returning id`,
    [tag, BIDDERS],
  );
  const rugs = await client.query<{ id: string }>(
    `insert into rugs (slug, title, origin_country, origin_region, style, age_class, width_cm, length_cm, shape,
       condition_grade, estimate_low, estimate_high)
     select 'bench-' || $1 || '-' || g, 'Bench rug ' || g, 'Iran', 'Heriz', 'persian', 'antique', 200, 300, 'rectangle',
       'good', 100000, 200000 from generate_series(1, $2) g returning id`,
    [tag, SPREAD_LOTS + 1],
  );
  // A flat increment keeps 10 s of bids far below the 10,000,000-unit bid cap.
  const [auction] = (
    await client.query<{ id: string }>(
      `insert into auctions (slug, title, status, starts_at, ends_at, increments)
       values ('bench-' || $1, 'Bench sale', 'open', now() - interval '1 hour', now() + interval '1 day',
         '[{"from": 0, "increment": 100}]'::jsonb) returning id`,
      [tag],
    )
  ).rows;
  const lots = await client.query<{ id: string }>(
    `insert into lots (auction_id, rug_id, lot_number, opening_bid, estimate_low, estimate_high, status, starts_at, ends_at)
     select $1, r.id, row_number() over (), 100, 100000, 200000, 'open', now() - interval '1 hour', now() + interval '1 day'
     from unnest($2::uuid[]) as r(id) returning id`,
    [auction!.id, rugs.rows.map((r) => r.id)],
  );
  await client.end();
  const tokens = [];
  for (const u of users.rows) tokens.push(await issue(u.id));
  const [hot, ...rest] = lots.rows.map((l) => l.id);
  return { userIds: users.rows.map((u) => u.id), tokens, hotLot: hot!, lots: rest };
}

/** A bidding limit for each bidder, far above anything a run can commit (every bid is checked, none refused). */
async function setLimits(url: string, userIds: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `insert into bidder_limits (user_id, limit_cents) select u, 100000000000 from unnest($1::uuid[]) u`,
    [userIds],
  );
  await client.end();
}

/** What the bidders' worker (lib/bid-worker.ts) is given and answers. */
export interface BidLoad {
  origin: string;
  tokens: string[];
  /** Every bid on the first lot, or each bid on a random one of them. */
  lots: string[];
  ms: number;
}
export type BidResult = Summary & { accepted: number; refused: number; acceptedPerSecond: number };

/**
 * The bidders run in a worker thread (lib/bid-worker.ts): on the server's own event loop their request and answer
 * handling would delay the server's work and be counted as its latency.
 */
const driveBids = (origin: string, tokens: string[], lots: string[], ms: number) =>
  runWorker<BidResult>(new URL('./lib/bid-worker.ts', import.meta.url).href, {
    origin,
    tokens,
    lots,
    ms,
  } satisfies BidLoad);

/**
 * pgbench, BIDDERS clients, one single-statement update per transaction for SECONDS: `rows` 1 is the hot-row
 * ceiling (every transaction waits on the same row lock), 1,000 the spread ceiling (a random row of 1,000 each
 * time: what one transaction per bid could at best reach on this disk and CPU when bids land on many lots).
 */
function pgbenchCeiling(url: string, rows: number): number {
  const table = `bench_ceiling_${rows}`;
  const script = path.join(os.tmpdir(), `knotwork-ceiling-${rows}.sql`);
  fs.writeFileSync(script, `\\set id random(1, ${rows})\nupdate ${table} set n = n + 1 where id = :id;\n`);
  const psql = spawnSync(
    'psql',
    [
      url,
      '-qc',
      `drop table if exists ${table}; create table ${table} (id int primary key, n bigint not null); insert into ${table} select g, 0 from generate_series(1, ${rows}) g;`,
    ],
    { encoding: 'utf8' },
  );
  if (psql.status !== 0) throw new Error(`psql failed: ${psql.stderr}`);
  const bin = fs.existsSync('/usr/lib/postgresql/15/bin/pgbench')
    ? '/usr/lib/postgresql/15/bin/pgbench'
    : 'pgbench';
  const r = spawnSync(
    bin,
    ['-n', '-c', String(BIDDERS), '-j', '2', '-T', String(SECONDS), '-f', script, url],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(r.stdout ?? '');
  if (!tps) throw new Error(`pgbench failed: ${r.stderr}`);
  return Number(tps[1]);
}

/** A scenario with what this process spent on it: CPU time (all threads) and the main event loop's busy time. */
interface Measured {
  result: BidResult;
  /** process.cpuUsage over the scenario, ms: the server and the bidders' worker thread together. */
  cpuMs: number;
  /** The main thread's (the server's) event-loop busy time, ms: without the bidders, but on a loaded machine it also
   * counts the time the thread was runnable and waiting for a core. */
  serverBusyMs: number;
}

async function measure(run: () => Promise<BidResult>): Promise<Measured> {
  const cpu = process.cpuUsage();
  const elu = performance.eventLoopUtilization();
  const result = await run();
  const used = process.cpuUsage(cpu);
  const busy = performance.eventLoopUtilization(elu);
  return { result, cpuMs: (used.user + used.system) / 1000, serverBusyMs: busy.active };
}

const bench: Bench = {
  name: 'Bidding',
  async run({ databaseUrl }) {
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      DATA_DIR: path.join(os.tmpdir(), 'knotwork-bench'),
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      // Keeps every budget out of the measured path, the per-user bid budgets included (decision 008): 32 bidders
      // at 1,000 bids/s are 31 bids/s each, far below 10 x 1000 per lot per 10 s.
      RATE_LIMIT_SCALE: '1000',
    });
    const database = await openDatabase(config);
    const app = await buildApp({ config, database, serveWeb: false });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const fixture = await setUp(databaseUrl, async (id) => (await app.ctx.tokens.issue(id)).token);
    console.log(
      `${BIDDERS} concurrent bidders, ${SECONDS} s per scenario, ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}\n`,
    );

    // Before: every batch on the locked path (BEGIN, lock and read, write, notices, COMMIT) and every request's
    // session read from the database, as before decision 030. After: the one-statement fast path and the session
    // cache. Same app, same lots, one run; the warm-ups are not recorded.
    const setMode = (after: boolean) => {
      app.services.bids.useFastPath(after);
      app.ctx.tokens.sessionCache.setTrusted(after);
    };
    const scenario = async (after: boolean, lots: string[]) => {
      setMode(after);
      await driveBids(origin, fixture.tokens, [lots[0]!], 1000);
      const paths = app.services.bids.paths();
      const measured = await measure(() => driveBids(origin, fixture.tokens, lots, SECONDS * 1000));
      const now = app.services.bids.paths();
      const fast = now.fast - paths.fast;
      return { ...measured, fastShare: fast / Math.max(1, fast + now.locked - paths.locked) };
    };
    const hotBefore = await scenario(false, [fixture.hotLot]);
    const hot = await scenario(true, [fixture.hotLot]);
    const spreadBefore = await scenario(false, fixture.lots);
    const spread = await scenario(true, fixture.lots);
    // Issue 28 (decision 090): the same bidders, each with a bidding limit far above what they can reach in the run,
    // so every bid is checked (their row locked, their exposure read) and none is refused for it.
    await setLimits(databaseUrl, fixture.userIds);
    const spreadLimited = await scenario(true, fixture.lots);
    await app.close();
    await database.close();
    // The ceilings right after, in the same run and on the same load.
    const hotCeiling = pgbenchCeiling(databaseUrl, 1);
    const spreadCeiling = pgbenchCeiling(databaseUrl, SPREAD_LOTS);

    const ratio = (v: number, ceiling: number) => `${(v / ceiling).toFixed(2)}x`;
    const perAnswer = (ms: number, r: BidResult) => (ms / Math.max(1, r.perSecond * SECONDS)).toFixed(2);
    const row = (name: string, m: Measured & { fastShare: number }, ceiling: number) => [
      name,
      `${m.result.acceptedPerSecond.toFixed(0)} (${ratio(m.result.acceptedPerSecond, ceiling)})`,
      `${m.result.perSecond.toFixed(0)} (${ratio(m.result.perSecond, ceiling)})`,
      fmt(m.result.p50),
      fmt(m.result.p95),
      fmt(m.result.p99),
      perAnswer(m.serverBusyMs, m.result),
      perAnswer(m.cpuMs, m.result),
      `${(m.fastShare * 100).toFixed(0)}%`,
      String(m.result.errors),
    ];
    const rows = [
      row('before: one hot lot (vs hot-row ceiling)', hotBefore, hotCeiling),
      row('after: one hot lot (vs hot-row ceiling)', hot, hotCeiling),
      row(`before: ${SPREAD_LOTS} lots (vs spread ceiling)`, spreadBefore, spreadCeiling),
      row(`after: ${SPREAD_LOTS} lots (vs spread ceiling)`, spread, spreadCeiling),
      row(`after, every bidder with a limit: ${SPREAD_LOTS} lots`, spreadLimited, spreadCeiling),
    ];
    const header = [
      'scenario',
      'accepted bids/s',
      'answers/s',
      'p50',
      'p95',
      'p99',
      'loop busy ms/answer',
      'CPU ms/answer',
      'fast path',
      '5xx/errors',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
    console.log(line(header));
    console.log(
      `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    );
    for (const r of rows) console.log(line(r));
    console.log(
      `\npgbench ceilings, ${BIDDERS} clients, one single-row update per transaction: hot row ${hotCeiling.toFixed(0)} tps; ` +
        `a random row of ${SPREAD_LOTS} ${spreadCeiling.toFixed(0)} tps. Ratios in brackets are to the scenario's ceiling.`,
    );
    const cpuRatio = (after: Measured, before: Measured) =>
      (
        after.cpuMs /
        Math.max(1, after.result.perSecond) /
        (before.cpuMs / Math.max(1, before.result.perSecond))
      ).toFixed(2);
    console.log(
      `CPU per answer, after / before: one hot lot ${cpuRatio(hot, hotBefore)}x, ${SPREAD_LOTS} lots ${cpuRatio(spread, spreadBefore)}x ` +
        '(goal: 0.50x or less). Before: the locked path and a session read per request; after: the one-statement ' +
        'fast path and the session cache (decision 030). fast path: share of batches it took.',
    );
    console.log(
      `Bidding limits (decision 090): p99 with every bidder limited / without, ${SPREAD_LOTS} lots: ` +
        `${(spreadLimited.result.p99 / Math.max(0.001, spread.result.p99)).toFixed(2)}x (goal: under 1.10x); ` +
        `CPU per answer ${cpuRatio(spreadLimited, spread)}x.`,
    );
    console.log(
      "CPU ms/answer: process.cpuUsage per answer (the server and the bidders' worker thread, which share the process); " +
        "loop busy ms/answer: the server thread's event-loop busy time per answer, which on a loaded machine also " +
        'counts time the thread waited for a core.',
    );
  },
};
export default bench;
