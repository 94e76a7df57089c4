/**
 * A CPU profile of this process (the inspector's Profiler, the same sampler as `node --cpu-prof`) over one
 * scenario, saved as a .cpuprofile (open it in Chrome DevTools or speedscope) and summarised as a flame summary:
 * self time per area of the bid path and the top functions. The bidders run in their own process, so what is
 * sampled is the server alone.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** First match wins: ordered from the most specific. */
const AREAS: [string, RegExp][] = [
  ['zod validation', /node_modules\/(zod|fastify-type-provider-zod)\//],
  [
    'fastify routing/serialization',
    /node_modules\/(fastify|@fastify|find-my-way|avvio|fast-json-stringify|light-my-request|fast-querystring|fast-uri|toad-cache|secure-json-parse|pino|abstract-logging|process-warning|rfdc|fast-decode-uri-component|ajv)/,
  ],
  [
    'security headers / rate limits / cookies',
    /node_modules\/(helmet|@fastify\/helmet|rate-limiter-flexible|cookie)|plugins\/(security|rate|pressure)/,
  ],
  ['auth/session', /modules\/auth\/|plugins\/auth|node_modules\/(jose|fast-jwt|jsonwebtoken)/],
  ['idempotency', /bidding\/idempotency/],
  ['metrics', /metrics|node_modules\/(prom-client|tdigest|bintrees)/],
  ['events/notices', /realtime\/|bid-announcer|modules\/notifications\/|modules\/mail\/|modules\/push\//],
  ['answer mapping (http-answers, lot payload)', /http-answers|lot-payload|lot-mapper|schemas\/catalogue/],
  [
    'bidding engine and batch',
    /shared\/src\/bidding\/|bid-batch|bid-fast-path|bid-service|lot-queue|lot-state-codec|lot-events/,
  ],
  [
    'bid statement and pg driver',
    /node_modules\/(pg|pg-protocol|pg-pool|pg-types|postgres-|drizzle-orm|buffer-writer|packet-reader)|\/db\/|lot-repository|-sql\.ts/,
  ],
  [
    'node http/net/streams',
    /^node:(_http|http|net|stream|internal\/(http|net|stream|streams|timers|async_hooks|process\/task_queues))|node:events|node:internal\/(url|querystring)/,
  ],
];

function areaOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  if (functionName === '(garbage collector)') return 'garbage collection';
  if (functionName === '(idle)' || functionName === '(program)') return functionName;
  // The profiler's own Profiler.stop (encoding the profile) is sampled too: left out.
  if (url === 'node:inspector') return '(idle)';
  if (!url) {
    if (/^(stringify|parse)$/.test(functionName)) return 'JSON (native)';
    return 'native / runtime';
  }
  for (const [area, re] of AREAS) if (re.test(url)) return area;
  if (url.startsWith('node:')) return 'node internals (other)';
  if (url.includes('node_modules')) return 'other libraries';
  return 'other application code';
}

export interface FlameSummary {
  totalMs: number;
  areas: { area: string; ms: number; share: number }[];
  top: { fn: string; ms: number; share: number }[];
}

export function summariseProfile(profile: Profile): FlameSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  /**
   * A native frame (a socket's writev, JSON.stringify, a builtin) or Node's own general-purpose internals (a
   * WebCrypto job, util, events) count for the nearest caller that names an area: a JWT's HMAC for auth, a pg
   * socket's write for node http/net. Without one (the event loop's own work) they stay where they are.
   */
  const GENERIC = new Set(['native / runtime', 'node internals (other)', 'JSON (native)']);
  const areaCharged = (node: ProfileNode): string => {
    const own = areaOf(node);
    if (!GENERIC.has(own)) return own;
    for (let p = parent.get(node.id); p !== undefined; p = parent.get(p)) {
      const up = areaOf(byId.get(p)!);
      if (up === '(idle)') return up; // under the profiler's own Profiler.stop
      if (!GENERIC.has(up) && !up.startsWith('(')) return up;
    }
    return own;
  };
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const node = byId.get(id)!;
    const area = areaCharged(node);
    if (area === '(idle)') continue;
    total += ms;
    areas.set(area, (areas.get(area) ?? 0) + ms);
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url
      ? `${url.replace(/^.*\/(node_modules\/|apps\/|packages\/)/, '$1')}:${lineNumber + 1}`
      : '';
    const fn = `${functionName || '(anonymous)'} ${where}`.trim();
    fns.set(fn, (fns.get(fn) ?? 0) + ms);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: total,
    areas: sorted(areas).map(([area, ms]) => ({ area, ms, share: ms / total })),
    top: sorted(fns)
      .slice(0, 15)
      .map(([fn, ms]) => ({ fn, ms, share: ms / total })),
  };
}

/** Starts the profiler in this process; the returned function stops it, saves the profile to `file`, summarises. */
export async function startProfile(): Promise<(file: string) => Promise<FlameSummary>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  return async (file) => {
    const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
    session.disconnect();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(profile));
    return summariseProfile(profile);
  };
}

/** Runs `work` under the profiler; saves the profile to `file` and returns its summary with the work's result. */
export async function profiled<T>(
  file: string,
  work: () => Promise<T>,
): Promise<{ result: T; summary: FlameSummary }> {
  const stop = await startProfile();
  const result = await work();
  return { result, summary: await stop(file) };
}

export function printSummary(title: string, s: FlameSummary, answers: number): void {
  console.log(
    `\n${title}: ${s.totalMs.toFixed(0)} ms of samples (idle excluded), ${(s.totalMs / Math.max(1, answers)).toFixed(3)} ms per answer`,
  );
  for (const a of s.areas)
    console.log(
      `  ${(a.share * 100).toFixed(1).padStart(5)}%  ${(a.ms / Math.max(1, answers)).toFixed(3)} ms/answer  ${a.area}`,
    );
  console.log('  top self time:');
  for (const t of s.top) console.log(`  ${(t.share * 100).toFixed(1).padStart(5)}%  ${t.fn}`);
}
