/**
 * The auction engine on PostgreSQL: bids through the HTTP API (POST /rug/add-offer/{id}, bearer token, JSON body),
 * closed loop, 32 concurrent bidders (BENCH_BIDDERS) in their own process, BENCH_SECONDS each (default 10), on one
 * hot lot (every bidder on the same lot: the row lock serialises them) and spread over 1,000 lots:
 *   1. the bare handler (lib/bare-bid-server.ts): the product's own batching and one-statement bid behind a minimal
 *      Fastify route, nothing else: the fair ceiling of this stack (issue 30 section 1);
 *   2. the product, in this process (the app as buildApp makes it);
 *   3. the product with every bidder under a bidding limit (decision 090), in the same process;
 *   4. the product as a deployment starts it, `WORKERS=1` and `WORKERS=2` server processes (issue 30 section 3);
 * and, in the same run, the machine's own ceilings: pgbench, 32 clients, one single-statement update of one row per
 * transaction, on one hot row and on a random one of 1,000 (what any one-transaction-per-bid design could at best
 * reach on this disk and CPU). Every figure is printed as a ratio to the bare handler and to pgbench, with the
 * server's CPU per answer (this process's, or the server process tree's from /proc; the bidders are elsewhere) and
 * the accepted bids counted in the database against the answers that said accepted.
 *
 * BENCH_PROFILE=1 adds CPU profiles of the bare handler and the product, on one hot lot and on 1,000 lots (saved in
 * the temp folder's knotwork-profiles/, summarised by area); BENCH_PROFILE_ONLY=1 runs only what those need;
 * BENCH_BEFORE=1 adds decision 030's before rows (locked path, session read per request); BENCH_ONLY=<regular
 * expression> runs only the scenarios whose names match; BENCH_OUTBID_EMAIL=off gives the bidders outbid e-mails
 * turned off in their notification settings (what the e-mails cost); BENCH_PERF=1 samples the machine with Linux
 * `perf` over each scenario and prints where PostgreSQL's CPU went, by area of its code (its own figures are then
 * not for comparing: perf takes some of the cores).
 */
import { fork, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { BARE_BID_PATH } from './lib/bare-bid-server.ts';
import { perfAvailable, printPerfSummary, recordPerf } from './lib/perf.ts';
import { printSummary, profiled, type FlameSummary } from './lib/profile.ts';
import { parentOf, startBidders, startServerProcess, treeCpuMs, type Bidders } from './lib/processes.ts';
import { fmt, type Summary } from './lib/stats.ts';
import type { Bench } from './lib/types.ts';

const SECONDS = Math.min(10, Number(process.env.BENCH_SECONDS ?? 10));
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 32);
const SPREAD_LOTS = 1000;
const PRODUCT_PATH = '/api/v1/rug/add-offer/';
/** Secrets of the bench's app and of the server processes it starts: a token issued here is valid there. */
const SECRETS = {
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  OTP_SECRET: 'bench-otp-secret-bench-otp-secret-0123456',
  PAYOUT_DETAILS_KEY: 'bench-payout-key-bench-payout-key-012345',
};

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
  // Earlier runs' lots are still open (a day long): withdrawn, so every run starts from the same open lots. Left,
  // they piled up (11,011 open lots after a day of runs) and a limited bidder's exposure check, which reads the open
  // lots they lead through a partial index, slowed from run to run (decision 101's addendum).
  await client.query(
    `with old as (update auctions set status = 'closed' where title = 'Bench sale' and status = 'open' returning id)
     update lots set status = 'withdrawn' where auction_id in (select id from old) and status in ('scheduled', 'open')`,
  );
  await client.query('vacuum analyze lots');
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
  if (process.env.BENCH_OUTBID_EMAIL === 'off')
    // What the outbid e-mails cost (decision 101): bidders who turned them off (the bell and push still tell them).
    await client.query(
      `insert into notification_settings (user_id, settings)
       select u, '{"outbid": {"email": false}}'::jsonb from unnest($1::uuid[]) u`,
      [users.rows.map((u) => u.id)],
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
  // Only these bidders have a limit: an empty list removes them all.
  await client.query('delete from bidder_limits');
  await client.query(
    `insert into bidder_limits (user_id, limit_cents) select u, 100000000000 from unnest($1::uuid[]) u`,
    [userIds],
  );
  await client.end();
}

