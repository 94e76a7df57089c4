import fs from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { pushRenewSchema } from '@knotwork/shared/schemas/notifications';

/**
 * apps/web/public/sw.js, the file the browser runs, run here in a VM context whose `self`, `clients`,
 * `registration` and `fetch` are recordings: each event the browser would fire (push, notificationclick,
 * pushsubscriptionchange) is dispatched to the worker's own listener and what it did is checked. A real
 * Chromium delivers a push to the same file in push-in-browser.test.ts.
 */
const source = fs.readFileSync(new URL('../../apps/web/public/sw.js', import.meta.url), 'utf8');
const ORIGIN = 'https://rugs.example';
const SERVER_KEY = 'BDd3_hVL9fZi9Ybo2UUzA284WG5FZR30_95YeZJsiApwXKpNcF1rRPF3foIiBHXRdJI2Qhumhf6_LFTeZaNndIo';

interface FakeClient {
  url: string;
  focused: boolean;
  messages: unknown[];
  focused_: number;
  navigated: string[];
  postMessage(m: unknown): void;
  focus(): Promise<FakeClient>;
  navigate(url: string): Promise<FakeClient>;
}
function tab(path: string, focused = false, controlled = true): FakeClient {
  const client: FakeClient = {
    url: `${ORIGIN}${path}`,
    focused,
    messages: [],
    focused_: 0,
    navigated: [],
    postMessage: (m) => void client.messages.push(JSON.parse(JSON.stringify(m))),
    focus: () => Promise.resolve((client.focused_++, client)),
    navigate: (url) => {
      if (!controlled) return Promise.reject(new TypeError('not controlled'));
      client.navigated.push(url);
      return Promise.resolve(client);
    },
  };
  return client;
}

/** A subscription as PushManager returns it (toJSON and options are what the worker reads). */
const subscription = (endpoint: string, auth: string, key?: Uint8Array) => ({
  endpoint,
  options: { applicationServerKey: key?.buffer ?? null },
  toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'BPublicKeyOfTheBrowser', auth } }),
});

