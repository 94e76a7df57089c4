/**
 * GET /rug at 100,000 rugs on PostgreSQL: latency percentiles per filter scenario over HTTP (the real app, listening
 * on a random port; the load generator in a worker thread), one request at a time, at a steady BENCH_RATE and with
 * BENCH_CONNECTIONS back to back; first with the totals/facets caches off (NODE_ENV=test turns them off, nothing
 * else), then with them on as in production; then the SQL alone per scenario (page query, the listing's total as
 * served: capped count + estimate, and a full exact count for reference).
 * Set BENCH_SECONDS (default 5, at most 10), BENCH_RATE (default 100) and BENCH_CONNECTIONS (default 8).
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { RugFilterInput } from '@knotwork/shared/schemas/rug-filter';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { parseRugFilter } from '../apps/server/src/modules/catalogue/filter-request.ts';
import { createRugRepository } from '../apps/server/src/modules/catalogue/rug-repository.ts';
import { EXACT_COUNT_LIMIT, RANK_LIMIT } from '../apps/server/src/modules/catalogue/listing-limits.ts';
import { toPrefixTsQuery } from '../apps/server/src/modules/catalogue/search-text.ts';
import { drive } from './lib/load.ts';
import { fmt, summarise } from './lib/stats.ts';
import type { Bench } from './lib/types.ts';

const RUGS = Number(process.env.BENCH_RUGS ?? 100_000);
const SECONDS = Math.min(10, Number(process.env.BENCH_SECONDS ?? 5));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
/** Requests per second of the steady (open-loop) load: far above a rug house's traffic, well below saturation. */
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SQL_RUNS = 200;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Realistic filters: what the listing page, the footer links and the search box send. */
const SCENARIOS: { name: string; filters: RugFilterInput[] }[] = [
  { name: 'unfiltered, newest', filters: [{}, { page: 2 }, { page: 5 }] },
  {
    name: 'collection (footer link)',
    filters: [
      { collections: ['Antique Persian'] },
      { collections: ['Caucasian Tribal'] },
      { collections: ['runners-gallery'] },
    ],
  },
  {
    name: 'facets: style + colour + size, price sort',
    filters: [
      { styles: ['persian'], colours: ['red'], sort: 'priceAsc' },
      { styles: ['caucasian', 'turkish'], widthMin: 150, widthMax: 250, sort: 'priceDesc' },
      { ageClasses: ['antique'], materials: ['silk'], sort: 'sizeDesc' },
      { shapes: ['runner'], lengthMin: 300, colours: ['blue', 'navy'] },
    ],
  },
  {
    name: 'price range + availability',
    filters: [
      { priceMin: 100_000, priceMax: 500_000 },
      { availability: ['buyNow'], sort: 'priceAsc' },
      { availability: ['open'], sort: 'endingSoon' },
      { availability: ['open', 'upcoming'], styles: ['persian'] },
    ],
  },
  {
    name: 'text search (prefix)',
    filters: [
      { q: 'heriz' },
      { q: 'kaz' },
      { q: 'antique oush' },
      { q: 'silk qum' },
      { q: 'hér', sort: 'priceAsc' },
    ],
  },
];

async function ensureCatalogue(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const count = await client
    .query<{ n: string }>('select count(*) as n from rugs')
    .then((r) => Number(r.rows[0]!.n))
    .catch(() => 0);
  await client.end();
  if (count >= RUGS) return count;
  console.log(`generating ${RUGS - count} rugs (once)...`);
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/generate-catalogue.ts', '--count', String(RUGS - count)],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url },
    },
  );
  if (r.status !== 0) throw new Error('catalogue:generate failed');
  return RUGS;
}

