/**
 * Settling a closed sale (issue 27 §5, decision 087): 1,000 consigned lots from 200 consignors, every buyer paid and
 * the holding period over, settled through the service (claims, ledger entries, advances) and then one statement per
 * consignor read from the journal. The bar: under 5 s on PostgreSQL. The sale is built first (not timed).
 * BENCH_LOTS (default 1,000), BENCH_CONSIGNORS (default 200); BENCH_PGLITE=1 runs it on embedded PGlite instead.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { openDatabase } from '../apps/server/src/db/open.ts';
import { consignedSale, makeConsignor } from '../apps/server/test/settlements/fixtures.ts';
import type { Bench } from './lib/types.ts';

const LOTS = Number(process.env.BENCH_LOTS ?? 1000);
const CONSIGNORS = Number(process.env.BENCH_CONSIGNORS ?? 200);
const GOAL_MS = 5000;

const bench: Bench = {
  name: 'Settling a closed sale',
  async run({ databaseUrl }) {
    const pglite = process.env.BENCH_PGLITE === '1';
    const dataDir = pglite ? fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-bench-')) : undefined;
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      ...(pglite ? { DATA_DIR: dataDir! } : { DATABASE_URL: databaseUrl }),
    });
    const database = await openDatabase(config);
    const app = await buildApp({ config, database, serveWeb: false });
    await app.ready();
    try {
      const [staff] = await database.query<{ id: string }>(
        `insert into users (first_name, last_name, email, role, email_verified_at)
         values ('Bench', 'Accounts', $1, 'admin', now()) returning id`,
        [`bench.settle.${Date.now()}@example.com`],
      );
      const consignorIds: string[] = [];
      for (let i = 0; i < CONSIGNORS; i += 1) consignorIds.push(await makeConsignor(app, staff!.id));
      const lots = await consignedSale(database, { consignorIds, lots: LOTS });
      const items = lots.map((l) => ({ itemId: l.itemId, lotId: l.lotId }));
      console.log(
        `\n${LOTS.toLocaleString('en')} lots from ${CONSIGNORS} consignors on ${pglite ? 'PGlite' : 'PostgreSQL'}`,
      );

      const service = app.services.settlements;
      const started = performance.now();
      const result = await service.run(staff!.id, { items });
      const settledMs = performance.now() - started;
      const year = new Date().getUTCFullYear();
      for (const id of consignorIds)
        await service.statement(id, { from: `${year}-01-01`, to: `${year + 1}-01-01` });
      const totalMs = performance.now() - started;
      const again = await service.run(staff!.id, { items });

      console.log(
        `settled ${result.settled} lots, ${result.entries} journal entries in ${settledMs.toFixed(0)} ms`,
      );
      console.log(`+ ${CONSIGNORS} statements: ${totalMs.toFixed(0)} ms in all`);
      console.log(
        `goal < ${GOAL_MS} ms: ${totalMs < GOAL_MS ? 'met' : 'MISSED'} (${((totalMs / GOAL_MS) * 100).toFixed(0)}% of it)`,
      );
      console.log(`second run: ${again.settled} lots, ${again.entries} entries (idempotent)`);
    } finally {
      await app.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
export default bench;
