import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config/env.ts';

/** The IPC message that asks a worker to shut down gracefully (server.ts listens for it). */
export const SHUTDOWN_MESSAGE = 'knotwork:shutdown';
/** How long the primary waits for its workers' graceful shutdown (theirs is 10 s) before killing them. */
const STOP_GRACE_MS = 15_000;
/** A worker that dies sooner than this after its start is restarted after a growing pause (up to 30 s). */
const CRASH_LOOP_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

/**
 * The cluster's primary with WORKERS > 1 (decision 099): no app and no database, only the processes. It forks N
 * workers that share PORT (Node hands each new connection to one of them in turn), restarts a worker that dies,
 * and on SIGTERM or SIGINT asks every worker to shut down gracefully, then exits.
 *
 * Each worker keeps a number (1..N, `KNOTWORK_WORKER`) across restarts: it names the worker in its answers'
 * `X-Knotwork-Worker` header, gives worker N the metrics port METRICS_PORT + N - 1, and lets only worker 1 draw
 * the demo pictures (the others start with DEMO_PICTURES=off). A worker that fails before any worker ever
 * listened stops the start, with its exit code, as a single process would.
 */
export function runPrimary(
  config: Pick<Config, 'WORKERS' | 'METRICS_PORT' | 'PORT'>,
  onListening: () => void,
): void {
  const workers = new Map<number, Worker>();
  const startedAt = new Map<number, number>();
  const delays = new Map<number, number>();
  const listening = new Set<number>();
  let everListened = false;
  let stopping = false;
  let exitCode = 0;

  function fork(index: number) {
    const env: Record<string, string> = { KNOTWORK_WORKER: String(index) };
    if (index > 1) env.DEMO_PICTURES = 'off';
    if (config.METRICS_PORT !== undefined) env.METRICS_PORT = String(config.METRICS_PORT + index - 1);
    const worker = cluster.fork(env);
    workers.set(index, worker);
    startedAt.set(index, Date.now());
    worker.on('listening', (address) => {
      // The public port (PORT 0: whatever it got), not the worker's metrics port.
      if (config.PORT !== 0 && address.port !== config.PORT) return;
      listening.add(index);
      if (!everListened && listening.size === config.WORKERS) {
        everListened = true;
        onListening();
      }
    });
    worker.on('exit', (code, signal) => {
      workers.delete(index);
      listening.delete(index);
      if (stopping) {
        if (code) exitCode = code;
        if (workers.size === 0) process.exit(exitCode);
        return;
      }
      if (!everListened) {
        console.error(`worker ${index} failed to start (exit code ${code ?? signal}); stopping`);
        stop('SIGTERM', code || 1);
        return;
      }
      const lived = Date.now() - (startedAt.get(index) ?? 0);
      const delay =
        lived < CRASH_LOOP_MS ? Math.min((delays.get(index) ?? 500) * 2, MAX_RESTART_DELAY_MS) : 1_000;
      delays.set(index, delay);
      console.error(
        `worker ${index} (pid ${worker.process.pid}) exited (${signal ?? `code ${code}`}); restarting it in ${delay / 1000} s`,
      );
      setTimeout(() => {
        if (!stopping) fork(index);
      }, delay);
    });
  }

  function stop(signal: NodeJS.Signals, code = 0) {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (workers.size === 0) process.exit(exitCode);
    // A message, not the signal: after Ctrl+C the workers already had SIGINT from the terminal, and a second
    // signal would make them exit at once instead of finishing their requests.
    for (const worker of workers.values()) {
      if (worker.isConnected()) worker.send(SHUTDOWN_MESSAGE, () => undefined);
      else worker.process.kill(signal);
    }
    setTimeout(() => {
      for (const worker of workers.values()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.on(signal, () => {
      if (stopping) {
        // A second signal: no more waiting.
        for (const worker of workers.values()) worker.process.kill('SIGKILL');
        process.exit(1);
      }
      stop(signal);
    });

  for (let index = 1; index <= config.WORKERS; index++) fork(index);
}
