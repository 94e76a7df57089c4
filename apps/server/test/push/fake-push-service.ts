import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { generate } from 'selfsigned';

export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakePushService {
  /** https://127.0.0.1:<port> */
  origin: string;
  /** The PEM of its throw-away self-signed certificate: the only CA the sender is given. */
  ca: string;
  /** Every request received, oldest first. */
  requests: PushRequest[];
  /** How the service answers a path from now on (default 201 Created, as RFC 8030 says). */
  reply(path: string, status: number, headers?: Record<string, string>): void;
  /** The next request to this path. */
  next(path: string, timeoutMs?: number): Promise<PushRequest>;
  close(): Promise<void>;
}

/**
 * A Web Push service (RFC 8030) on this machine's loopback only, over TLS with a certificate made for this
 * run (IP SAN 127.0.0.1), so the sender's real https path (web-push, the pinned agent, certificate
 * verification) is exercised without ever leaving the machine.
 */
export async function startFakePushService(): Promise<FakePushService> {
  const pems = await generate([{ name: 'commonName', value: 'knotwork-test-push' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 24 * 3600_000),
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const requests: PushRequest[] = [];
  const replies = new Map<string, { status: number; headers: Record<string, string> }>();
  const waiters: { path: string; resolve: (r: PushRequest) => void }[] = [];

  const server = https.createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(request);
      const reply = replies.get(request.path) ?? { status: 201, headers: {} };
      res.writeHead(reply.status, reply.headers).end();
      for (const w of waiters.filter((w) => w.path === request.path)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(request);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    origin: `https://127.0.0.1:${port}`,
    ca: pems.cert,
    requests,
    reply: (path, status, headers = {}) => void replies.set(path, { status, headers }),
    next: (path, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no push request to ${path} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({ path, resolve: (r) => (clearTimeout(timer), resolve(r)) });
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
