/**
 * Benchmark runner: imports every bench/*.bench.ts (filtered by the first argument, if any) and runs its default
 * export, a `Bench`. Each bench gets the benchmark database URL and prints its own table. Later benches (the
 * auction engine's) only add a file here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBenchDatabase } from './lib/database.ts';
import type { Bench } from './lib/types.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();

const url = await ensureBenchDatabase();
for (const file of files) {
  const bench = (await import(path.join(dir, file))).default as Bench;
  console.log(`\n== ${bench.name} (${file})`);
  await bench.run({ databaseUrl: url });
}