/** What the bidders' process (lib/bid-worker.ts) is given for one scenario and answers. */
export interface BidLoad {
  origin: string;
  /** The product's route (PRODUCT_PATH) or the bare handler's; the lot id follows. */
  path: string;
  tokens: string[];
  userIds: string[];
  /** Every bid on the first lot, or each bid on a random one of them. */
  lots: string[];
  ms: number;
}
export type BidResult = Summary & { accepted: number; refused: number; acceptedPerSecond: number };

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

/** Rows the scenario left in the database: accepted bids, and outbid notices written and delivered. */
interface Counts {
  bids: number;
  /** Outbid notices: bid_outbox rows (decision 098), else `outbid` notifications (written = delivered). */
  notices: number;
  delivered: number;
}

/**
 * The "nothing lost" counter. Notices: the outbid-notice outbox (migration 0430, decision 098) when it exists,
 * rows written by the bid's statement and rows its worker marked processed; before it, the `outbid` notifications
 * the announcer wrote after commit (no separate delivered state to read: written counts as delivered).
 */
async function countRows(client: pg.Client, lots: string[], userIds: string[]): Promise<Counts> {
  const [bids] = (
    await client.query<{ n: number }>('select count(*)::int as n from bids where lot_id = any($1::uuid[])', [
      lots,
    ])
  ).rows;
  const [{ outbox }] = (
    await client.query<{ outbox: boolean }>("select to_regclass('bid_outbox') is not null as outbox")
  ).rows as [{ outbox: boolean }];
  const [notices] = outbox
    ? (
        await client.query<{ n: number; d: number }>(
          'select count(*)::int as n, count(processed_at)::int as d from bid_outbox where lot_id = any($1::uuid[])',
          [lots],
        )
      ).rows
    : (
        await client.query<{ n: number; d: number }>(
          "select count(*)::int as n, count(*)::int as d from notifications where type = 'outbid' and user_id = any($1::uuid[])",
          [userIds],
        )
      ).rows;
  return { bids: bids!.n, notices: notices!.n, delivered: notices!.d };
}

/** Counts once the notices of the scenario are all delivered (or stopped moving for 3 s, at most 30 s). */
async function settledCounts(client: pg.Client, lots: string[], userIds: string[]): Promise<Counts> {
  let last = await countRows(client, lots, userIds);
  let stillFor = 0;
  for (let waited = 0; waited < 30_000 && last.delivered < last.notices && stillFor < 3_000; waited += 250) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await countRows(client, lots, userIds);
    stillFor = now.delivered === last.delivered && now.notices === last.notices ? stillFor + 250 : 0;
    last = now;
  }
  return last;
}

/** One scenario as measured: the bidders' result, the server's CPU time, and what reached the database. */
interface Measured {
  name: string;
  kind: 'bare' | 'product';
  hot: boolean;
  /** null: the scenario could not run (`note` says why). */
  result: BidResult | null;
  note?: string;
  /** The server's CPU time over the measured seconds, ms (its process or process tree; not the bidders'). */
  cpuMs: number;
  /** The same seconds' CPU time of PostgreSQL's processes (null: not on this machine) and of the bidders' process. */
  postgresCpuMs: number | null;
  biddersCpuMs: number;
  /** Share of batches the fast path took (the in-process product only). */
  fastShare: number | null;
  /** In-process product: lots per guarded statement (bid-write-combiner.ts). */
  lotsPerStatement: number | null;
  /** The in-process server's thread while measured (watchThread), null for the others. */
  loop: ThreadWatch | null;
  rows: Counts;
}

