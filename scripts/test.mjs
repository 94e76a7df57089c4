#!/usr/bin/env node
// `npm test`: unit and API tests, then the browser tests against the built site.
// With TEST_DATABASE_URL set, API and browser tests run on PostgreSQL instead of PGlite.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  console.log(`\n> ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const db = process.env.TEST_DATABASE_URL ? `PostgreSQL (${process.env.TEST_DATABASE_URL})` : 'PGlite';
console.log(`Testing on ${db}`);
const only = process.argv[2];
if (!only || only === 'unit')
  run('npx', ['vitest', 'run', '--project', 'shared', '--project', 'web', '--project', 'server']);
if (!only || only === 'e2e') {
  run('npm', ['run', 'build', '-w', '@knotwork/web']);
  run('npx', ['vitest', 'run', '--project', 'e2e']);
}
