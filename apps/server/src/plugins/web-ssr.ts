import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLanguage, RTL_LANGUAGES, type Language } from '@knotwork/shared/constants/languages';
import type { Config } from '../config/env.ts';
import { createTtlCache } from '../modules/catalogue/ttl-cache.ts';
import type { ServerEventName } from '@knotwork/shared/realtime/events';

/**
 * Server rendering of the first screen (docs/decisions/057-server-rendering.md). The web app's Vite SSR build
 * (apps/web/src/entry-server.tsx) renders the page for a signed-out visitor; its API calls are answered in
 * process by `app.inject`. Whatever goes wrong (no build, a render error, a slow render) the visitor gets the
 * client-rendered index.html as before, never an error page.
 */

/** The subset of apps/web/src/entry-server.tsx the server relies on (the web app is not a dependency). */
interface RenderOutput {
  html: string;
  styles: string;
  state: unknown;
}
interface EntryServer {
  render(input: {
    url: string;
    language: Language;
    languageSource: 'query' | 'cookie' | 'header';
    small: boolean;
    acceptLanguage: string;
    timeZone?: string;
    transport: (
      url: URL,
      init: { method: string; headers: Record<string, string>; body?: unknown },
    ) => Promise<{ ok: boolean; status: number; statusText: string; text(): Promise<string> }>;
    loadNamespace: (language: string, namespace: string) => Record<string, unknown> | undefined;
  }): Promise<RenderOutput | null>;
}

/** The pages issue 9 measures: home, the listing (both paths), a rug page, a sale page. */
const SSR_PATHS = [
  /^\/$/,
  /^\/home$/,
  /^\/rug-listings?$/,
  /^\/rug-listing\/[^/]+$/,
  /^\/upcoming-auctions\/[^/]+$/,
];

/** A render slower than this serves the client shell instead (the visitor would wait longer than without SSR). */
const RENDER_TIMEOUT_MS = 3000;

/** The language i18next in the browser would pick first: ?lng=, the i18next cookie, then Accept-Language. */
export function requestLanguage(request: FastifyRequest): {
  language: Language;
  source: 'query' | 'cookie' | 'header';
} {
  const base = (value: string | undefined) => value?.trim().toLowerCase().split(/[-_]/)[0];
  const query = base(new URL(request.url, 'http://localhost').searchParams.get('lng') ?? undefined);
  if (isLanguage(query)) return { language: query, source: 'query' };
  const cookie = base(/(?:^|;\s*)i18next=([^;]+)/.exec(request.headers.cookie ?? '')?.[1]);
  if (isLanguage(cookie)) return { language: cookie, source: 'cookie' };
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => base(part.split(';')[0]))
    .find(isLanguage);
  return { language: accepted ?? 'en', source: 'header' };
}

/**
 * The visitor's IANA time zone, which the web app keeps in the `kw_tz` cookie (decision 077), when Intl knows it;
 * else undefined (the render shows UTC, and the browser switches to local times after hydrating).
 */
