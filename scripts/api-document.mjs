#!/usr/bin/env node
// The API document and the typed client generated from it (decision 043).
//   node scripts/api-document.mjs          writes packages/client/openapi.json and packages/client/src/schema.d.ts
//   node scripts/api-document.mjs --check  (CI) lints a fresh document with Redocly (0 errors) and fails if the
//                                          committed document or types are not what the code generates now
// No server is started: the app is built on a throw-away embedded database (apps/server/src/cli/write-openapi.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const clientDir = path.join(root, 'packages', 'client');
const committed = {
  document: path.join(clientDir, 'openapi.json'),
  types: path.join(clientDir, 'src', 'schema.d.ts'),
};
const check = process.argv.includes('--check');

function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (r.status !== 0) {
    console.error(`\n${path.basename(cmd)} ${args.join(' ')} failed`);
    process.exit(r.status ?? 1);
  }
}

const out = check ? fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-api-')) : undefined;
const target = check
  ? { document: path.join(out, 'openapi.json'), types: path.join(out, 'schema.d.ts') }
  : committed;

run(bin('tsx'), ['src/cli/write-openapi.ts', target.document], { cwd: path.join(root, 'apps', 'server') });
run(bin('openapi-typescript'), [
  target.document,
  '--output',
  target.types,
  '--root-types',
  '--alphabetize',
  '--redocly',
  path.join(root, 'redocly.yaml'),
]);
// Formatted like the rest of the repository, so the committed files and a fresh run compare byte for byte.
run(bin('prettier'), [
  '--write',
  '--log-level',
  'warn',
  '--config',
  path.join(root, '.prettierrc.json'),
  '--ignore-path',
  '',
  target.document,
  target.types,
]);

if (check) {
  run(bin('redocly'), [
    'lint',
    target.document,
    '--config',
    path.join(root, 'redocly.yaml'),
    '--format',
    'summary',
  ]);
  const stale = Object.keys(committed).filter(
    (k) =>
      !fs.existsSync(committed[k]) ||
      fs.readFileSync(committed[k], 'utf8') !== fs.readFileSync(target[k], 'utf8'),
  );
  fs.rmSync(out, { recursive: true, force: true });
  if (stale.length > 0) {
    console.error(
      `\nThe committed API ${stale.join(' and ')} in packages/client are out of date: run \`npm run api:client\` and commit.`,
    );
    process.exit(1);
  }
  console.log('API document: Redocly lint clean, packages/client current.');
}
