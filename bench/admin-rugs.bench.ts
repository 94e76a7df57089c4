/**
 * GET /api/v1/admin/rugs (the back office's rug grid, issue 11) at 100,000 rugs on PostgreSQL: p50/p95 per
 * scenario (sorts, status and style filters, text search, deep pages), one request at a time through the real
 * app (Fastify inject, so the numbers are the server's: routing, validation, SQL, serialisation). The issue's bar:
 * p95 under 50 ms a page with filters and sorting. BENCH_RUGS (default 100,000), BENCH_RUNS (default 60 per query).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { fmt, summarise } from './lib/stats.ts';
import type { Bench } from './lib/types.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 60);

const SCENARIOS: { name: string; queries: string[] }[] = [
  { name: 'recently updated (default)', queries: ['', 'page=2', 'page=40'] },
  { name: 'status filter, updated', queries: ['status=available', 'status=draft', 'status=sold&page=3'] },
  {
    name: 'sort by title / estimate / created',
    queries: ['sort=title&order=asc', 'sort=estimateLow&order=desc', 'sort=createdAt&order=asc&page=10'],
  },
  {
    name: 'style + status, sorted',
    queries: [
      'style=persian&status=available&sort=estimateLow&order=asc',
      'style=caucasian&sort=title&order=asc',
    ],
  },
  { name: 'text search', queries: ['q=heriz', 'q=antique%20kazak', 'q=silk&status=available'] },
];

const bench: Bench = {
  name: 'Back-office rug grid',
  async run({ databaseUrl }) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const rugs = Number((await client.query<{ n: string }>('select count(*) as n from rugs')).rows[0]!.n);
    await client.end();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    });
    const database = await openDatabase(config);
    const app = await buildApp({ config, database, serveWeb: false });
    await app.ready();
    // A specialist's session, made directly (the bench measures the grid, not sign-in).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ id: string }>(
      `insert into users (first_name, last_name, email, role, email_verified_at) values ('Bench', 'Specialist', $1, 'specialist', now()) returning id`,
      [`bench.${Date.now()}@example.com`],
    );
    await db.end();
    const { token } = await app.ctx.tokens.issue(rows[0]!.id);
    console.log(`\n${rugs.toLocaleString('en')} rugs, ${RUNS} requests per query, one at a time`);
    console.log(`${'scenario'.padEnd(40)}     p50      p95      max`);
    for (const s of SCENARIOS) {
      const samples: number[] = [];
      let errors = 0;
      const start = performance.now();
      for (let i = 0; i < RUNS; i++) {
        for (const q of s.queries) {
          const t0 = performance.now();
          const res = await app.inject({
            method: 'GET',
            url: `/api/v1/admin/rugs?${q}`,
            headers: { authorization: `Bearer ${token}` },
          });
          samples.push(performance.now() - t0);
          if (res.statusCode !== 200) errors += 1;
        }
      }
      const sum = summarise(samples.slice(s.queries.length), performance.now() - start, errors);
      const max = Math.max(...samples.slice(s.queries.length));
      console.log(
        `${s.name.padEnd(40)} ${fmt(sum.p50).padStart(8)} ${fmt(sum.p95).padStart(8)} ${fmt(max).padStart(8)}${errors ? `  ${errors} errors` : ''}`,
      );
    }
    await app.close();
    await database.close();
  },
};
export default bench;
