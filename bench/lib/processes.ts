/**
 * Processes of the bidding bench: the bidders' own process (lib/bid-worker.ts), a real server process started as
 * a deployment starts it (`node --import tsx apps/server/src/server.ts`, WORKERS=N), and the CPU time of a process
 * tree read from /proc (a server started with WORKERS=2 is a primary and its workers).
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BidLoad, BidResult } from '../bidding.bench.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Bidders {
  /** The bidders' process (its CPU time is read from /proc to show where the machine's cores went). */
  pid: number;
  run(job: BidLoad): Promise<BidResult>;
  close(): void;
}

/** The bidders in their own process, started once; one job per scenario over IPC. */
export async function startBidders(): Promise<Bidders> {
  const child = fork(path.join(root, 'bench', 'lib', 'bid-worker.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('error', reject);
  });
  return {
    pid: child.pid!,
    run: (job) =>
      new Promise((resolve, reject) => {
        child.once('message', (m: { ok: boolean; result?: BidResult; error?: string }) =>
          m.ok ? resolve(m.result!) : reject(new Error(m.error)),
        );
        child.send(job);
      }),
    close: () => child.disconnect(),
  };
}

const TICK_MS = 1000 / 100; // USER_HZ: /proc counts CPU time in 1/100 s on Linux.

/** Parent pid of a process, from /proc/<pid>/stat (null when it is gone). */
function statOf(pid: number): string[] | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: split after it.
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The pids of `pid` and all its descendants. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statOf(Number(entry));
    if (!fields) continue;
    const ppid = Number(fields[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
  }
  const out: number[] = [];
  const walk = (p: number) => {
    out.push(p);
    for (const c of children.get(p) ?? []) walk(c);
  };
  walk(pid);
  return out;
}

/** The parent's pid of `pid` (null when it is gone). */
export function parentOf(pid: number): number | null {
  const fields = statOf(pid);
  return fields ? Number(fields[1]) : null;
}

/**
 * CPU time (user + system), ms, of `pid` and its live descendants, plus the children `pid` has reaped (cutime and
 * cstime: PostgreSQL's backends that ended, which the postmaster waited for, still count).
 */
export function treeCpuMs(pid: number): number {
  let ticks = 0;
  for (const p of processTree(pid)) {
    const fields = statOf(p);
    // After the name: state(0) ppid(1) ... utime is field 14 of the full line, so index 11 here; stime 12; the
    // reaped children's cutime and cstime 13 and 14.
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
    if (fields && p === pid) ticks += Number(fields[13]) + Number(fields[14]);
  }
  return ticks * TICK_MS;
}

const isNode = (pid: number) => {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('node');
  } catch {
    return false;
  }
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  origin: string;
  pid: number;
  /** Processes in its tree once it answers (WORKERS=2: the primary and its two workers, if it forks them). */
  processes: number;
  stop(): Promise<void>;
}

/**
 * `WORKERS=<workers> node --import tsx apps/server/src/server.ts`, as a deployment runs it, with `env` (the database
 * and the secrets the bench's own tokens were signed with). Resolves once /api/health answers.
 */
export async function startServerProcess(workers: number, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', WORKERS: String(workers) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server process (WORKERS=${workers}) exited`);
    const ok = await fetch(`${origin}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server process (WORKERS=${workers}) did not answer in 60 s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  // Give the workers of a cluster a moment to be all up (the first to listen answers the probe).
  await new Promise((r) => setTimeout(r, 1500));
  return {
    origin,
    pid: child.pid!,
    processes: processTree(child.pid!).filter(isNode).length,
    async stop() {
      child.kill('SIGTERM');
      const timer = setTimeout(() => {
        for (const p of processTree(child.pid!).reverse()) {
          try {
            process.kill(p, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }, 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
