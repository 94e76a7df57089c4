import { spawn, type ChildProcess } from 'node:child_process';
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

/** A real server process (`node --import tsx apps/server/src/server.ts`), resolved once /api/health answers. */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  port ??= await freePort();
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
    if (child.exitCode !== null) throw new Error(`server exited early: ${output.join('')}`);
    const ok = await fetch(`${origin}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { origin, port, child, output };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output.join('')}`);
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