interface Target {
  origin: string;
  path: string;
  /** Runs the measured part under a CPU profile of the server, printed and saved to `file`. */
  profile?(
    file: string,
    work: () => Promise<BidResult>,
  ): Promise<{ result: BidResult; summary: FlameSummary }>;
  /** The server's CPU time so far, ms. */
  cpuMs(): number;
  /** After the bidders stopped: resolves when what the server does after its answers (notices) has started. */
  settle?(): Promise<void>;
}

/** The tables a bid and its notices write (the lot, its rug's listing columns, the bid, the notices and e-mails). */
const BID_PATH_TABLES = [
  'lots',
  'rugs',
  'bids',
  'lot_events',
  'bid_outbox',
  'notifications',
  'notification_mails',
  'mail_outbox',
  'idempotency_keys',
];

interface ThreadWatch {
  delayP50: number;
  delayP99: number;
  gcMs: number;
  gcMaxMs: number;
}

/**
 * Watches this process's thread while a scenario runs: how late a 1 ms timer fires (the event loop's delay: how long
 * a bid's request or answer can wait behind other work) and the garbage collector's pauses. Issue 30's hot-lot tail
 * is read from these next to the p99.
 */
function watchThread(): { stop(): ThreadWatch } {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const pauses: number[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  gc.observe({ entryTypes: ['gc'] });
  delay.enable();
  return {
    stop() {
      delay.disable();
      gc.disconnect();
      return {
        delayP50: delay.percentile(50) / 1e6,
        delayP99: delay.percentile(99) / 1e6,
        gcMs: pauses.reduce((a, b) => a + b, 0),
        gcMaxMs: Math.max(0, ...pauses),
      };
    },
  };
}

const PROFILE = process.env.BENCH_PROFILE === '1';
/** BENCH_PERF=1: PostgreSQL's CPU by area over each scenario (lib/perf.ts), where `perf` may sample the machine. */
const PERF = (process.env.BENCH_PERF === '1' || process.env.BENCH_PERF === 'stacks') && perfAvailable();
/** BENCH_ONLY=<regular expression>: only the scenarios whose names match (the others are not run nor shown). */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const wanted = (name: string) => !only || only.test(name);
const SKIPPED = 'skipped (BENCH_ONLY)';
const profileFile = (what: string) =>
  path.join(
    os.tmpdir(),
    'knotwork-profiles',
    `bidding-${what}-${new Date().toISOString().replace(/[:.]/g, '-')}.cpuprofile`,
  );

const bench: Bench = {
  name: 'Bidding',
  async run({ databaseUrl }) {
    const config = loadConfig({
      ...process.env,
      NODE_ENV: 'production',
      // Outbid mail without SMTP_URL logs "MAIL NOT SENT" as a warning, hundreds per scenario: errors only.
      LOG_LEVEL: 'error',
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      DATA_DIR: path.join(os.tmpdir(), 'knotwork-bench'),
      ...SECRETS,
      // Keeps every budget out of the measured path, the per-user bid budgets included (decision 008): 32 bidders
      // at 1,000 bids/s are 31 bids/s each, far below 10 x 1000 per lot per 10 s.
      RATE_LIMIT_SCALE: '1000',
    });
    const database = await openDatabase(config);
    const app = await buildApp({ config, database, serveWeb: false });
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const fixture = await setUp(databaseUrl, async (id) => (await app.ctx.tokens.issue(id)).token);
    const counter = new pg.Client({ connectionString: databaseUrl });
    await counter.connect();
    const bidders: Bidders = await startBidders();
    // Where the machine's cores go besides the server: PostgreSQL's processes (the postmaster's tree, when it runs
    // on this machine) and the bidders' process.
    const backend = (await counter.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const postmaster = fs.existsSync(`/proc/${backend}`) ? parentOf(backend) : null;
    const postgresCpu = () => (postmaster ? treeCpuMs(postmaster) : 0);
    // This machine's PostgreSQL may run without autovacuum (a CI image's choice); each scenario then starts vacuumed.
    const autovacuum = (await counter.query<{ autovacuum: string }>('show autovacuum')).rows[0]!.autovacuum;
    console.log(
      `${BIDDERS} concurrent bidders in their own process, ${SECONDS} s per scenario, ${os.cpus().length} cores, ` +
        `PostgreSQL autovacuum ${autovacuum} (every scenario starts from vacuumed tables), ` +
        `load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}\n`,
    );

    const inProcess: Target = {
      origin,
      path: PRODUCT_PATH,
      cpuMs: () => {
        const u = process.cpuUsage();
        return (u.user + u.system) / 1000;
      },
      settle: () => app.services.bids.drain(),
    };
    const run = async (
      name: string,
      kind: Measured['kind'],
      target: Target,
      hot: boolean,
      profile?: string,
    ): Promise<Measured> => {
      if (!profile && !wanted(name)) return unavailable(name, kind, hot, SKIPPED);
      const lots = hot ? [fixture.hotLot] : fixture.lots;
      const job = (ms: number) => ({
        origin: target.origin,
        path: target.path,
        tokens: fixture.tokens,
        userIds: fixture.userIds,
        lots,
        ms,
      });
      await bidders.run(job(1000)); // warm-up, not recorded
      await target.settle?.();
      await settledCounts(counter, lots, fixture.userIds);
      // Every scenario starts from vacuumed tables. Without it each one paid for the dead rows of those before it
      // (the product always runs after the bare handler on the same lots), and a run's later rows for all of them:
      // with autovacuum off, PostgreSQL's CPU per answer doubled over one run (decision 101's addendum).
      await counter.query(`vacuum (analyze) ${BID_PATH_TABLES.join(', ')}`);
      const before = await countRows(counter, lots, fixture.userIds);
      const paths = app.services.bids.paths();
      const cpu = target.cpuMs();
      const pgCpu = postgresCpu();
      const bidCpu = treeCpuMs(bidders.pid);
      const thread = target === inProcess ? watchThread() : null;
      const perf =
        PERF && postmaster
          ? recordPerf(name.replace(/[^a-z0-9]+/gi, '-'), process.env.BENCH_PERF === 'stacks')
          : null;
      let result: BidResult;
      if (profile) {
        const p = await (target.profile ?? profiled)(profile, () => bidders.run(job(SECONDS * 1000)));
        result = p.result;
        printSummary(
          `CPU profile, ${name} (${path.relative(process.cwd(), profile)})`,
          p.summary,
          result.count,
        );
      } else result = await bidders.run(job(SECONDS * 1000));
      const cpuMs = target.cpuMs() - cpu;
      const loop = thread?.stop() ?? null;
      const postgresCpuMs = postmaster ? postgresCpu() - pgCpu : null;
      const biddersCpuMs = treeCpuMs(bidders.pid) - bidCpu;
      const perfSummary = await perf?.stop();
      if (perfSummary)
        printPerfSummary(
          `PostgreSQL's CPU by area, ${name}`,
          perfSummary,
          postgresCpuMs !== null && result.count > 0 ? postgresCpuMs / result.count : null,
        );
      await target.settle?.();
      const after = await settledCounts(counter, lots, fixture.userIds);
      const now = app.services.bids.paths();
      const fast = now.fast - paths.fast;
      const batches = fast + now.locked - paths.locked;
      return {
        name,
        kind,
        hot,
        result,
        cpuMs,
        postgresCpuMs,
        biddersCpuMs,
        fastShare: target === inProcess && batches > 0 ? fast / batches : null,
        lotsPerStatement:
          target === inProcess && now.statements > paths.statements
            ? (now.lots - paths.lots) / (now.statements - paths.statements)
            : null,
        loop,
        rows: {
          bids: after.bids - before.bids,
          notices: after.notices - before.notices,
          delivered: after.delivered - before.delivered,
        },
      };
    };
    function unavailable(name: string, kind: Measured['kind'], hot: boolean, note: string): Measured {
      return {
        name,
        kind,
        hot,
        result: null,
        note,
        cpuMs: 0,
        postgresCpuMs: null,
        biddersCpuMs: 0,
        fastShare: null,
        lotsPerStatement: null,
        loop: null,
        rows: { bids: 0, notices: 0, delivered: 0 },
      };
    }

    const results: Measured[] = [];
    // 1. The bare handler, in its own process (lib/bare-bid-process.ts).
    {
      const child = fork(new URL('./lib/bare-bid-process.ts', import.meta.url), [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'error', DATA_DIR: config.DATA_DIR },
        stdio: 'inherit',
      });
      const bareOrigin = await new Promise<string>((resolve, reject) => {
        child.once('message', (m: { origin: string }) => resolve(m.origin));
        child.once('error', reject);
      });
      const ask = <T>(message: object, key: string) =>
        new Promise<T>((resolve) => {
          const on = (m: Record<string, unknown>) => {
            if (!(key in m)) return;
            child.off('message', on);
            resolve(m[key] as T);
          };
          child.on('message', on);
          child.send(message);
        });
      const bare: Target = {
        origin: bareOrigin,
        path: BARE_BID_PATH,
        cpuMs: () => treeCpuMs(child.pid!),
        async profile(file, work) {
          await ask<boolean>({ profile: 'start' }, 'profiling');
          const result = await work();
          return { result, summary: await ask<FlameSummary>({ profile: 'stop', file }, 'summary') };
        },
      };
      results.push(await run('bare handler: one hot lot', 'bare', bare, true));
      results.push(await run(`bare handler: ${SPREAD_LOTS} lots`, 'bare', bare, false));
      if (PROFILE)
        for (const hot of [true, false])
          await run(
            `bare handler: ${hot ? 'one hot lot' : `${SPREAD_LOTS} lots`} (profiled, not in the table)`,
            'bare',
            bare,
            hot,
            profileFile(hot ? 'bare-hot' : 'bare'),
          );
      child.disconnect();
      await new Promise((r) => child.once('exit', r));
      // The bare handler runs the product's statement, which writes the outbid-notice outbox rows (decision 098),
      // but has no worker to send them. Left, they would be sent by the product's workers during the product's
      // scenarios and charged to its CPU: removed (counted above as written, not delivered).
      if ((await counter.query("select to_regclass('bid_outbox') is not null as t")).rows[0]?.t)
        await counter.query(
          'delete from bid_outbox where processed_at is null and lot_id = any($1::uuid[])',
          [[fixture.hotLot, ...fixture.lots]],
        );
    }
    // 2. The product in this process (the in-process app, as decision 030 measured it).
    const setMode = (after: boolean) => {
      app.services.bids.useFastPath(after);
      app.ctx.tokens.sessionCache.setTrusted(after);
    };
    if (process.env.BENCH_BEFORE === '1') {
      setMode(false);
      results.push(await run('product, before 030 (locked path): one hot lot', 'product', inProcess, true));
      results.push(
        await run(`product, before 030 (locked path): ${SPREAD_LOTS} lots`, 'product', inProcess, false),
      );
      setMode(true);
    }
    if (process.env.BENCH_PROFILE_ONLY !== '1')
      results.push(await run('product: one hot lot', 'product', inProcess, true));
    results.push(await run(`product: ${SPREAD_LOTS} lots`, 'product', inProcess, false));
    // Profiled here, before section 3 gives every bidder a limit: the product as the rows above measured it.
    if (PROFILE)
      for (const hot of [true, false])
        await run(
          `product: ${hot ? 'one hot lot' : `${SPREAD_LOTS} lots`} (profiled, not in the table)`,
          'product',
          inProcess,
          hot,
          profileFile(hot ? 'product-hot' : 'product'),
        );
    // 3. Issue 28 (decision 090): the same bidders, each with a bidding limit far above what they can reach in the
    // run, so every bid is checked (their row locked, their exposure read) and none is refused for it. Right after the
    // product's rows above, on the same warm process whose cached lots are still current: run after the server
    // processes below, whose bids made its cached lots stale, a fifth of its batches took the locked path (a stale
    // copy's first bid does) and its p99 read twice the unlimited row's. The limits are removed after it.
    if (process.env.BENCH_PROFILE_ONLY !== '1' && wanted('product, every bidder with a limit')) {
      await setLimits(databaseUrl, fixture.userIds);
      results.push(
        await run(`product, every bidder with a limit: ${SPREAD_LOTS} lots`, 'product', inProcess, false),
      );
      await setLimits(databaseUrl, []);
    }
    // 4. The product as a deployment starts it: WORKERS=1, then WORKERS=2 (issue 30 section 3, decision 099).
    for (const workers of process.env.BENCH_PROFILE_ONLY === '1' ? [] : [1, 2]) {
      if (!wanted(`server process, WORKERS=${workers}`)) continue;
      const server = await startServerProcess(workers, {
        DATABASE_URL: databaseUrl,
        NODE_ENV: 'production',
        LOG_LEVEL: 'error',
        SEED_DEMO: 'false',
        DATA_DIR: config.DATA_DIR,
        RATE_LIMIT_SCALE: '1000',
        ...SECRETS,
      }).catch((err: unknown) => String(err));
      const label = `server process, WORKERS=${workers}`;
      if (typeof server === 'string') {
        results.push(
          unavailable(`${label}: ${SPREAD_LOTS} lots`, 'product', false, `not available: ${server}`),
        );
        continue;
      }
      if (workers > 1 && server.processes < workers) {
        // Started, but as one process: WORKERS is not (yet) read by server.ts.
        results.push(
          unavailable(
            `${label}: ${SPREAD_LOTS} lots`,
            'product',
            false,
            `not available: the server started ${server.processes} node process(es)`,
          ),
        );
      } else {
        const target: Target = {
          origin: server.origin,
          path: PRODUCT_PATH,
          cpuMs: () => treeCpuMs(server.pid),
        };
        const procs = `${server.processes} process${server.processes > 1 ? 'es' : ''}`;
        results.push(await run(`${label} (${procs}): one hot lot`, 'product', target, true));
        results.push(await run(`${label} (${procs}): ${SPREAD_LOTS} lots`, 'product', target, false));
      }
      await server.stop();
    }
    bidders.close();
    await counter.end();
    await app.close();
    await database.close();
    // The ceilings right after, in the same run and on the same load.
    const hotCeiling = pgbenchCeiling(databaseUrl, 1);
    const spreadCeiling = pgbenchCeiling(databaseUrl, SPREAD_LOTS);

    const bareOf = (hot: boolean) => results.find((m) => m.kind === 'bare' && m.hot === hot && m.result);
    const perAnswer = (m: Measured) => m.cpuMs / Math.max(1, m.result!.count);
    const x = (v: number) => `${v.toFixed(2)}x`;
    const toBare = (m: Measured, bare: Measured | undefined, ratio: (b: Measured) => number) =>
      m.kind === 'bare' ? '1.00x' : bare ? x(ratio(bare)) : 'n/a';
    const shown = results.filter((m) => m.note !== SKIPPED);
    const rows = shown.map((m) => {
      if (!m.result) return [m.name, m.note ?? 'not available', '', '', '', '', '', '', '', '', '', '', ''];
      const bare = bareOf(m.hot);
      const ceiling = m.hot ? hotCeiling : spreadCeiling;
      const r = m.result;
      return [
        m.name,
        r.perSecond.toFixed(0),
        toBare(m, bare, (b) => r.perSecond / b.result!.perSecond),
        x(r.perSecond / ceiling),
        fmt(r.p50),
        fmt(r.p99),
        perAnswer(m).toFixed(2),
        toBare(m, bare, (b) => perAnswer(m) / perAnswer(b)),
        m.postgresCpuMs === null ? 'n/a' : (m.postgresCpuMs / Math.max(1, r.count)).toFixed(2),
        (m.biddersCpuMs / Math.max(1, r.count)).toFixed(2),
        `${r.accepted} / ${m.rows.bids}`,
        `${m.rows.delivered} / ${m.rows.notices}`,
        String(r.errors),
      ];
    });
    const header = [
      'scenario',
      'answers/s',
      'vs bare',
      'vs pgbench',
      'p50',
      'p99',
      'CPU ms/answer',
      'CPU vs bare',
      'PostgreSQL CPU ms/answer',
      'bidders CPU ms/answer',
      'accepted: answers / in db',
      'outbid notices: delivered / written',
      '5xx/errors',
    ];
    const widths = header.map((h, i) =>
      Math.max(h.length, ...rows.map((r) => (i === 0 || r[1] ? r[i]!.length : 0))),
    );
    const line = (cells: string[]) =>
      cells[2] === '' && cells[1] !== ''
        ? `| ${cells[0]!.padEnd(widths[0]!)} | ${cells[1]} |`
        : `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
    console.log(line(header));
    console.log(
      `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
    );
    for (const r of rows) console.log(line(r));
    const lost = results.filter((m) => m.result && m.result.accepted !== m.rows.bids);
    console.log(
      `\npgbench ceilings, ${BIDDERS} clients, one single-row update per transaction: hot row ${hotCeiling.toFixed(0)} tps; ` +
        `a random row of ${SPREAD_LOTS} ${spreadCeiling.toFixed(0)} tps ("vs pgbench": to the scenario's ceiling). ` +
        '"vs bare": answers per second and CPU per answer as ratios to the bare handler on the same lots (lib/bare-bid-server.ts: ' +
        'the same batching and one-statement bid, no auth, validation, idempotency, events or notices).',
    );
    console.log(
      "CPU ms/answer: the server's CPU time (user + system) per answer: the in-process app's process.cpuUsage " +
        "(the bidders run in their own process), a server process tree's from /proc. PostgreSQL's and the bidders' are " +
        "printed beside it (the postmaster's process tree and the bidders' process, from /proc; the machine has " +
        `${os.cpus().length} cores, ${os.cpus().length * 1000} CPU ms per second to share). ` +
        `Nothing lost: ${lost.length === 0 ? 'every accepted answer is a bid in the database' : `MISMATCH in ${lost.map((m) => m.name).join(', ')}`}; ` +
        "outbid notices: bid_outbox rows processed / written (decision 098), or the announcer's outbid notifications before it.",
    );
    const fastShares = results.filter((m) => m.fastShare !== null);
    if (fastShares.length)
      console.log(
        `Fast path share of batches (in-process product), and lots per guarded statement (bid-write-combiner.ts): ${fastShares
          .map(
            (m) =>
              `${m.name} ${(m.fastShare! * 100).toFixed(0)}%, ${m.lotsPerStatement?.toFixed(2) ?? 'n/a'} lots`,
          )
          .join('; ')}.`,
      );
    const loops = results.filter((m) => m.loop !== null);
    if (loops.length)
      console.log(
        `The in-process server's thread (what the 32 bidders' answers queue behind): ${loops
          .map(
            ({ name, loop }) =>
              `${name}: event-loop delay p50 ${fmt(loop!.delayP50)}, p99 ${fmt(loop!.delayP99)}, ` +
              `garbage collection ${loop!.gcMs.toFixed(0)} ms in ${SECONDS} s (longest pause ${fmt(loop!.gcMaxMs)})`,
          )
          .join('; ')}.`,
      );
    const spread = results.find((m) => m.name === `product: ${SPREAD_LOTS} lots`);
    const limited = results.find((m) => m.name.startsWith('product, every bidder with a limit'));
    if (spread?.result && limited?.result)
      console.log(
        `Bidding limits (decision 090): p99 with every bidder limited / without, ${SPREAD_LOTS} lots: ` +
          `${(limited.result.p99 / Math.max(0.001, spread.result.p99)).toFixed(2)}x (goal: under 1.10x); ` +
          `CPU per answer ${(perAnswer(limited) / perAnswer(spread)).toFixed(2)}x.`,
      );
  },
};
export default bench;
