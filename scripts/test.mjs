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
if (!only || only === 'unit') {
  // The API document: Redocly lint (0 errors) and the committed typed client current (scripts/api-document.mjs).
  run('node', ['scripts/api-document.mjs', '--check']);
  run('npx', ['vitest', 'run', '--project', 'shared', '--project', 'web', '--project', 'server']);
}
if (!only || only === 'e2e') {
  run('npm', ['run', 'build', '-w', '@knotwork/web']);
  // The release image's steps: production start on a fresh data folder, live, ready, SIGTERM (Dockerfile).
  run('node', ['scripts/release-smoke.mjs']);
  run('npx', ['vitest', 'run', '--project', 'e2e']);
}
