/**
 * Lighthouse, mobile preset (its default: a mid-range phone on a slow 4G link, simulated throttling), against a
 * production build served by the real server: the home page, the listing, a rug page, a sale page, and the page of a
 * lot in the open timed sale and in the running live sale (issue 24) (issue 9:
 * Performance >= 90, Accessibility 100). Prints Performance, Accessibility, FCP, LCP, TBT, CLS and Lighthouse's CPU
 * benchmark index per page, the median of BENCH_RUNS runs (default 1), and the machine's load average, which move
 * these figures a lot (the same build scored 70-77 at an index of about 2,500 and 92-99 at about 3,700).
 *
 * The server is the browser tests' (e2e/helpers/server.ts): a fresh PGlite database with the demo catalogue, on a
 * free port, serving a fresh `npm run build -w @knotwork/web`. Chromium is Debian's (CHROMIUM_PATH).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../e2e/helpers/server.ts';
import type { Bench } from './lib/types.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Lighthouse runs per page, the median reported (the standard: a median of 3). */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
/** BENCH_WEB_PAGES="lot page,live lot" measures only those pages (names as printed). */
const ONLY = process.env.BENCH_WEB_PAGES?.split(',').map((n) => n.trim());
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * BENCH_LIGHTHOUSE_PROFILE=1 adds V8's CPU samples to the kept traces (with BENCH_LIGHTHOUSE_DIR), to see which
 * functions a long task ran; the sampling costs a little time itself, so scores of such runs are not compared.
 */
const PROFILE = process.env.BENCH_LIGHTHOUSE_PROFILE === '1';
/** The demo pictures are drawn in the background after a first start; a page measured without them has no LCP image. */
const PICTURES_WAIT_MS = 120_000;

interface Scores {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Lighthouse's measure of this machine's CPU speed: TBT (and so Performance) follows it. */
  benchmarkIndex: number;
}

async function api<T>(baseUrl: string, pathAndQuery: string): Promise<T> {
  const res = await fetch(`${baseUrl}/api/v1${pathAndQuery}`);
  if (!res.ok) throw new Error(`GET ${pathAndQuery} answered ${res.status}`);
  return (await res.json()) as T;
}

/**
 * Waits until every rug of the catalogue has its pictures (the demo seed renders them after start): a lot page shows
 * related rugs and comparables from anywhere in it, and a card still waiting for its photograph draws the rug pattern
 * instead, a heavier page than the house's.
 */
