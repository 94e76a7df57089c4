#!/usr/bin/env node
// The release image's steps without a container engine (Dockerfile, decision 044): the built web app, then the
// production start exactly as the image's CMD runs it, on a fresh data folder; it must become live and ready,
// serve the site and its metrics port, and stop cleanly on SIGTERM. `npm test` runs it after the web build.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const READY_WITHIN_MS = 120_000;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });

function fail(message, output) {
  console.error(`release smoke: ${message}`);
  if (output) console.error(output.slice(-4000));
  process.exit(1);
}

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')))
  fail('apps/web/dist is missing: run `npm run build` first (the image builds it).');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-release-'));
const [port, metricsPort] = [await freePort(), await freePort()];
const base = `http://127.0.0.1:${port}`;
// The image's environment (Dockerfile ENV) plus what an operator must set; nothing from this machine's shell.
const env = {
  PATH: process.env.PATH,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  PUBLIC_URL: base,
  JWT_SECRET: 'release-smoke-jwt-secret-0123456789abcdef0123456789',
  OTP_SECRET: 'release-smoke-otp-secret-0123456789abcdef0123456789',
  PAYOUT_DETAILS_KEY: 'release-smoke-payout-key-0123456789abcdef0123456789',
  METRICS_PORT: String(metricsPort),
  LOG_LEVEL: 'warn',
};
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout.on('data', (d) => (output += d));
child.stderr.on('data', (d) => (output += d));
let exited = null;
child.on('exit', (code, signal) => (exited = { code, signal }));

const get = async (url) => {
  try {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  } catch {
    return { status: 0, type: '', text: '' };
  }
};

const started = Date.now();
let ready;
while (Date.now() - started < READY_WITHIN_MS) {
  if (exited) fail(`the server exited during start (${JSON.stringify(exited)})`, output);
  ready = await get(`${base}/api/health/ready`);
  if (ready.status === 200) break;
  await new Promise((r) => setTimeout(r, 500));
}
const checks = [];
const check = (name, ok) => checks.push({ name, ok });
check(
  'ready (database up, migrations current)',
  ready?.status === 200 && JSON.parse(ready.text).migrations === 'current',
);
check('live', (await get(`${base}/api/health/live`)).status === 200);
check('/api/health kept', (await get(`${base}/api/health`)).status === 200);
const home = await get(`${base}/`);
check(
  'the site (production build) is served',
  home.status === 200 && home.type.includes('text/html') && home.text.includes('<div id="root"'),
);
check('the API document is served', (await get(`${base}/api/docs/json`)).status === 200);
const metrics = await get(`http://127.0.0.1:${metricsPort}/metrics`);
check(
  'metrics on METRICS_PORT',
  metrics.status === 200 && metrics.text.includes('knotwork_http_requests_total'),
);
// The public port answers /metrics with the site's own not-found page, never with the metrics.
check(
  'no metrics on the public port',
  !(await get(`${base}/metrics`)).text.includes('knotwork_http_requests_total'),
);
const readyMs = Date.now() - started;

child.kill('SIGTERM');
const stopped = await new Promise((resolve) => {
  if (exited) return resolve(exited);
  const timer = setTimeout(() => resolve(null), 30_000);
  child.on('exit', (code, signal) => {
    clearTimeout(timer);
    resolve({ code, signal });
  });
});
check('stops cleanly on SIGTERM', stopped !== null && stopped.code === 0);
fs.rmSync(dataDir, { recursive: true, force: true });

for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}`);
const failed = checks.filter((c) => !c.ok).length;
console.log(`release smoke: ready in ${(readyMs / 1000).toFixed(1)} s on a fresh data folder`);
console.log(`${checks.length - failed} passed, ${failed} failed`);
if (failed) fail('the production start did not pass', output);
