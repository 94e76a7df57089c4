import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
// Montserrat stands in for proxima-nova (licensed, not bundled). One variable file serves every weight the theme
// uses (300-600): 38 KB for Latin against 75 KB for four static weights, on the slow link a phone's first picture
// shares with it (issue 9).
import '@fontsource-variable/montserrat';
// The page-wide base styles and palette, light and dark (decision 070).
import './styles/baseline.css';
import './styles/shell.css';
import './styles/approx.css';
// In the first stylesheet, not the route chunks': server-rendered pages show cards and pictures before any script.
import './styles/responsive-image.css';
import './styles/rug-card.css';
import './styles/footer.css';
import './styles/skeleton.css';
import './styles/buttons.css';
import './styles/header.css';
import './styles/header-search.css';
import './styles/search-field.css';
import './styles/segmented-toggle.css';
import './styles/filter-chips.css';
import './styles/page-links.css';
import './styles/outlined-field.css';
import './styles/filter-panel.css';
import './styles/empty-state.css';
import './styles/listing.css';
import { App } from './app/app.tsx';
import { preloadPages } from './app/router.tsx';
import { reportCaughtError } from './app/routes/route-error.tsx';
import { loadMuiScope } from './lib/mui-loader.tsx';
import { currentLanguage, i18n, namespaces } from './lib/i18n.ts';
import { directionOf } from './lib/language.ts';
import { useSettingsStore } from './lib/settings.ts';
import { whenIdle } from './lib/when-idle.ts';
import { queryClient } from './lib/query-client.ts';
import { setRenderClock } from './lib/server-clock.ts';
import { SSR_STATE_ID, ssrState } from './lib/ssr-state.ts';
import { rememberTimeZone, setRenderTimeZone } from './lib/time-zone.ts';

const container = document.getElementById('root')!;

/**
 * A server-rendered page (docs/decisions/057-server-rendering.md): the first render must produce the server's
 * HTML, so it gets the same route module, API answers, translations, clock and signed-out session first.
 * Not a top-level await: this module shares its chunk with modules the route chunks import, so a route chunk
 * imported while this module waits would wait for this module in turn, and the page would never hydrate.
 */
async function hydratePage(state: NonNullable<typeof ssrState>) {
  await preloadPages(window.location, { scopeFirst: true });
  hydrate(queryClient, state.queries);
  setRenderClock(state.now);
  setRenderTimeZone(state.timeZone);
  // A transition: React hydrates in slices and yields to the browser between them instead of one long task.
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App />
      </StrictMode>,
      {
        onCaughtError: reportCaughtError,
        // 419: a part the server left to the browser (a lazily loaded component suspended there); it renders here.
        onRecoverableError(error) {
          if (!(
            error instanceof Error && /\b419\b|could not finish this Suspense boundary/.test(error.message)
          ))
            reportError(error);
        },
      },
    );
  });
  // The rest of the start-up translations, as a client-rendered visit loads them, for code that translates
  // outside components (a component asking for one suspends until it is here). Once the browser is idle, two files
  // per task: started together, a dozen requests and their answers were one task of 10-35 ms at desktop speed,
  // four times that on Lighthouse's phone, in the middle of hydration (issue 24 §10).
  whenIdle(() => loadInTurns(namespaces.filter((ns) => !i18n.hasLoadedNamespace(ns))));
}

function loadInTurns(rest: string[]) {
  if (!rest.length) return;
  void i18n.loadNamespaces(rest.slice(0, 2)).finally(() => setTimeout(() => loadInTurns(rest.slice(2)), 0));
}

/**
 * A right-to-left visit (stored, or the language found) waits for the MUI scope and the right-to-left styles' code,
 * which are not in the entry (lib/mui-loader.tsx), so that its first render is already mirrored.
 */
async function rtlReady() {
  const rtl =
    useSettingsStore.getState().settings.direction === 'rtl' || directionOf(currentLanguage()) === 'rtl';
  if (rtl)
    await loadMuiScope()
      .then((scope) => scope.loadRtlCache())
      .catch(() => undefined);
}

// The server's next render of a page shows this visitor's local times (decision 077). In a task of its own, not in
// this module's evaluation: the visit's first Intl call loads ICU's data, 15-40 ms at desktop speed and four times
// that on Lighthouse's phone, which made the entry's evaluation the page's longest task (issue 24 §10).
setTimeout(rememberTimeZone, 0);

if (ssrState) {
  const state = ssrState;
  void rtlReady().then(() => hydratePage(state));
} else {
  void rtlReady().then(renderPage);
}

function renderPage() {
  // A server-rendered page this browser does not hydrate (lib/ssr-state.ts: a session, stored settings, a dark
  // device…): the server's styles (light mode, its assumed width) go with its HTML, else they outrank the client's.
  if (document.getElementById(SSR_STATE_ID)) {
    document.querySelectorAll('head style[data-emotion]').forEach((style) => style.remove());
  }
  // The page's code starts loading now; until it is here the shell shows with the progress bar.
  void preloadPages(window.location);
  createRoot(container, { onCaughtError: reportCaughtError }).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
