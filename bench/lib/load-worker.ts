/**
 * The load generator's own thread (see load.ts): it sends requests and times answers on an event loop of its own,
 * so the server under test, which runs on the bench's main thread, never waits behind the client's work.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { summarise } from './stats.ts';
import type { DriveOptions } from './load.ts';

const options = workerData as DriveOptions;
// Open loop needs a socket for every request in flight; closed loop exactly `connections`.
const agent = new http.Agent({
  keepAlive: true,
  maxSockets: options.ratePerSecond ? 256 : options.connections,
});
const base = new URL(options.origin);
let next = 0;

const request = (path: string) =>
  new Promise<number>((resolve, reject) => {
    const req = http.get({ host: base.hostname, port: base.port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });

/** Closed loop: each connection sends its next request when the previous answer has arrived. */
const closedLoop = async (ms: number, record: boolean) => {
  const samples: number[] = [];
  const errors = { n: 0 };
  const started = performance.now();
  const until = started + ms;
  const loop = async () => {
    while (performance.now() < until) {
      const url = options.urls[next++ % options.urls.length]!;
      const start = performance.now();
      const status = await request(url).catch(() => 0);
      if (!record) continue;
      if (status === 200) samples.push(performance.now() - start);
      else errors.n += 1;
    }
  };
  await Promise.all(Array.from({ length: options.connections }, loop));
  return summarise(samples, performance.now() - started, errors.n);
};

/**
 * Open loop: requests start on a fixed schedule whether or not earlier ones have answered, as independent visitors'
 * do. Latency counts from the scheduled start, so a stalled server is charged for the requests it kept waiting
 * (no coordinated omission).
 */
const openLoop = async (ms: number, record: boolean, rate: number) => {
  const samples: number[] = [];
  const errors = { n: 0 };
  const started = performance.now();
  const interval = 1000 / rate;
  const total = Math.floor(ms / interval);
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const scheduled = started + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const url = options.urls[next++ % options.urls.length]!;
    inFlight.push(
      request(url)
        .catch(() => 0)
        .then((status) => {
          if (!record) return;
          if (status === 200) samples.push(performance.now() - scheduled);
          else errors.n += 1;
        }),
    );
  }
  await Promise.all(inFlight);
  return summarise(samples, performance.now() - started, errors.n);
};

const run = (ms: number, record: boolean) =>
  options.ratePerSecond ? openLoop(ms, record, options.ratePerSecond) : closedLoop(ms, record);

await run(options.warmupMs ?? 1000, false);
parentPort!.postMessage(await run(options.durationMs, true));
agent.destroy();