function loadWorker(
  options: { windows?: FakeClient[]; fetch?: (url: string, init?: RequestInit) => Promise<Response> } = {},
) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: { body: string; data: { link: string | null } } }[] = [];
  const opened: string[] = [];
  const subscribed: { userVisibleOnly: boolean; applicationServerKey: Uint8Array | ArrayBuffer }[] = [];
  const requests: { url: string; method: string; body: unknown }[] = [];
  const windows = options.windows ?? [];
  const renewed = subscription('https://push.example/new', 'newAuth');
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: () => undefined,
    clients: {
      claim: () => Promise.resolve(),
      matchAll: () => Promise.resolve(windows),
      openWindow: (url: string) => Promise.resolve(void opened.push(url)),
    },
    registration: {
      showNotification: (title: string, o: (typeof shown)[number]['options']) =>
        Promise.resolve(void shown.push({ title, options: o })),
      pushManager: {
        subscribe: (o: (typeof subscribed)[number]) => Promise.resolve((subscribed.push(o), renewed)),
      },
    },
  };
  const fetch = async (url: string, init?: RequestInit) => {
    requests.push({
      url,
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    if (options.fetch) return options.fetch(url, init);
    if (url === '/api/v1/notification/vapid-public-key') return Response.json({ publicKey: SERVER_KEY });
    return Response.json({ message: 'Push notifications enabled' });
  };
  vm.runInContext(source, vm.createContext({ self, fetch, atob, URL, Uint8Array, JSON, TypeError, Error }));

  /** Fires an event at the worker and waits for what it passed to waitUntil. */
  async function dispatch(type: string, event: Record<string, unknown>) {
    let work: Promise<unknown> = Promise.resolve();
    const listener = listeners.get(type);
    if (!listener) throw new Error(`sw.js does not listen to ${type}`);
    listener({ ...event, waitUntil: (p: Promise<unknown>) => void (work = p) });
    await work;
  }
  return { dispatch, shown, opened, subscribed, requests, windows, renewed };
}

const pushData = (json: unknown) => ({ json: () => json, text: () => JSON.stringify(json) });
const outbid = {
  notification: { title: 'You have been outbid on Lot 4', body: 'The bid is now 550 EUR' },
  data: { type: 'outbid', link: '/rugs-details-live/rug-4' },
};

describe('sw.js push', () => {
  it('with no Knotwork tab focused: a system notification with title, body and the lot link; open tabs get the message', async () => {
    const background = tab('/sales', false);
    const w = loadWorker({ windows: [background] });
    await w.dispatch('push', { data: pushData(outbid) });
    expect(w.shown).toHaveLength(1);
    expect(w.shown[0]!.title).toBe(outbid.notification.title);
    expect(w.shown[0]!.options).toMatchObject({
      body: outbid.notification.body,
      data: { link: '/rugs-details-live/rug-4' },
    });
    expect(background.messages).toEqual([
      {
        type: 'knotwork:push',
        notification: {
          title: outbid.notification.title,
          body: outbid.notification.body,
          link: '/rugs-details-live/rug-4',
        },
      },
    ]);
  });

  it('with a Knotwork tab focused: only the in-page message (the toast), no system notification', async () => {
    const focused = tab('/', true);
    const w = loadWorker({ windows: [focused] });
    await w.dispatch('push', { data: pushData(outbid) });
    expect(w.shown).toEqual([]);
    expect(focused.messages).toHaveLength(1);
  });

  it('a payload that is not JSON still shows, as the body under the house name', async () => {
    const w = loadWorker();
    await w.dispatch('push', { data: { json: () => JSON.parse('not json'), text: () => 'plain words' } });
    expect(w.shown[0]).toMatchObject({
      title: 'Knotwork',
      options: { body: 'plain words', data: { link: null } },
    });
  });
});

describe('sw.js notificationclick', () => {
  const click = (link: string | null) => {
    const notification = { closed: false, data: { link }, close: () => void (notification.closed = true) };
    return notification;
  };

  it('focuses an open Knotwork tab and takes it to the lot', async () => {
    const open = tab('/sales');
    const w = loadWorker({ windows: [open] });
    const notification = click('/rugs-details-live/rug-4');
    await w.dispatch('notificationclick', { notification });
    expect(notification.closed).toBe(true);
    expect(open.focused_).toBe(1);
    expect(open.navigated).toEqual([`${ORIGIN}/rugs-details-live/rug-4`]);
    expect(w.opened).toEqual([]);
  });

  it('a tab the worker does not control is focused (it cannot be navigated) and nothing else opens', async () => {
    const open = tab('/sales', false, false);
    const w = loadWorker({ windows: [open] });
    await w.dispatch('notificationclick', { notification: click('/rugs-details-live/rug-4') });
    expect(open.focused_).toBe(1);
    expect(w.opened).toEqual([]);
  });

  it('with no tab open: opens the lot', async () => {
    const w = loadWorker();
    await w.dispatch('notificationclick', { notification: click('/rugs-details-live/rug-4') });
    expect(w.opened).toEqual([`${ORIGIN}/rugs-details-live/rug-4`]);
  });

  it('never leaves the site: a foreign or missing link opens the notifications page', async () => {
    for (const link of ['https://evil.example/phish', '//evil.example/x', null]) {
      const w = loadWorker();
      await w.dispatch('notificationclick', { notification: click(link) });
      expect(w.opened).toEqual([`${ORIGIN}/notification`]);
    }
  });
});

describe('sw.js pushsubscriptionchange', () => {
  it('with the old subscription (Firefox): subscribes with the server\u2019s VAPID key and replaces the old one on the server', async () => {
    const open = tab('/');
    const w = loadWorker({ windows: [open] });
    await w.dispatch('pushsubscriptionchange', {
      oldSubscription: subscription('https://push.example/old', 'oldAuth'),
      newSubscription: null,
    });
    expect(w.subscribed).toHaveLength(1);
    expect(w.subscribed[0]!.userVisibleOnly).toBe(true);
    expect(Buffer.from(w.subscribed[0]!.applicationServerKey as Uint8Array)).toEqual(
      Buffer.from(SERVER_KEY, 'base64url'),
    );
    const renew = w.requests.find((r) => r.url === '/api/v1/notification/token/renew');
    expect(renew).toMatchObject({
      method: 'POST',
      body: {
        oldEndpoint: 'https://push.example/old',
        oldAuth: 'oldAuth',
        token: { endpoint: 'https://push.example/new', keys: { auth: 'newAuth' } },
      },
    });
    // What the worker sends is what the server's route accepts.
    expect(pushRenewSchema.safeParse(renew!.body).success).toBe(true);
    expect(open.messages).toEqual([]);
  });

  it('uses the subscription the browser already made, without subscribing again', async () => {
    const w = loadWorker();
    const given = subscription('https://push.example/given', 'givenAuth');
    await w.dispatch('pushsubscriptionchange', {
      oldSubscription: subscription('https://push.example/old', 'oldAuth'),
      newSubscription: given,
    });
    expect(w.subscribed).toEqual([]);
    expect(w.requests.map((r) => r.url)).toEqual(['/api/v1/notification/token/renew']);
    expect(w.requests[0]!.body).toMatchObject({ token: { endpoint: 'https://push.example/given' } });
  });

  it('without the old subscription (Chrome), or when the server refuses, asks the open tabs to register it with their session', async () => {
    const open = tab('/');
    const w = loadWorker({ windows: [open] });
    await w.dispatch('pushsubscriptionchange', {});
    expect(w.subscribed).toHaveLength(1);
    expect(w.requests.map((r) => r.url)).toEqual(['/api/v1/notification/vapid-public-key']);
    expect(open.messages).toEqual([
      { type: 'knotwork:push-subscription-change', subscription: w.renewed.toJSON() },
    ]);

    const refusedTab = tab('/');
    const refused = loadWorker({
      windows: [refusedTab],
      fetch: (url) =>
        Promise.resolve(
          url.endsWith('/renew')
            ? Response.json({ message: 'No such push subscription' }, { status: 404 })
            : Response.json({ publicKey: SERVER_KEY }),
        ),
    });
    await refused.dispatch('pushsubscriptionchange', {
      oldSubscription: subscription('https://push.example/old', 'oldAuth'),
    });
    expect(refusedTab.messages).toHaveLength(1);
  });

  it('offline: subscribes with the old subscription\u2019s key', async () => {
    const oldKey = Uint8Array.from(Buffer.from(SERVER_KEY, 'base64url'));
    const w = loadWorker({ fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await w.dispatch('pushsubscriptionchange', {
      oldSubscription: subscription('https://push.example/old', 'oldAuth', oldKey),
    });
    expect(Buffer.from(w.subscribed[0]!.applicationServerKey as ArrayBuffer)).toEqual(Buffer.from(oldKey));
  });
});
