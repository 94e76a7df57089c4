import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import webpush, { WebPushError, type PushSubscription, type RequestOptions } from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { createPushRepository } from '../../src/modules/push/repository.ts';
import { createPushService, type PushSender } from '../../src/modules/push/service.ts';
import type { Resolve } from '../../src/modules/push/endpoint-policy.ts';

// A real browser-side key pair (P-256) so web-push can actually encrypt the payload.
const browserKeys = webpush.generateVAPIDKeys();
const keys = { p256dh: browserKeys.publicKey, auth: 'tBHItJI5svbpez7KI4CCXg' };
/** Push hosts "resolve" here without any lookup; the fake senders connect nowhere. */
const resolveTo =
  (address: string, family: 4 | 6 = 4): Resolve =>
  () =>
    Promise.resolve([{ address, family }]);

async function userWith(t: TestApp, endpoints: string[]): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    "insert into users (first_name, last_name, email) values ('Push', 'Target', $1) returning id",
    [`push${Math.random().toString(36).slice(2)}@example.com`],
  );
  const repo = createPushRepository(t.database.db);
  // Straight into the table: rows stored before the endpoint rules existed must be re-checked at send time.
  for (const endpoint of endpoints) await repo.save(row!.id, { endpoint, keys });
  return row!.id;
}
const endpointsOf = async (t: TestApp, userId: string) =>
  (
    await t.database.query<{ endpoint: string }>(
      'select endpoint from push_subscriptions where user_id = $1 order by endpoint',
      [userId],
    )
  ).map((r) => r.endpoint);

describe('sendPush', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('encrypts and sends to every subscription over an agent pinned to the checked address, drops the gone ones, and survives failures', async () => {
    const userId = await userWith(
      t,
      [1, 2, 3].map((n) => `https://fcm.googleapis.com/fcm/send/${n}`),
    );
    const calls: { endpoint: string; payload: string; options: RequestOptions }[] = [];
    const sender: PushSender = (sub: PushSubscription, payload, options) => {
      // Build the real request (VAPID JWT + aes128gcm body) to prove the keys and payload are valid.
      const details = webpush.generateRequestDetails(sub, payload, options);
      expect(details.headers.Authorization).toMatch(/^vapid t=/);
      calls.push({ endpoint: sub.endpoint, payload, options });
      if (sub.endpoint.endsWith('/2'))
        return Promise.reject(new WebPushError('Gone', 410, {}, 'Gone', sub.endpoint));
      if (sub.endpoint.endsWith('/3'))
        return Promise.reject(new WebPushError('Server error', 500, {}, 'oops', sub.endpoint));
      return Promise.resolve({ statusCode: 201, body: '', headers: {} });
    };
    const push = createPushService({
      db: t.database.db,
      config: t.config,
      log: t.app.log,
      sender,
      resolve: resolveTo('142.250.74.42'),
    });
    const delivered = await push.sendPush(userId, {
      title: 'Outbid on lot 12',
      body: 'A higher bid arrived',
      data: { lotId: '12' },
    });
    expect(delivered).toBe(1);
    expect(calls).toHaveLength(3);
    expect(JSON.parse(calls[0]!.payload)).toEqual({
      notification: { title: 'Outbid on lot 12', body: 'A higher bid arrived' },
      data: { lotId: '12' },
    });
    expect(calls[0]!.options.vapidDetails?.subject).toBe(t.config.VAPID_SUBJECT);
    expect(calls[0]!.options.agent).toBeInstanceOf(https.Agent);
    expect(await endpointsOf(t, userId)).toEqual([
      'https://fcm.googleapis.com/fcm/send/1',
      'https://fcm.googleapis.com/fcm/send/3',
    ]);
    // The key pair used is the one the public-key route serves.
    const served = (
      await t.app.inject({ method: 'GET', url: '/api/v1/notification/vapid-public-key' })
    ).json().publicKey;
    expect(calls[0]!.options.vapidDetails?.publicKey).toBe(served);
  });

  it('re-checks at send time: never sends to a stored endpoint the rules refuse, or whose host now resolves to a private address', async () => {
    const userId = await userWith(t, [
      'http://fcm.googleapis.com/fcm/send/plain',
      'https://127.0.0.1/x',
      'https://internal.example.invalid/x',
      'https://fcm.googleapis.com/fcm/send/rebound',
    ]);
    const calls: string[] = [];
    const sender: PushSender = (sub) => {
      calls.push(sub.endpoint);
      return Promise.resolve({ statusCode: 201, body: '', headers: {} });
    };
    // DNS rebinding: the push host answered a public address at registration, a private one now.
    for (const address of ['10.0.0.5', '169.254.169.254', '::1', '::ffff:127.0.0.1']) {
      const push = createPushService({
        db: t.database.db,
        config: t.config,
        log: t.app.log,
        sender,
        resolve: resolveTo(address, address.includes(':') ? 6 : 4),
      });
      expect(await push.sendPush(userId, { title: 'x', body: 'y' })).toBe(0);
    }
    expect(calls).toEqual([]);
    expect(await endpointsOf(t, userId)).toEqual([]);
  });

  it('keeps a subscription whose host does not resolve for now (not sent, not deleted)', async () => {
    const userId = await userWith(t, ['https://fcm.googleapis.com/fcm/send/later']);
    const push = createPushService({
      db: t.database.db,
      config: t.config,
      log: t.app.log,
      sender: () => Promise.reject(new Error('never')),
      resolve: () => Promise.reject(Object.assign(new Error('EAI_AGAIN'), { code: 'EAI_AGAIN' })),
    });
    expect(await push.sendPush(userId, { title: 'x', body: 'y' })).toBe(0);
    expect(await endpointsOf(t, userId)).toEqual(['https://fcm.googleapis.com/fcm/send/later']);
  });

  it('does nothing for a user without subscriptions', async () => {
    const push = createPushService({
      db: t.database.db,
      config: t.config,
      log: t.app.log,
      sender: () => Promise.reject(new Error('never')),
    });
    expect(await push.sendPush('00000000-0000-0000-0000-000000000000', { title: 'x', body: 'y' })).toBe(0);
  });
});

