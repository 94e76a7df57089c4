import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '@/lib/auth-store.ts';
import { FullScreenLoader } from '@/components/ui/full-screen-loader.tsx';
import { TopProgressBar } from '@/components/ui/top-progress-bar.tsx';
import { useSessionBootstrap } from '@/features/auth/hooks/use-session-bootstrap.ts';
import { paths } from '@/config/paths.ts';
import { usePageLoading } from '../routes/route-page.tsx';

/** The two listing paths are one page whose filters pick the path: moving between them is a filter change. */
const LISTING_PATHS = new Set<string>([paths.rugListing.path, paths.rugListings.path]);

/** Whether a move from `from` to `to` opens a new page (scroll to top) rather than refining the same one. */
function isNewPage(from: string, to: string): boolean {
  if (from === to) return false;
  return !(LISTING_PATHS.has(from) && LISTING_PATHS.has(to));
}

/**
 * The root of every route: checks the session once, shows the start-up loader until that is done, runs the
 * 3px progress bar during navigation and requests, and scrolls to the top on every new page (not on query-only
 * changes nor between the listing's two paths, which are filter changes on the same page).
 */
export function RootLayout() {
  const { t } = useTranslation();
  useSessionBootstrap();
  const loading = useAuthStore((s) => s.loading);
  const pageLoading = usePageLoading();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const { pathname } = useLocation();

  const previousPath = useRef(pathname);
  useEffect(() => {
    const from = previousPath.current;
    previousPath.current = pathname;
    if (isNewPage(from, pathname)) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);

  return (
    <>
      <TopProgressBar active={pageLoading || fetching > 0 || mutating > 0} label={t('loading')} />
      {/* The page renders underneath so its data starts loading while the session is checked. */}
      {loading && <FullScreenLoader label={t('loadingSession')} />}
      <Outlet />
    </>
  );
}
