import { useEffect, useReducer } from 'react';
import createCache, { type EmotionCache } from '@emotion/cache';
import type { Direction } from './settings.ts';

let ltrCache: EmotionCache | undefined;
let rtlCache: EmotionCache | undefined;
let rtlLoading: Promise<EmotionCache> | undefined;

/**
 * The right-to-left cache's code (stylis-plugin-rtl and cssjanus, about 2 KB gzip) loads only for a right-to-left
 * page: most visits are left to right and the entry carries every byte to every phone (issue 9). lib/mui-loader.tsx
 * waits for it before the first MUI part of a right-to-left visit renders, and followLanguage before it turns a page
 * to the right.
 */
export function loadRtlCache(): Promise<EmotionCache> {
  rtlLoading ??= import('./emotion-cache-rtl.ts').then((m) => (rtlCache = m.createRtlCache()));
  return rtlLoading;
}

/**
 * The styles cache for a direction. In right-to-left mode stylis-plugin-rtl mirrors every generated rule
 * (margins, paddings, positions), which is how MUI documents RTL support. Should the right-to-left code not have
 * arrived yet (another tab switched the direction), the page keeps the left-to-right cache for that moment and
 * re-renders when it arrives.
 */
export function useEmotionCache(direction: Direction, wanted = true): EmotionCache | undefined {
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const missing = wanted && direction === 'rtl' && !rtlCache;
  useEffect(() => {
    if (missing) void loadRtlCache().then(arrived);
  }, [missing]);
  // A server render brings its own per-request cache.
  if (!wanted) return undefined;
  if (direction === 'rtl' && rtlCache) return rtlCache;
  // Made at the first render, not when this module loads: a new cache adopts the server's style tags it finds, and
  // main.tsx removes those first when it renders a server's page afresh (else their rules would count as inserted).
  ltrCache ??= createCache({ key: 'kw', prepend: true });
  return ltrCache;
}
