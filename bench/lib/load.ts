import { Worker } from 'node:worker_threads';
import type { Summary } from './stats.ts';

const WORKER_URL = new URL('./load-worker.ts', import.meta.url).href;

export interface DriveOptions {
  origin: string;
  urls: readonly string[];
  /** Closed loop: this many connections, each sending as soon as its previous answer arrived. */
  connections: number;
  /** Open loop instead: this many requests per second on a fixed schedule (`connections` is then ignored). */
  ratePerSecond?: number;
  durationMs: number;
  warmupMs?: number;
}

/**
 * A small load generator over keep-alive sockets, sending the URLs of `urls` round robin for `durationMs` after a
 * short warm-up: closed loop (`connections` at a time, each as soon as its previous answer arrived: throughput) or
 * open loop (`ratePerSecond` on a fixed schedule: latency at a given load).
 *
 * It runs in a worker thread (load-worker.ts). The benches start the server in their own process, and a generator
 * on the same event loop would make every request wait behind the client's parsing and timers: latency that a
 * deployed server, whose clients are elsewhere, never sees. The thread still shares the machine's cores.
 */
export function drive(options: DriveOptions): Promise<Summary> {
  return runWorker<Summary>(WORKER_URL, options);
}

/**
 * Runs a TypeScript worker module with `data` as its workerData and resolves with the first message it posts.
 * Node 20 runs no `--import` hooks in workers, so the worker registers tsx itself before loading the module.
 */
export function runWorker<T>(moduleUrl: string, data: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const bootstrap = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl)}); })`;
    const worker = new Worker(bootstrap, { eval: true, workerData: data });
    worker.once('message', (result: T) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`worker ${moduleUrl} exited with ${code}`));
    });
  });
}
