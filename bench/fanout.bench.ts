/**
 * Live fan-out: one server process (the real app with its WebSocket layer; the in-process bus, or Redis with
 * BENCH_REDIS_URL), N watchers of one hot lot connected over real sockets from a separate process, bids published
 * through app.ctx.bus at 10 and 20 per second (each a lot.bid line plus a lot.updated, as the bidding core
 * publishes after its commit). Reports commit-to-receipt latency over every delivered lot.updated and the server
 * heap per connected watcher (after full GCs, before and after connecting). BENCH_SECONDS per rate (default 10),
 * BENCH_WATCHERS (default "1000,5000"), BENCH_RATES (default "10,20").
 */
import { fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE_PATH } from '@knotwork/shared/realtime/protocol';
import { fmt } from './lib/stats.ts';
import type { Bench } from './lib/types.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WATCHERS = (process.env.BENCH_WATCHERS ?? '1000,5000').split(',').map(Number);
const RATES = (process.env.BENCH_RATES ?? '10,20').split(',').map(Number);

type Message = { type: string; [k: string]: unknown };

function spawnChild(file: string, args: string[], execArgv: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return fork(path.join(dir, 'lib', file), args, {
    execArgv: ['--import', 'tsx', ...execArgv],
    env,
    stdio: 'inherit',
  });
}

function request<T extends Message>(
  child: ChildProcess,
  message: Message | null,
  answer: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: Message) => {
      if (m.type !== answer) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    const onExit = (code: number | null) => reject(new Error(`${answer}: child exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (message) child.send(message);
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const bench: Bench = {
  name: 'Live fan-out',
  async run({ databaseUrl }) {
    const env = { ...process.env, BENCH_DATABASE_URL: databaseUrl };
    const server = spawnChild('fanout-server.ts', [], ['--expose-gc'], env);
    const { port } = await request<{ type: 'ready'; port: number } & Message>(server, null, 'ready');
    const url = `ws://127.0.0.1:${port}${LIVE_PATH}`;
    const rows: string[] = [];
    const notes: string[] = [];
    try {
      for (const watchers of WATCHERS) {
        const lotId = crypto.randomUUID();
        const before = await request<{ heapUsed: number } & Message>(server, { type: 'heap' }, 'heap');
        const clients = spawnChild('fanout-watchers.ts', [url, String(watchers), lotId], [], env);
        const started = Date.now();
        await request(clients, null, 'connected');
        const connectS = (Date.now() - started) / 1000;
        const after = await request<{ heapUsed: number; live: { sockets: number } } & Message>(
          server,
          { type: 'heap' },
          'heap',
        );
        const perWatcher = (after.heapUsed - before.heapUsed) / watchers;
        console.log(
          `${watchers} watchers connected in ${connectS.toFixed(1)} s; server heap ${kb(after.heapUsed - before.heapUsed)} total, ${kb(perWatcher)} per watcher (${after.live.sockets} sockets)`,
        );
        for (const rate of RATES) {
          clients.send({ type: 'record' });
          const published = await request<
            {
              count: number;
              maxScheduleLagMs: number;
              loopP50: number;
              loopP99: number;
              cpu: number;
            } & Message
          >(server, { type: 'publish', lotId, rate, seconds: SECONDS }, 'published');
          await new Promise((r) => setTimeout(r, 1000));
          const r = await request<
            { cpu: number; received: number; p50: number; p99: number; max: number } & Message
          >(clients, { type: 'report' }, 'report');
          const expected = published.count * watchers;
          const stats = await request<{ live: { slowClosed: number } } & Message>(
            server,
            { type: 'stats' },
            'stats',
          );
          const row = `| ${String(watchers).padStart(5)} | ${String(rate).padStart(6)} | ${fmt(r.p50).padStart(8)} | ${fmt(r.p99).padStart(8)} | ${fmt(r.max).padStart(9)} | ${`${r.received}/${expected}`.padStart(16)} | ${String(stats.live.slowClosed).padStart(11)} | ${kb(perWatcher).padStart(9)} |`;
          rows.push(row);
          console.log(row);
          const pct = (x: number) => `${Math.round(x * 100)}%`;
          const note = `   server: publish to last socket written p50 ${fmt(published.loopP50)}, p99 ${fmt(published.loopP99)}; schedule lag max ${fmt(published.maxScheduleLagMs)}; CPU server ${pct(published.cpu)}, watchers ${pct(r.cpu)} of a core`;
          notes.push(`${watchers}@${rate}: ${note.trim()}`);
          console.log(note);
        }
        clients.send({ type: 'close' });
        await new Promise((r) => clients.once('exit', r));
        // Let the server notice the closed sockets before the next heap baseline.
        for (let i = 0; i < 50; i++) {
          const s = await request<{ live: { sockets: number } } & Message>(
            server,
            { type: 'stats' },
            'stats',
          );
          if (s.live.sockets === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    } finally {
      server.send({ type: 'exit' });
      await new Promise((r) => server.once('exit', r));
    }
    console.log(
      `\n| watchers | bids/s | p50 | p99 | max | lot.updated received/expected | slow closed | heap/watcher |`,
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of rows) console.log(row);
    for (const note of notes) console.log(note);
  },
};
export default bench;
