import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import type { Language } from '@knotwork/shared/constants/languages';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes, isUnknownPath, preloadPages } from './app/router.tsx';
import { setApiTransport, type ApiTransport } from './lib/api-client.ts';
import { i18n, lazyNamespaces, namespaces } from './lib/i18n.ts';
import { setRenderClock } from './lib/server-clock.ts';
import { setRenderTimeZone } from './lib/time-zone.ts';
import { SSR_WIDTH } from './lib/ssr-media.ts';
import { guessSizeUnit, setRenderSizeUnit } from './lib/units.ts';
import type { SsrState } from './lib/ssr-state.ts';

/**
 * The server render of a page's first screen (docs/decisions/057-server-rendering.md), loaded by the API server
 * (apps/server/src/plugins/web.ts) from the Vite SSR build. Renders a signed-out visitor with the default
 * settings; the page's API answers come through `transport` (in-process, no network), its translations through
 * `loadNamespace` (from the built /locales files).
 */
export interface RenderInput {
  url: string;
  language: Language;
  languageSource: SsrState['languageSource'];
  /** A phone (from the User-Agent): the render assumes a phone's screen width. */
  small: boolean;
  /** The request's first Accept-Language tag ("en-US"), for the size unit a first visit gets. */
  acceptLanguage: string;
  /** The visitor's IANA zone from their cookie (checked by the server), else UTC: times are shown in it. */
  timeZone?: string;
  transport: ApiTransport;
  loadNamespace: (language: string, namespace: string) => Record<string, unknown> | undefined;
}

export interface RenderOutput {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The page's critical styles, `<style data-emotion>` tags for the head. */
  styles: string;
  state: SsrState;
}

/** Render passes: each fetches what the previous one asked for (a query that depends on another's answer). */
const MAX_PASSES = 3;

function ensureResources(input: RenderInput, language: string) {
  for (const ns of [...namespaces, ...lazyNamespaces]) {
    if (i18n.hasResourceBundle(language, ns)) continue;
    const bundle = input.loadNamespace(language, ns);
    if (bundle) i18n.addResourceBundle(language, ns, bundle, true, true);
  }
}

/** A query a render asked for and nobody has fetched yet. */
const unfetched = (q: Query) =>
  q.state.status === 'pending' && q.state.fetchStatus === 'idle' && typeof q.options.queryFn === 'function';

export async function render(input: RenderInput): Promise<RenderOutput | null> {
  setApiTransport(input.transport);
  ensureResources(input, input.language);
  if (input.language !== 'en') ensureResources(input, 'en');

  const { pathname } = new URL(input.url, 'http://localhost');
  // A redirect (the `*` route): the browser's router does it.
  if (isUnknownPath(pathname)) return null;
  // A page whose code failed to load is left to the browser, which shows the error.
  if (!(await preloadPages(pathname))) return null;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });

  const renderOnce = () => {
    // renderToString is synchronous: the shared i18n instance and clock hold this request's values throughout.
    void i18n.changeLanguage(input.language);
    const cache = createCache({ key: 'kw' });
    // Made before rendering: it marks the cache so emotion collects the styles instead of writing them inline.
    const emotionServer = createEmotionServer(cache);
    const html = renderToString(
      <AppProvider
        queryClient={queryClient}
        emotionCache={cache}
        ssrWidth={input.small ? SSR_WIDTH.phone : SSR_WIDTH.desktop}
      >
        <StaticRouter location={input.url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>,
    );
    return { html, emotionServer };
  };

  // Only this request's namespaces go to the browser.
  const report = (
    i18n as { reportNamespaces?: { usedNamespaces: Record<string, boolean>; getUsedNamespaces(): string[] } }
  ).reportNamespaces;
  if (report) report.usedNamespaces = {};
  const now = Date.now();
  setRenderClock(now);
  const timeZone = input.timeZone ?? 'UTC';
  setRenderTimeZone(timeZone);
  const sizeUnit = guessSizeUnit(null, input.acceptLanguage);
  setRenderSizeUnit(sizeUnit);
  let result = renderOnce();
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const pending = queryClient.getQueryCache().getAll().filter(unfetched);
    if (pending.length === 0) break;
    await Promise.all(pending.map((q) => q.fetch().catch(() => undefined)));
    setRenderClock(now);
    setRenderTimeZone(timeZone);
    result = renderOnce();
  }

  const styles = result.emotionServer.constructStyleTagsFromChunks(
    result.emotionServer.extractCriticalToChunks(result.html),
  );
  const used = report?.getUsedNamespaces() ?? [];
  const resources: SsrState['resources'] = {};
  for (const lng of new Set([input.language, 'en'])) {
    resources[lng] = {};
    for (const ns of new Set(['common', ...used])) {
      const bundle = i18n.getResourceBundle(lng, ns) as Record<string, unknown> | undefined;
      if (bundle) resources[lng][ns] = bundle;
    }
  }
  return {
    html: result.html,
    styles,
    state: {
      language: input.language,
      languageSource: input.languageSource,
      now,
      timeZone,
      small: input.small,
      sizeUnit,
      queries: dehydrate(queryClient),
      resources,
    },
  };
}
