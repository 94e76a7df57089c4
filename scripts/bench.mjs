#!/usr/bin/env node
// `npm run bench [-- <name filter>]`: runs every bench/*.bench.ts (or those whose name contains the filter) against
// PostgreSQL. See bench/run.ts and docs/benchmarks.md.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', ...process.env },
});
child.on('exit', (code) => process.exit(code ?? 1));
