import { use, useSyncExternalStore, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { lazyPage } from './lazy-page.ts';

/** How many pages' code is on its way: the top progress bar shows while it is not zero (root-layout.tsx). */
let pending = 0;
const listeners = new Set<() => void>();
const setPending = (change: number) => {
  pending += change;
  // Not during the render that started the load: the bar is another component.
  queueMicrotask(() => listeners.forEach((listener) => listener()));
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a page's code is loading, for the progress bar. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
}

export interface RoutePage {
  /** The route's element type: the page once its code is here; until then it suspends. */
  Page: ComponentType;
  /** Starts loading the page's code (and the MUI scope it renders in); settles when it is ready. */
  preload: () => Promise<void>;
  /** Whether the page renders in the MUI scope (lazy-page.ts). */
  mui: boolean;
}

/**
 * A page loaded on first use, which the router renders as an element (docs/decisions/071-declarative-router.md).
 * Unlike React.lazy it can be loaded ahead: main.tsx and the server render load the matched pages first, so the
 * first render is the page, synchronously, which hydration and renderToString need. A failed load (offline, a
 * deploy replaced the chunk, CHUNK_LOAD_TIMEOUT_MS) throws a ChunkLoadError to the page's error boundary, and the
 * next render tries again.
 */
export function routePage(
  load: () => Promise<{ default: ComponentType }>,
  options?: Parameters<typeof lazyPage>[1],
): RoutePage {
  const resolve = lazyPage(load, options);
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  /** The navigation (location key) whose attempt failed: React renders it again to read the error, which must not
   * start a new attempt (that would loop); a later navigation to the page tries again. */
  let failedAt: string | null = null;

  const start = (visit: string | null) => {
    if (loading && failedAt !== null && visit !== failedAt) loading = null;
    if (!loading) {
      setPending(1);
      failedAt = null;
      loading = resolve().then(
        (Component) => {
          setPending(-1);
          return (loaded = Component);
        },
        (error: unknown) => {
          setPending(-1);
          failedAt = visit ?? '';
          throw error;
        },
      );
    }
    return loading;
  };

  function Page() {
    const visit = useLocation().key;
    // `use` suspends on the cached promise (a navigation keeps the previous page on screen meanwhile: the router
    // navigates in a transition) and throws its error to the boundary.
    const Component = loaded ?? use(start(visit));
    return <Component />;
  }
  return { Page, preload: () => start(null).then(() => undefined), mui: options?.mui ?? true };
}
