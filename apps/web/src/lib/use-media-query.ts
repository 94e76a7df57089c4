import { useCallback, useContext, useSyncExternalStore } from 'react';
import { layout } from '@knotwork/shared/constants/layout';
import { matchWidth } from './ssr-media.ts';
import { ServerRenderContext } from './server-render-context.ts';

type Breakpoint = keyof typeof layout.breakpoints;

/**
 * Media queries for the theme's breakpoints, written as MUI's `theme.breakpoints` writes them, for components
 * outside the MUI theme (the shell and the listing, decision 070).
 */
export const screen = {
  /** Below the breakpoint: MUI's `breakpoints.down(key)`. */
  down: (key: Breakpoint) => `(max-width:${layout.breakpoints[key] - 0.05}px)`,
  /** From the breakpoint up: MUI's `breakpoints.up(key)`. */
  up: (key: Breakpoint) => `(min-width:${layout.breakpoints[key]}px)`,
};

/**
 * Whether a media query matches, kept up to date. A server render answers from the width it assumes for the
 * request's device; in the browser, hydration uses the real screen, which is the server's guess or the page would
 * not be hydrated (lib/ssr-state.ts).
 */
export function useMediaQuery(query: string): boolean {
  const { ssrWidth } = useContext(ServerRenderContext);
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () =>
      ssrWidth !== undefined
        ? matchWidth(query, ssrWidth).matches
        : typeof window !== 'undefined' && window.matchMedia(query).matches,
  );
}
