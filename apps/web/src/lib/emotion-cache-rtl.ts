import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/** The right-to-left styles cache, in a chunk of its own (lib/emotion-cache.ts loads it when a page needs it). */
export function createRtlCache() {
  return createCache({ key: 'kw-rtl', stylisPlugins: [prefixer, rtlPlugin] });
}
