import { spawn, type ChildProcess } from 'node:child_process';
import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './redis-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export interface ServerProcess {
  origin: string;
  port: number;
  child: ChildProcess;
  output: string[];
}

/**
 * A real server process (`node --import tsx apps/server/src/server.ts`), resolved once /api/health answers from
 * it. Test files run in parallel and each picks a free port: two may pick the same one, and then /api/health
 * answers from the other file's server while this one fails to bind (a CI run saw exactly that as 401s, the
 * other server knowing nothing of this test's tokens). So the answer counts only when this child holds the
 * listening socket; a port chosen here is then chosen again.
 */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const started = await startOnPort(env, port ?? (await freePort()));
    if (started !== 'port taken') return started;
    if (port !== undefined || attempt === 3)
      throw new Error(`another process holds port ${port ?? 'after 3 tries'}`);
  }
}

async function startOnPort(env: Record<string, string>, port: number): Promise<ServerProcess | 'port taken'> {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (output.join('').includes('EADDRINUSE')) return 'port taken';
      throw new Error(`server exited early: ${output.join('')}`);
    }
    const ok = await fetch(`${origin}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) {
      if (await listensOn(child.pid!, port)) return { origin, port, child, output };
      await stopServer(child);
      return 'port taken';
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output.join('')}`);
}

/** Whether process `pid` holds the socket listening on this TCP port (Linux /proc; elsewhere assumed so). */
async function listensOn(pid: number, port: number): Promise<boolean> {
  const tables = await Promise.all(
    ['/proc/net/tcp', '/proc/net/tcp6'].map((file) => readFile(file, 'utf8').catch(() => null)),
  );
  if (tables.every((t) => t === null)) return true;
  const inodes = new Set<string>();
  for (const line of tables.flatMap((t) => (t ?? '').split('\n').slice(1))) {
    // sl local_address rem_address st ... inode: the port is hex after the colon, 0A is LISTEN.
    const fields = line.trim().split(/\s+/);
    if (fields.length > 9 && parseInt(fields[1]!.split(':')[1]!, 16) === port && fields[3] === '0A')
      inodes.add(fields[9]!);
  }
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => []);
  for (const fd of fds) {
    const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    if (inodes.has(/^socket:\[(\d+)\]$/.exec(link)?.[1] ?? '')) return true;
  }
  return false;
}

/** SIGTERM, as an orchestrator stops a container; SIGKILL only if it has not exited after 10 s. */
export async function stopServer(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

/**
 * The environment of server processes sharing one PostgreSQL database and one Redis in a test, and the two
 * processes started one after the other (both would migrate the same fresh database otherwise).
 */
export async function startTwoServers(settings: {
  databaseUrl: string;
  redisUrl: string;
  jwtSecret: string;
  tag: string;
}) {
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATABASE_URL: settings.databaseUrl,
    REDIS_URL: settings.redisUrl,
    JWT_SECRET: settings.jwtSecret,
    DATA_DIR: `/tmp/knotwork-${settings.tag}-${Math.random().toString(16).slice(2, 10)}`,
    // Two processes in one test run share one IP: keep the bid budget out of the way.
    RATE_LIMIT_SCALE: '100',
  };
  const first = await startServer(env);
  const second = await startServer(env);
  return { env, servers: [first, second] };
}
