import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';
import type { Direction } from './settings.ts';

const caches: Partial<Record<Direction, EmotionCache>> = {};

/**
 * One emotion cache per direction. In right-to-left mode stylis-plugin-rtl mirrors every generated rule
 * (margins, paddings, positions), which is how MUI documents RTL support.
 */
export function emotionCacheFor(direction: Direction): EmotionCache {
  caches[direction] ??=
    direction === 'rtl'
      ? createCache({ key: 'kw-rtl', stylisPlugins: [prefixer, rtlPlugin] })
      : createCache({ key: 'kw', prepend: true });
  return caches[direction];
}
