import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** Whether a `redis-server` binary is on the PATH (tests that kill and restart Redis skip without one). */
export const redisServerInstalled =
  spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });

/**
 * A throwaway Redis of the test's own on a free port, without persistence, that the test may kill (SIGKILL, as an
 * outage looks) and start again on the same port. Never the shared REDIS_TEST_URL one.
 */
export class TestRedisServer {
  private child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<TestRedisServer> {
    const server = new TestRedisServer(await freePort());
    await server.restart();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts redis-server on this port and resolves once it answers PING. */
  async restart(): Promise<void> {
    if (this.child) throw new Error('redis-server is already running');
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.child = child;
    const deadline = Date.now() + 10_000;
    while (!(await ping(this.port))) {
      if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${this.port}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Kills Redis the hard way (no goodbye to its clients) and waits until it is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}
