import type { DehydratedState } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@knotwork/shared/constants/layout';
import type { Language } from '@knotwork/shared/constants/languages';
import { SMALL_SCREEN_QUERY } from './ssr-media.ts';
import { readStoredUnit } from './size-unit-guess.ts';

/**
 * What the server hands the browser with a server-rendered page (docs/decisions/057-server-rendering.md), in a
 * `<script type="application/json" id="kw-ssr">` the CSP lets through because it is never executed.
 */
export interface SsrState {
  /** The language the server rendered in, and where it found it (the browser's own detection may disagree). */
  language: Language;
  languageSource: 'query' | 'cookie' | 'header';
  /** The server's clock at render time: countdowns render it during hydration, then tick on the browser's. */
  now: number;
  /** The zone the server formatted times in: hydration formats in it, then the browser's own (decision 077). */
  timeZone?: string;
  /** Whether the server rendered for a screen below the `md` breakpoint (a phone's User-Agent). */
  small: boolean;
  /** The size unit the server rendered (from the request's first language; lib/units.ts). */
  sizeUnit: string;
  /** The API answers the page rendered with (TanStack Query's dehydrate). */
  queries: DehydratedState;
  /** The translation files the page used, by language then namespace. */
  resources: Record<string, Record<string, Record<string, unknown>>>;
}

export const SSR_STATE_ID = 'kw-ssr';

function storedLanguage(): string | null {
  try {
    return localStorage.getItem('i18nextLng');
  } catch {
    return null;
  }
}

function hasStored(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/**
 * The server's state when this browser would render the same first screen, else null. The server renders a
 * signed-out visitor with the default settings in the request's language; a stored session, stored settings,
 * a dark device, a screen on the other side of the `md` breakpoint or a stored other language make the first screen different, and such a visit renders on the
 * client as before (the server HTML is replaced), rather than hydrating into a mismatch.
 */
export function readSsrState(): SsrState | null {
  if (typeof document === 'undefined') return null;
  const script = document.getElementById(SSR_STATE_ID);
  if (!script?.textContent) return null;
  let state: SsrState;
  try {
    state = JSON.parse(script.textContent) as SsrState;
  } catch {
    return null;
  }
  if (hasStored(STORAGE_KEYS.token) || hasStored(STORAGE_KEYS.settings)) return null;
  if (window.matchMedia?.('(prefers-color-scheme: dark)').matches) return null;
  if (readStoredUnit() !== state.sizeUnit) return null;
  if ((window.matchMedia?.(SMALL_SCREEN_QUERY).matches ?? false) !== state.small) return null;
  const stored = storedLanguage();
  if (state.languageSource === 'header' && stored !== null && stored.split('-')[0] !== state.language)
    return null;
  return state;
}

/** Read once: main.tsx decides between hydrating and rendering, i18n.ts how to start. */
export const ssrState = readSsrState();
