#!/usr/bin/env node
// `node scripts/web-size.mjs [route module ...]`: the JavaScript and CSS a first visit downloads, from the
// production build (apps/web/dist, built with its Vite manifest). Prints gzip and brotli sizes of what
// index.html loads (entry, modulepreloads, stylesheets) and of each route module's lazy chunks, and exits 1 when
// the listing route's first-paint JavaScript needs more than its budget (issue 9: "initial JavaScript of the listing
// route at most 150 KB gzip"). Scripts and stylesheets together are printed too.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

// WEB_DIST_DIR measures a build made elsewhere (`npx vite build --outDir ...` in apps/web).
const dist =
  process.env.WEB_DIST_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const BUDGET_KB = 150;
const LISTING = 'src/features/catalogue/routes/rug-listing-page.tsx';
const routes = process.argv.slice(2).length ? process.argv.slice(2) : [LISTING];

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [
  ...[...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]),
  // A server-rendered page (the listing is one) starts its scripts with this one after `load` (apps/server's web-ssr.ts).
  'start-after-load.js',
];

const sizes = (file) => {
  const data = fs.readFileSync(path.join(dist, file));
  return {
    raw: data.length,
    gzip: zlib.gzipSync(data, { level: 9 }).length,
    br: zlib.brotliCompressSync(data).length,
  };
};
const kb = (n) => (n / 1024).toFixed(1).padStart(7);
function table(title, files) {
  const total = { raw: 0, gzip: 0, br: 0, jsGzip: 0 };
  console.log(`\n${title}\n${'file'.padEnd(52)}     raw    gzip  brotli (KB)`);
  for (const file of files) {
    const s = sizes(file);
    for (const k of ['raw', 'gzip', 'br']) total[k] += s[k];
    if (file.endsWith('.js')) total.jsGzip += s.gzip;
    console.log(`${file.replace('assets/', '').padEnd(52)} ${kb(s.raw)} ${kb(s.gzip)} ${kb(s.br)}`);
  }
  console.log(`${'total'.padEnd(52)} ${kb(total.raw)} ${kb(total.gzip)} ${kb(total.br)}`);
  return total;
}

/** A manifest chunk and every chunk it imports statically (what loading it really fetches), with its CSS. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((k) => closure(k, seen))];
}

const first = table('index.html (every page, before any route)', initial);
let failed = false;
for (const route of routes) {
  if (!manifest[route]) throw new Error(`${route} is not a chunk in the manifest`);
  const lazy = [...new Set(closure(route))].filter((f) => !initial.includes(f));
  const own = table(`lazy chunks of ${route}`, lazy);
  const gzip = first.gzip + own.gzip;
  const jsGzip = first.jsGzip + own.jsGzip;
  console.log(
    `first paint of ${route}: ${kb(gzip)} KB gzip, ${kb(first.br + own.br)} KB brotli (scripts and stylesheets)`,
  );
  console.log(`  of which JavaScript: ${kb(jsGzip)} KB gzip`);
  if (route === LISTING) {
    const within = jsGzip / 1024 <= BUDGET_KB;
    console.log(`${within ? 'within' : 'over'} the listing's JavaScript budget of ${BUDGET_KB} KB gzip`);
    failed ||= !within;
  }
}
process.exit(failed ? 1 : 0);
