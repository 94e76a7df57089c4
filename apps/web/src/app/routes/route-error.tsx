import { Link as RouterLink, Navigate, isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { PlainIcon } from '@/components/ui/plain-icon.tsx';
import { ChunkLoadError } from './lazy-page.ts';

/** Errors thrown while loading or rendering a route: "loading failed" for chunks, a calm fallback otherwise. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <Navigate to={paths.notFound.href()} replace />;
  const chunk = error instanceof ChunkLoadError;
  if (!chunk) console.error(error);
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
            <button type="button" className="kw-button kw-button--contained" onClick={() => window.location.reload()}>
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