async function waitForPictures(baseUrl: string) {
  const deadline = Date.now() + PICTURES_WAIT_MS;
  for (;;) {
    let listed = 0;
    let pictured = 0;
    for (let page = 1; ; page++) {
      const { data } = await api<{ data: { images?: unknown[]; image?: unknown }[] }>(
        baseUrl,
        `/rug?pageSize=60&page=${page}`,
      );
      listed += data.length;
      pictured += data.filter((r) => (r.images?.length ?? 0) > 0 || r.image).length;
      if (data.length < 60) break;
    }
    if (listed > 0 && pictured === listed) return;
    if (Date.now() > deadline) {
      console.log(
        `(only ${pictured} of ${listed} rugs pictured after ${PICTURES_WAIT_MS / 1000} s; measuring anyway)`,
      );
      return;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

interface ListedRug {
  slug: string;
  lot: { status: string; auctionType: 'timed' | 'live' } | null;
}

async function pages(baseUrl: string): Promise<{ name: string; path: string }[]> {
  const rugs = await api<{ data: ListedRug[] }>(baseUrl, '/rug?pageSize=60');
  let sale = '';
  for (const when of ['current', 'upcoming', 'past']) {
    sale ||=
      (await api<{ data: { slug: string }[] }>(baseUrl, `/rug/upcoming/list?when=${when}`)).data[0]?.slug ??
      '';
  }
  // A rug outside any sale, and the page of a lot in the open timed sale and in the running live sale (issue 24).
  const outside = rugs.data.find((r) => !r.lot) ?? rugs.data[0]!;
  const lot = (type: 'timed' | 'live') =>
    rugs.data.find((r) => r.lot?.status === 'open' && r.lot.auctionType === type);
  const timed = lot('timed');
  const live = lot('live');
  const all = [
    { name: 'home', path: '/' },
    { name: 'listing', path: '/rug-listing' },
    { name: 'rug page', path: `/rug-listing/${outside.slug}` },
    { name: 'sale page', path: `/upcoming-auctions/${sale}` },
    ...(timed ? [{ name: 'lot page', path: `/rug-listing/${timed.slug}` }] : []),
    ...(live ? [{ name: 'live lot', path: `/rug-listing/${live.slug}` }] : []),
  ];
  return ONLY ? all.filter((p) => ONLY.includes(p.name)) : all;
}

async function measure(url: string, port: number): Promise<Scores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  // BENCH_LIGHTHOUSE_DIR keeps each run's whole report, to read the LCP element, its phases and the layout shifts.
  const keep = process.env.BENCH_LIGHTHOUSE_DIR;
  if (keep) {
    fs.mkdirSync(keep, { recursive: true });
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_') || '_';
    const stamp = Date.now();
    fs.writeFileSync(path.join(keep, `${name}-${stamp}.json`), JSON.stringify(lhr));
    // The page load's trace too (Chrome's trace format, CPU samples included): open it in DevTools' Performance
    // panel, or sum its samples per function, to see what a long task ran.
    const trace = (result.artifacts as { Trace?: unknown }).Trace;
    if (trace) fs.writeFileSync(path.join(keep, `${name}-${stamp}.trace.json`), JSON.stringify(trace));
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Lighthouse sometimes records a trace without the navigation's start (NO_NAVSTART) and asks to run again. */
async function measureWithRetry(url: string, port: number): Promise<Scores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, port);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('NO_NAVSTART')) throw error;
      console.log(`  (${url}: Lighthouse recorded no navigation start; running it again)`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const bench: Bench = {
  name: 'Web: Lighthouse mobile on a production build',
  async run() {
    // E2E_WEB_DIST_DIR: measure a build made elsewhere (as the browser tests do) instead of building apps/web/dist.
    if (!process.env.E2E_WEB_DIST_DIR) {
      console.log('building the web app (production)…');
      const build = spawnSync('npm', ['run', 'build', '-w', '@knotwork/web'], { cwd: root, stdio: 'ignore' });
      if (build.status !== 0) throw new Error('npm run build -w @knotwork/web failed');
    }
    // The listing's first-paint JavaScript against issue 9's 150 KB gzip (a size, not a time: printed, not asserted).
    const size = spawnSync('node', ['scripts/web-size.mjs'], {
      cwd: root,
      encoding: 'utf8',
      env: {
        ...process.env,
        ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
      },
    });
    console.log(
      size.stdout
        .split('\n')
        .filter((line) => /^first paint|JavaScript/.test(line.trim()))
        .join('\n'),
    );

    const server = await startServer(process.env.WEB_SSR ? { WEB_SSR: process.env.WEB_SSR } : {});
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      await waitForPictures(server.baseUrl);
      const list = await pages(server.baseUrl);
      // A first visit to each page warms the server's caches (page meta, listing totals), not the browser's:
      // Lighthouse clears its storage and cache before every run.
      for (const page of list) await fetch(`${server.baseUrl}${page.path}`);
      console.log(
        `load average before: ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')} (${os.cpus().length} CPUs)`,
      );
      console.log(`runs per page: ${RUNS} (median)\n`);
      console.log('page        perf  a11y    FCP s   LCP s   TBT ms    CLS  CPU index');
      for (const page of list) {
        const runs: Scores[] = [];
        for (let i = 0; i < RUNS; i++)
          runs.push(await measureWithRetry(`${server.baseUrl}${page.path}`, chrome.port));
        const row = (name: string, m: (k: keyof Scores) => number) =>
          `${name.padEnd(10)} ${String(m('performance')).padStart(5)} ${String(m('accessibility')).padStart(5)} ` +
          `${(m('fcpMs') / 1000).toFixed(1).padStart(8)} ${(m('lcpMs') / 1000).toFixed(1).padStart(7)} ` +
          `${m('tbtMs').toFixed(0).padStart(8)} ${m('cls').toFixed(3).padStart(6)} ${m('benchmarkIndex').toFixed(0).padStart(10)}`;
        // Each run too (indented): single runs of one build move by 10 points, and TBT tells why.
        if (RUNS > 1) for (const run of runs) console.log(row('  run', (k) => run[k]));
        console.log(
          `${row(page.name, (k) => median(runs.map((r) => r[k])))}  load ${os.loadavg()[0]!.toFixed(2)}`,
        );
      }
      console.log(
        `\nload average after: ${os
          .loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
      );
    } finally {
      chrome.kill();
      await server.stop();
    }
  },
};
export default bench;
