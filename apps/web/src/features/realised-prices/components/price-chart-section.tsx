import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RealisedChartQuery } from '@knotwork/shared/schemas/realised';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { vocabularyLabel } from '@/lib/vocabulary-label.ts';
import { useRealisedChart } from '../api/get-realised-chart.ts';

const PriceChart = lazy(() => import('./price-chart.tsx'));

const frameSx = {
  border: 1,
  borderColor: 'divider',
  borderRadius: '14px',
  bgcolor: 'background.paper',
  p: { xs: 4, md: 8 },
} as const;

/** The price chart for the page's origin or style (or every sale), with its own loading, empty and error states. */
export function PriceChartSection({ query }: { query: RealisedChartQuery }) {
  const { t } = useTranslation('realised');
  const { data, isPending, isError, error, refetch } = useRealisedChart(query);
  const subject = query.origin
    ? query.origin
    : query.style
      ? vocabularyLabel(t, 'styles', query.style)
      : t('chart.allSales');
  const placeholder = <Skeleton variant="rounded" height={300} aria-label={t('chart.loading')} />;

  let body;
  if (isPending) body = placeholder;
  else if (isError)
    body = (
      <ErrorState
        message={t('chart.error', { reason: errorMessage(error) })}
        retryLabel={t('retry')}
        onRetry={() => void refetch()}
      />
    );
  else if (data.years.length === 0)
    body = (
      <Typography sx={{ color: 'text.secondary', py: 8, textAlign: 'center' }}>{t('chart.empty')}</Typography>
    );
  else
    body = (
      <Suspense fallback={placeholder}>
        <Box role="figure" aria-label={t('chart.title', { subject })} data-testid="price-chart">
          <PriceChart years={data.years} />
        </Box>
      </Suspense>
    );

  return (
    <Box component="section" aria-labelledby="price-chart-title" sx={frameSx}>
      <Typography variant="h5" component="h2" id="price-chart-title">
        {t('chart.title', { subject })}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1, mb: 4 }}>
        {t('chart.caption')}
      </Typography>
      {body}
    </Box>
  );
}
