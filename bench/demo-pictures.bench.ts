/**
 * Issue 24 section 9: every demo picture, Deep Zoom pyramids included, ready within 2 minutes of a first start on a
 * 2-core machine. Starts the real server on a fresh PGlite database with DEMO_PICTURES=full (the browser tests' server,
 * e2e/helpers/server.ts) and reads its log: the first screenful of card pictures, every rug's views (whole rug with its
 * pyramid, and detail), and "demo rug pictures ready". Prints the load average beside them: on a shared machine
 * the renderer (a child process at nice 10, decision 078) waits for everything else.
 */
import os from 'node:os';
import { startServer } from '../e2e/helpers/server.ts';
import type { Bench } from './lib/types.ts';

const TIMEOUT_MS = Number(process.env.BENCH_PICTURES_TIMEOUT_MS ?? 45 * 60_000);

const bench: Bench = {
  name: 'Demo pictures: first start to every picture and pyramid ready',
  async run() {
    const load = () =>
      os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
    console.log(`load average before: ${load()} (${os.cpus().length} CPUs)`);
    const started = Date.now();
    const server = await startServer({ DEMO_PICTURES: 'full', LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    const listening = Date.now() - started;
    try {
      const seen = new Map<string, number>();
      const marks: [string, RegExp][] = [
        ['first screen of card pictures', /rug pictures: first screen/],
        ['every view of every rug', /rug pictures: every view of/],
        ['every picture ready', /demo rug pictures ready/],
      ];
      while (!seen.has('every picture ready')) {
        if (Date.now() - started > TIMEOUT_MS)
          throw new Error(`pictures not ready after ${TIMEOUT_MS / 60_000} min`);
        for (const [name, re] of marks)
          if (!seen.has(name) && re.test(server.output())) seen.set(name, Date.now() - started);
        await new Promise((r) => setTimeout(r, 1000));
      }
      console.log(`server answering after ${(listening / 1000).toFixed(1)} s`);
      for (const [name] of marks) {
        const ms = seen.get(name);
        console.log(
          `${name.padEnd(32)} ${ms === undefined ? '(not logged)' : `${(ms / 1000).toFixed(1)} s`}`,
        );
      }
      console.log(`load average after: ${load()}`);
    } finally {
      await server.stop();
    }
  },
};
export default bench;