/**
 * Real delivery, over TLS, to a push service on this machine's loopback only. Its certificate names
 * `pinned.test`, which no resolver knows: the request can only arrive if the connection goes to the
 * address the check resolved (the pinned agent), never through a second lookup.
 */
describe('sendPush to a loopback push service', () => {
  let t: TestApp;
  let server: https.Server;
  let port: number;
  let ca: string;
  const received: { url: string; headers: Record<string, unknown>; bytes: number }[] = [];
  let connections = 0;

  beforeAll(async () => {
    t = await createTestApp();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'knotwork-push-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=pinned.test',
        '-addext',
        'subjectAltName=DNS:pinned.test',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    ca = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
    server = https.createServer({ key: fs.readFileSync(path.join(dir, 'key.pem')), cert: ca }, (req, res) => {
      let bytes = 0;
      req.on('data', (c: Buffer) => (bytes += c.length));
      req.on('end', () => {
        received.push({ url: req.url ?? '', headers: req.headers, bytes });
        res.writeHead(201).end();
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const loopbackConfig = (allowPrivate: boolean) => ({
    ...t.config,
    PUSH_ALLOWED_HOSTS: 'pinned.test',
    PUSH_ALLOW_PRIVATE_ADDRESSES: allowPrivate,
  });

  it('delivers an encrypted push with the private check switched off', async () => {
    const userId = await userWith(t, [`https://pinned.test:${port}/push/abc`]);
    const push = createPushService({
      db: t.database.db,
      config: loopbackConfig(true),
      log: t.app.log,
      resolve: resolveTo('127.0.0.1'),
      tls: { ca },
    });
    expect(await push.sendPush(userId, { title: 'Outbid', body: 'A higher bid arrived' })).toBe(1);
    expect(received).toHaveLength(1);
    expect(received[0]!.url).toBe('/push/abc');
    expect(received[0]!.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      ttl: '3600',
      host: `pinned.test:${port}`,
    });
    expect(String(received[0]!.headers.authorization)).toMatch(/^vapid t=/);
    expect(received[0]!.bytes).toBeGreaterThan(0);
  });

  it('with the check on, never even connects', async () => {
    const before = connections;
    received.length = 0;
    const userId = await userWith(t, [`https://pinned.test:${port}/push/def`]);
    const push = createPushService({
      db: t.database.db,
      config: loopbackConfig(false),
      log: t.app.log,
      resolve: resolveTo('127.0.0.1'),
      tls: { ca },
    });
    expect(await push.sendPush(userId, { title: 'Outbid', body: 'A higher bid arrived' })).toBe(0);
    expect(connections).toBe(before);
    expect(received).toEqual([]);
  });
});
