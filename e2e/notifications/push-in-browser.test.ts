import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser } from '../helpers/accounts.ts';
import { httpStatusNoise } from '../helpers/browser.ts';
import { useE2E } from '../helpers/harness.ts';
import { header, visible } from '../helpers/ui.ts';

/**
 * apps/web/public/sw.js in Debian's Chromium: the browser itself delivers a push (DevTools protocol
 * ServiceWorker.deliverPushMessage, the Application panel's "Push" button) to the registered worker. The
 * payload is the one the server sends (modules/push/service.ts). Clicking a system notification and
 * pushsubscriptionchange cannot be triggered in headless Chromium; service-worker.test.ts covers them.
 */
const e2e = useE2E();

const payload = {
  notification: { title: 'You have been outbid on Lot 7 \u2014 Kazak', body: 'The bid is now 1,200 EUR' },
  data: { type: 'outbid', link: '/rugs-details-live/rug-7' },
};

/** The page's origin with /sw.js registered and active; the DevTools session that can push to it. */
async function withWorker(
  page: Page,
  context: BrowserContext,
): Promise<{ cdp: CDPSession; push: (data: unknown) => Promise<void> }> {
  await context.grantPermissions(['notifications'], { origin: e2e.baseUrl });
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on(
    'ServiceWorker.workerRegistrationUpdated',
    (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
      for (const r of e.registrations) registrations.set(r.scopeURL, r.registrationId);
    },
  );
  await cdp.send('ServiceWorker.enable');
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  // DevTools reports the registration by an event that may arrive after `ready` resolves in the page.
  await expect.poll(() => registrations.get(`${e2e.baseUrl}/`)).toBeDefined();
  const registrationId = registrations.get(`${e2e.baseUrl}/`);
  return {
    cdp,
    push: async (data) => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: e2e.baseUrl,
        registrationId: registrationId!,
        data: JSON.stringify(data),
      });
    },
  };
}

const titlesShown = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title),
  );

describe('a push delivered by Chromium to the service worker', () => {
  it('with a Knotwork tab open and focused: no system notification, the tab gets the message and shows its toast', async () => {
    const { page, context } = await e2e.newPage();
    const { push } = await withWorker(page, context);
    await visible(header(page));
    // The worker asks whether a tab is focused; with other test files' pages in the same browser, make sure.
    await page.bringToFront();
    const received = page.evaluate(
      () =>
        new Promise<unknown>((resolve) =>
          navigator.serviceWorker.addEventListener('message', (e) => resolve(e.data), { once: true }),
        ),
    );
    await push(payload);
    expect(await received).toEqual({
      type: 'knotwork:push',
      notification: { ...payload.notification, link: '/rugs-details-live/rug-7' },
    });
    await expect
      .poll(() => page.getByTestId('push-toast').textContent())
      .toContain(payload.notification.title);
    // Then a second push with no tab open: once its notification shows, the first would show too, had it made one.
    await page.goto('about:blank');
    await push({ notification: { title: 'Second', body: 'b' } });
    await page.goto('/');
    await expect.poll(() => titlesShown(page)).toEqual(['Second']);
  });

  it('with no Knotwork tab open: a system notification with title, body and the lot\u2019s link', async () => {
    const { page, context } = await e2e.newPage();
    const { push } = await withWorker(page, context);
    await page.goto('about:blank');
    await push(payload);
    await page.goto('/');
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          data: n.data as unknown,
        })),
      );
    await expect
      .poll(shown)
      .toEqual([{ ...payload.notification, data: { link: '/rugs-details-live/rug-7' } }]);
  });
});

describe('a subscription the worker renewed but could not register itself', () => {
  it('is posted by a signed-in tab to /notification/token with the tab’s session', async () => {
    const account = await createVerifiedUser(e2e.baseUrl);
    // The endpoint is made up, so the server refuses it (400): this test is about who posts what.
    const { page, context } = await e2e.newPage({
      session: { token: account.token, user: account.user },
      allow: [httpStatusNoise(400)],
    });
    await page.goto('/');
    // The app listens to its worker once the layout has mounted (a message before that is not queued).
    await visible(header(page).getByRole('button', { name: 'Account menu' }));
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    });
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/renewed',
      expirationTime: null,
      keys: { p256dh: 'BKey', auth: 'newAuth' },
    };
    const posted = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/notification/token'),
    );
    // What sw.js posts to its tabs when pushsubscriptionchange came without the old subscription.
    await worker.evaluate(async (sub) => {
      const sw = self as unknown as {
        clients: { matchAll(o: object): Promise<{ postMessage(m: unknown): void }[]> };
      };
      for (const client of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true }))
        client.postMessage({ type: 'knotwork:push-subscription-change', subscription: sub });
    }, subscription);
    const request = await posted;
    expect(request.postDataJSON()).toEqual({ token: subscription });
    expect(request.headers().authorization).toBe(`Bearer ${account.token}`);
  });
});
