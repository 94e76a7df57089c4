import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { summarise, type Summary } from './stats.ts';

/**
 * A small closed-loop load generator: `connections` workers over keep-alive sockets, each sending the next URL of
 * `urls` (round robin) as soon as its previous answer arrived, for `durationMs` after a short warm-up.
 */
export async function drive(options: { origin: string; urls: readonly string[]; connections: number; durationMs: number; warmupMs?: number }): Promise<Summary> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
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

  const loop = async (until: number, record: boolean, samples: number[], errors: { n: number }) => {
    while (performance.now() < until) {
      const url = options.urls[next++ % options.urls.length]!;
      const start = performance.now();
      const status = await request(url).catch(() => 0);
      if (!record) continue;
      if (status === 200) samples.push(performance.now() - start);
      else errors.n += 1;
    }
  };
  const run = async (ms: number, record: boolean) => {
    const samples: number[] = [];
    const errors = { n: 0 };
    const started = performance.now();
    await Promise.all(Array.from({ length: options.connections }, () => loop(started + ms, record, samples, errors)));
    return summarise(samples, performance.now() - started, errors.n);
  };
  await run(options.warmupMs ?? 1000, false);
  const summary = await run(options.durationMs, true);
  agent.destroy();
  return summary;
}
