import { useEffect, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { RugDetail } from '@knotwork/shared/schemas/catalogue';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useRug } from '../api/get-rug.ts';
import { isNotFound } from '@/lib/api-client.ts';
import { RugDetailSkeleton } from './rug-detail-skeleton.tsx';
import { RugDetailView } from './rug-detail-view.tsx';
import { RugNotFound } from './rug-not-found.tsx';

/**
 * Loads a rug and shows it, or its loading, not-found and error states. `renderPanel` lets the route put a
 * live lot panel (features/bidding) in place of the read-only one; returning undefined keeps the default.
 */
export function RugDetailScreen({
  idOrSlug,
  live = false,
  renderPanel,
  renderExtra,
  renderTools,
  renderCondition,
}: {
  idOrSlug: string;
  live?: boolean;
  renderPanel?: (rug: RugDetail, receivedAt: number) => ReactNode | undefined;
  /** A section after the description (the route's comparables). */
  renderExtra?: (rug: RugDetail) => ReactNode;
  /** Tools under the rug's facts (the route's room planner). */
  renderTools?: (rug: RugDetail) => ReactNode;
  /** Under the condition report (the route's report on request). */
  renderCondition?: (rug: RugDetail) => ReactNode;
}) {
  const { t } = useTranslation('rug');
  const { data, isPending, isError, error, refetch } = useRug(idOrSlug);

  // The tab names the rug (the server already did so for the first load of a shared link).
  useEffect(() => {
    if (!data) return;
    const previous = document.title;
    document.title = t('documentTitle', { title: data.rug.title });
    return () => {
      document.title = previous;
    };
  }, [data, t]);

  // A failed background refresh keeps the rug on screen; only a first load that failed shows the error.
  if (data)
    return (
      <RugDetailView
        rug={data.rug}
        receivedAt={data.receivedAt}
        live={live}
        panel={renderPanel?.(data.rug, data.receivedAt)}
        extra={renderExtra?.(data.rug)}
        tools={renderTools?.(data.rug)}
        condition={renderCondition?.(data.rug)}
      />
    );
  if (isPending) return <RugDetailSkeleton />;
  if (isError) {
    if (isNotFound(error)) return <RugNotFound />;
    return (
      <PageContainer sx={{ py: { xs: 10, md: 16 } }}>
        <Box sx={{ maxWidth: 720, mx: 'auto' }}>
          <ErrorState
            message={t('error', { reason: errorMessage(error) })}
            retryLabel={t('retry')}
            onRetry={() => void refetch()}
          />
        </Box>
      </PageContainer>
    );
  }
  return null;
}
