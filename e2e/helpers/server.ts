import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRunDatabase } from './database.ts';
import { mailFile, startSmtpSink } from './smtp-sink.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// E2E_WEB_DIST_DIR: test a web build elsewhere than apps/web/dist (an engineer's own build while others rebuild
// the shared one); every server of the run, the shared one included, serves it.
const WEB_INDEX = path.join(
  process.env.E2E_WEB_DIST_DIR
    ? path.resolve(process.env.E2E_WEB_DIST_DIR)
    : path.join(ROOT, 'apps/web/dist'),
  'index.html',
);
const START_TIMEOUT_MS = 90_000;

export interface RunningServer {
  baseUrl: string;
  /** Everything the server printed, for the failure message of a test that needs it. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`node --import tsx apps/server/src/server.ts`) as a child process on a free port,
 * on a fresh database: PGlite in a new DATA_DIR under the system temp folder, or a new PostgreSQL database
 * when TEST_DATABASE_URL is set. Demo data on, rate limits relaxed (many sign-ins from one address), mail
 * delivered over SMTP to a sink of its own (e2e/helpers/smtp-sink.ts; read it with helpers/mailbox.ts),
 * since production has no dev mailbox. Resolves once /api/health answers.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(WEB_INDEX)) {
    throw new Error(
      'apps/web/dist is missing: build the web app first (`npm run build -w @knotwork/web`; `npm test` does it).',
    );
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-e2e-'));
  // A private copy of the built site: a rebuild of apps/web/dist during the run (vite empties the folder
  // first) must not turn every page into a 404 for the server, which looks for index.html at start.
  const webDir = path.join(dataDir, 'web');
  fs.cpSync(path.dirname(WEB_INDEX), webDir, { recursive: true });
  // The server-rendering build sits beside the web build (decision 057; the server looks for ../dist-ssr).
  const ssrDir = path.join(path.dirname(WEB_INDEX), '..', 'dist-ssr');
  if (fs.existsSync(ssrDir)) fs.cpSync(ssrDir, path.join(dataDir, 'dist-ssr'), { recursive: true });
  const pgDatabase = process.env.TEST_DATABASE_URL
    ? await createRunDatabase(process.env.TEST_DATABASE_URL)
    : undefined;
  const baseUrl = `http://127.0.0.1:${port}`;
  const sink = await startSmtpSink(mailFile(port));

  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    // A small pool of rug pictures: per-rug rendering would compete with the browser for the two cores.
    DEMO_PICTURES: 'pool',
    RATE_LIMIT_SCALE: '50',
    // No load shedding (decision 080) in browser tests: the server runs under tsx beside Chromium and other test
    // servers on two cores, where compiling a module on first use can hold the event loop past the 1 s limit and a
    // test's sign-in would get 503 OVERLOADED. Shedding has its own API tests (test/ops/bounded-waits.test.ts).
    SHED_EVENT_LOOP_DELAY_MS: '0',
    SMTP_URL: sink.url,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: webDir,
    ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
    ...extraEnv,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);

  const cleanup = async () => {
    await stopProcess(child);
    await sink.close();
    await pgDatabase
      ?.drop()
      .catch((err: unknown) => console.warn(`could not drop the e2e database: ${String(err)}`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { baseUrl, output: () => output, stop: cleanup };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer /api/health within ${START_TIMEOUT_MS / 1000}s:\n${output()}`);
}

/** SIGTERM (graceful: close-with-grace closes the database), SIGKILL if it hangs. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
