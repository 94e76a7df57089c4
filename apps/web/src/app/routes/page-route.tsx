import { Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { routePage, type RoutePage } from './route-page.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

/** What a page's route carries for preloading (`handle` is free for the app's own data in React Router). */
export interface PageHandle {
  preload: RoutePage['preload'];
  mui: RoutePage['mui'];
}

/**
 * A lazily loaded page whose load or render errors show in place of the page, inside its layout; drawn with MUI
 * unless `mui: false` (lazy-page.ts). While its code loads on a navigation, the previous page stays on screen.
 */
export function page(
  path: string,
  load: Parameters<typeof routePage>[0] | RoutePage,
  options?: Parameters<typeof routePage>[1],
): RouteObject {
  const { Page, preload, mui } = typeof load === 'function' ? routePage(load, options) : load;
  const handle: PageHandle = { preload, mui };
  return {
    path,
    element: (
      <RouteErrorBoundary>
        <Suspense fallback={null}>
          <Page />
        </Suspense>
      </RouteErrorBoundary>
    ),
    handle,
  };
}