const bench: Bench = {
  name: 'Catalogue listing',
  async run({ databaseUrl }) {
    const rugs = await ensureCatalogue(databaseUrl);
    const configFor = (nodeEnv: 'test' | 'production') =>
      loadConfig({
        ...process.env,
        NODE_ENV: nodeEnv,
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'false',
        DATA_DIR: path.join(os.tmpdir(), 'knotwork-bench'),
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        RATE_LIMIT_SCALE: '1000',
      });
    const database = await openDatabase(configFor('production'));
    console.log(
      `${rugs} rugs; per scenario ${SECONDS} s each at 1 connection, ${RATE} req/s open loop, ${CONNECTIONS} connections; ${os.cpus().length} cores\n`,
    );

    const rows: string[][] = [];
    const listUrls = (s: (typeof SCENARIOS)[number]) =>
      s.filters.map((f) => `/api/v1/rug?data=${encodeURIComponent(JSON.stringify(f))}`);
    // Three loads per scenario: one request at a time (the latency of a request on its own), a steady RATE of
    // independent visitors (latency at a stated load: the goal's figure), and CONNECTIONS back to back (the most
    // this machine serves, where latency is mostly waiting for one of the 2 cores).
    const measure = async (origin: string, urls: string[]) => {
      const durationMs = SECONDS * 1000;
      const alone = await drive({ origin, urls, connections: 1, durationMs });
      const steady = await drive({ origin, urls, connections: 1, ratePerSecond: RATE, durationMs });
      const saturated = await drive({ origin, urls, connections: CONNECTIONS, durationMs });
      return [
        fmt(alone.p50),
        fmt(alone.p95),
        fmt(steady.p50),
        fmt(steady.p95),
        fmt(steady.p99),
        saturated.perSecond.toFixed(0),
        fmt(saturated.p95),
        String(alone.errors + steady.errors + saturated.errors),
      ];
    };
    for (const cached of [false, true]) {
      const app = await buildApp({
        config: configFor(cached ? 'production' : 'test'),
        database,
        serveWeb: false,
      });
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      const label = cached ? 'cached' : 'uncached';
      for (const s of SCENARIOS)
        rows.push([`GET /rug (${label}): ${s.name}`, ...(await measure(origin, listUrls(s)))]);
      rows.push([
        `GET /rug (${label}): all scenarios mixed`,
        ...(await measure(origin, SCENARIOS.flatMap(listUrls))),
      ]);
      if (cached) {
        const facetUrls = SCENARIOS.flatMap((s) => s.filters).map(
          (f) => `/api/v1/rug/facets?data=${encodeURIComponent(JSON.stringify(f))}`,
        );
        rows.push(['GET /rug/facets (cached 15 s): all scenarios', ...(await measure(origin, facetUrls))]);
      }
      await app.close();
    }
    printTable(
      [
        'scenario',
        '1 conn p50',
        '1 conn p95',
        `${RATE}/s p50`,
        `${RATE}/s p95`,
        `${RATE}/s p99`,
        `${CONNECTIONS} conns req/s`,
        `${CONNECTIONS} conns p95`,
        'errors',
      ],
      rows,
    );

    // The SQL alone, one query at a time: the page (ids by index-only scan, then the rows with covers), the total as
    // the listing computes it (count capped at EXACT_COUNT_LIMIT + 1 and the planner estimate, in parallel), and a
    // full exact count, which the listing no longer runs on the request path (reference only).
    const repo = createRugRepository(database.db);
    const sqlRows: string[][] = [];
    for (const s of SCENARIOS) {
      const pageMs: number[] = [];
      const totalMs: number[] = [];
      const exactMs: number[] = [];
      for (let i = 0; i < SQL_RUNS; i += 1) {
        const filter = parseRugFilter(s.filters[i % s.filters.length]);
        const ctx = {
          now: new Date(),
          collectionIds: filter.collections ? await repo.resolveCollections(filter.collections) : undefined,
          tsQuery: filter.q ? toPrefixTsQuery(filter.q) : undefined,
        };
        const sort = filter.sort ?? (ctx.tsQuery ? 'relevance' : 'newest');
        let t = performance.now();
        const [upTo, estimate] = await Promise.all([
          repo.countUpTo(filter, ctx, EXACT_COUNT_LIMIT),
          repo.estimate(filter, ctx),
        ]);
        totalMs.push(performance.now() - t);
        const total = upTo <= EXACT_COUNT_LIMIT ? upTo : Math.max(estimate, EXACT_COUNT_LIMIT + 1);
        t = performance.now();
        await repo.list(filter, ctx, sort, total <= RANK_LIMIT);
        pageMs.push(performance.now() - t);
        if (i < SQL_RUNS / 4) {
          t = performance.now();
          await repo.count(filter, ctx);
          exactMs.push(performance.now() - t);
        }
      }
      const p = summarise(pageMs, 1, 0);
      const c = summarise(totalMs, 1, 0);
      const e = summarise(exactMs, 1, 0);
      sqlRows.push([s.name, fmt(p.p50), fmt(p.p95), fmt(c.p50), fmt(c.p95), fmt(e.p50), fmt(e.p95)]);
    }
    console.log('');
    printTable(
      ['SQL only', 'page p50', 'page p95', 'total p50', 'total p95', 'exact count p50', 'exact count p95'],
      sqlRows,
    );
    await database.close();
  },
};
export default bench;

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}
