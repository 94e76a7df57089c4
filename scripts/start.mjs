#!/usr/bin/env node
// `npm start`: builds the web app if it is missing or older than its sources, then runs the server,
// which creates the database, applies migrations and loads demo data on first run.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(full).map((f) => newest(path.join(p, f))));
}

// A local .env (see .env.example) configures `npm start` without exporting variables by hand.
const envFile = path.join(root, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);

const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newest))) {
  // The same two builds as `npm run build -w @knotwork/web`, saying only warnings and errors: a first start prints the
  // banner, not five hundred lines of file sizes (issue 24).
  console.log('Building the web app (a minute or two on a first start)...');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  for (const args of [['build'], ['build', '--ssr', 'src/entry-server.tsx']]) {
    const r = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn'], {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