export function requestTimeZone(request: FastifyRequest): string | undefined {
  const raw = /(?:^|;\s*)kw_tz=([^;]{1,64})/.exec(request.headers.cookie ?? '')?.[1];
  if (!raw) return undefined;
  try {
    const zone = decodeURIComponent(raw);
    if (!/^[A-Za-z0-9_+\-/]+$/.test(zone)) return undefined;
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Phones and small tablets announce themselves ("Mobile", "Android", "iPhone"); the render assumes their width. */
export const isPhone = (request: FastifyRequest) =>
  /Mobi|Android|iPhone|iPod/i.test(request.headers['user-agent'] ?? '');

/** Escapes JSON for a `<script type="application/json">`: nothing in it can close the tag. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page, and a `Server-Timing` value saying what the render cost (or that it came from the cache). */
export type ServerRenderer = (
  request: FastifyRequest,
  url: string,
  html: string,
) => Promise<{ html: string; timing?: string }>;

/**
 * Events after which a cached render may show stale data: prices and lot states (bids, closes), staff's content
 * and settings. The rest (chat, notifications, sessions) never appears in a signed-out render.
 */
const STALE_AFTER = new Set<ServerEventName>([
  'lot.updated',
  'lot.bid',
  'lot.closed',
  'live.state',
  'content.changed',
  'settings.changed',
]);

export async function createServerRenderer(
  app: FastifyInstance,
  config: Config,
): Promise<ServerRenderer | undefined> {
  if (!config.WEB_SSR) return undefined;
  const entryPath = path.resolve(
    config.WEB_SSR_ENTRY ?? path.join(config.WEB_DIST_DIR, '..', 'dist-ssr', 'entry-server.js'),
  );
  if (!fs.existsSync(entryPath)) return undefined;
  let entry: EntryServer;
  try {
    entry = (await import(pathToFileURL(entryPath).href)) as EntryServer;
  } catch (error) {
    app.log.error({ err: error }, 'server rendering disabled: its build could not be loaded');
    return undefined;
  }

  const locales = new Map<string, Record<string, unknown> | undefined>();
  const loadNamespace = (language: string, namespace: string) => {
    const key = `${language}/${namespace}`;
    if (!locales.has(key)) {
      const file = path.join(config.WEB_DIST_DIR, 'locales', language, `${namespace}.json`);
      locales.set(
        key,
        fs.existsSync(file)
          ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>)
          : undefined,
      );
    }
    return locales.get(key);
  };

  const transport: Parameters<EntryServer['render']>[0]['transport'] = async (url, init) => {
    const res = await app.inject({
      method: init.method as 'GET',
      url: url.pathname + url.search,
      headers: init.headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    return {
      ok: res.statusCode < 400,
      status: res.statusCode,
      statusText: res.statusMessage,
      text: () => Promise.resolve(res.body),
    };
  };

  // The first render loads the route modules and warms the JIT: seconds on a busy machine, over the render limit.
  // Done once at start-up, in the background, so the first visitor gets the rendered page.
  app.addHook('onReady', () => {
    for (const url of ['/', '/rug-listing']) {
      void entry
        .render({
          url,
          language: 'en',
          languageSource: 'header',
          small: true,
          acceptLanguage: 'en',
          transport,
          loadNamespace,
        })
        .catch(() => undefined);
    }
  });

  // Every render is a signed-out visitor's, so one render serves every visitor asking for the same URL in the same
  // language, screen class and size unit: a burst of first visits (a sale's e-mail going out) costs one render
  // per page every few seconds, not one per visitor, and they get a short time to first byte. Concurrent misses
  // share one render; a render that outlives the timeout below still fills the cache for the next visitor.
  const cache = createTtlCache<{ out: RenderOutput | null; ms: number }>({
    ttlMs: config.WEB_SSR_CACHE_SECONDS * 1000,
    maxEntries: 500,
  });
  app.ctx.bus.onEvent((event) => {
    if (STALE_AFTER.has(event.event)) cache.clear();
  });

  return async (request, url, html) => {
    if (!SSR_PATHS.some((re) => re.test(url))) return { html };
    const { language, source } = requestLanguage(request);
    // Right-to-left pages need the mirrored styles cache and the stored direction: they render in the browser.
    if (RTL_LANGUAGES.includes(language)) return { html };
    const small = isPhone(request);
    const acceptLanguage = (request.headers['accept-language'] ?? '').split(/[,;]/)[0]?.trim() ?? '';
    const timeZone = requestTimeZone(request);
    let rendered = false;
    const renderPage = async () => {
      rendered = true;
      const started = performance.now();
      const out = await entry.render({
        url: request.url,
        language,
        languageSource: source,
        small,
        acceptLanguage,
        timeZone,
        transport,
        loadNamespace,
      });
      return { out, ms: performance.now() - started };
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`server render took over ${RENDER_TIMEOUT_MS} ms`)),
          RENDER_TIMEOUT_MS,
        );
      });
      const key = [
        request.url,
        language,
        source,
        small ? 'phone' : 'desktop',
        acceptLanguage,
        timeZone ?? 'UTC',
      ].join('\n');
      const { out, ms } = await Promise.race([cache.get(key, renderPage), timeout]);
      const timing = rendered ? `ssr;dur=${ms.toFixed(1)}` : 'ssr;desc="cached"';
      if (!out) return { html, timing };
      return { html: injectRender(html, out, language), timing };
    } catch (error) {
      request.log.error({ err: error, url }, 'server render failed; sending the client-rendered page');
      return { html };
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * A rendered page is readable before any script runs: its scripts (the entry, Vite's modulepreloads, the route
 * chunk's) only make it interactive. Requested with the page, some thirty of them share a slow link with its main
 * picture and fonts, which then arrive after them. So they leave the head: their addresses go in a JSON block, and
 * `/start-after-load.js` (apps/web/public) adds them once the page has loaded and painted twice (or after 3 s at the
 * latest), four elements per task, the entry's download first and the entry itself last, so that Vite's loader (which
 * the entry runs) finds every modulepreload in place instead of adding the missing ones in one long task. Each
 * element starts a request, a few milliseconds of main-thread work on a phone, and some forty added at once were one 200 ms task, most of the rug page's Lighthouse blocking time
 * (issue 24 section 10). A message channel yields between tasks without setTimeout's 4 ms clamp. The file is served
 * as written and counts toward the listing's first-paint budget (scripts/web-size.mjs): keep it short.
 */
export function deferScripts(head: string): string {
  const scripts: string[] = [];
  const preloads: string[] = [];
  const rest = head
    .replace(/\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g, (_tag, src: string) => {
      scripts.push(src);
      return '';
    })
    .replace(/\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g, (_tag, href: string) => {
      preloads.push(href);
      return '';
    });
  if (scripts.length === 0) return head;
  const block = `<script type="application/json" id="kw-deferred">${scriptJson({ scripts, preloads })}</script>`;
  return rest.replace('</head>', `${block}<script src="/start-after-load.js" defer></script></head>`);
}

/** Puts the rendered page in `#root` (in place of the start-up splash), its styles and state in the head. */
export function injectRender(html: string, out: RenderOutput, language: Language): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('</body>');
  if (start < 0 || end < 0) return html;
  const state = `<script type="application/json" id="kw-ssr">${scriptJson(out.state)}</script>`;
  return (
    deferScripts(html.slice(0, start))
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace('</head>', `${out.styles}</head>`) +
    `<div id="root">${out.html}</div>${state}\n  ` +
    html.slice(end)
  );
}
