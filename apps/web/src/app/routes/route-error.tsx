import { Component, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PlainIcon } from '@/components/ui/plain-icon.tsx';
import { ChunkLoadError } from './lazy-page.ts';

/** An error thrown while loading or rendering a route: "loading failed" for chunks, a calm fallback otherwise. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = error instanceof ChunkLoadError;
  return (
    <div className="kw-route-error" role="alert">
      <EmptyState
        headingComponent="h1"
        icon={<PlainIcon name={chunk ? 'cloudOff' : 'reportProblem'} />}
        title={chunk ? t('errors.chunkTitle') : t('errors.unexpectedTitle')}
        description={chunk ? t('errors.chunkBody') : t('errors.unexpectedBody')}
        action={
          <>
            {/* Plain buttons (styles/buttons.css): this fallback is part of every page's entry (decision 067). */}
            <button
              type="button"
              className="kw-button kw-button--contained"
              onClick={() => window.location.reload()}
            >
              {t('actions.reload')}
            </button>
            <RouterLink to={paths.home.href()} reloadDocument className="kw-button kw-button--outlined">
              {t('actions.backHome')}
            </RouterLink>
          </>
        }
      />
    </div>
  );
}

class Boundary extends Component<
  { children: ReactNode; pathname: string },
  { error: unknown; pathname: string }
> {
  override state = { error: undefined as unknown, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // A move to another page clears the error, as the router's own error boundaries did.
  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { error: undefined, pathname: props.pathname };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

/**
 * React's report of an error a boundary caught (the roots' `onCaughtError`, main.tsx): a page that could not be
 * fetched is expected (offline, a new deploy) and says so on screen; anything else is a bug worth the console.
 */
export function reportCaughtError(error: unknown, info: { componentStack?: string }) {
  if (!(error instanceof ChunkLoadError)) console.error(error, info.componentStack);
}

/** Shows RouteError in place of its children when they throw, until the visitor moves to another page. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
