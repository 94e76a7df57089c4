import { useSearchParams } from 'react-router';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Typography from '@mui/material/Typography';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import { useTranslation } from 'react-i18next';
import type { RugStyle } from '@knotwork/shared/constants/catalogue';
import { paths } from '@/config/paths.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { SizeUnitToggle } from '@/components/ui/size-unit-toggle.tsx';
import { formatNumber } from '@/lib/format.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useRealised } from '../api/get-realised.ts';
import { PriceChartSection } from '../components/price-chart-section.tsx';
import { RealisedFilters } from '../components/realised-filters.tsx';
import { RealisedLotCard, RealisedLotCardSkeleton } from '../components/realised-lot-card.tsx';
import {
  filterFromParams,
  paramsFromFilter,
  queryFromFilter,
  type RealisedFilter,
} from '../lib/realised-filter.ts';

const gridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: { xs: 10, md: 12 },
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(4, minmax(0, 1fr))',
  },
} as const;

/** /realised-prices: every sold lot's hammer price, searchable and filterable, with the price chart (issue 14.5). */
export function RealisedPricesPage() {
  const { t } = useTranslation('realised');
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useRealised(
    queryFromFilter(filter),
  );
  const change = (next: RealisedFilter) => setParams(paramsFromFilter(next));
  const filtered = Boolean(filter.q || filter.origin || filter.style || filter.ageClass || filter.size);

  let body;
  if (isPending) {
    body = (
      <Box sx={gridSx} role="status" aria-busy="true" aria-label={t('loading')}>
        {Array.from({ length: 8 }, (_, i) => (
          <RealisedLotCardSkeleton key={i} />
        ))}
      </Box>
    );
  } else if (isError && !data) {
    body = (
      <ErrorState
        message={t('error', { reason: errorMessage(error) })}
        retryLabel={t('retry')}
        onRetry={() => void refetch()}
      />
    );
  } else if (data.data.length === 0) {
    body = (
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: '14px', bgcolor: 'background.paper' }}>
        <EmptyState
          icon={<GavelOutlined />}
          title={t(filtered ? 'empty.filteredTitle' : 'empty.title')}
          description={t(filtered ? 'empty.filteredBody' : 'empty.body')}
          action={
            filtered ? (
              <Button variant="outlined" color="inherit" onClick={() => setParams({})}>
                {t('empty.clear')}
              </Button>
            ) : (
              <Button
                component={RouterLink}
                to={paths.upcomingAuctions.href()}
                variant="outlined"
                color="inherit"
              >
                {t('empty.sales')}
              </Button>
            )
          }
        />
      </Box>
    );
  } else {
    body = (
      <>
        <Box
          component="ul"
          aria-label={t('resultsLabel')}
          sx={{ ...gridSx, opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 200ms' }}
        >
          {data.data.map((lot) => (
            <Box component="li" key={lot.lotId}>
              <RealisedLotCard lot={lot} />
            </Box>
          ))}
        </Box>
        {data.meta.totalPages > 1 && (
          <Pagination
            sx={{ mt: 12, display: 'flex', justifyContent: 'center' }}
            count={data.meta.totalPages}
            page={filter.page}
            onChange={(_, p) => change({ ...filter, page: p })}
          />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader overline={t('overline')} title={t('title')} intro={t('intro')} />
      <PageContainer
        sx={{ py: { xs: 8, md: 12 }, display: 'flex', flexDirection: 'column', gap: { xs: 8, md: 12 } }}
      >
        <RealisedFilters filter={filter} onChange={change} />
        <PriceChartSection
          query={{
            ...(filter.origin ? { origin: filter.origin } : {}),
            ...(!filter.origin && filter.style ? { style: filter.style as RugStyle } : {}),
          }}
        />
        <Box>
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              alignItems: 'center',
              gap: 4,
              flexWrap: 'wrap',
              mb: 8,
            }}
          >
            <Typography
              variant="body2"
              sx={{ color: 'text.secondary' }}
              aria-live="polite"
              data-testid="realised-count"
            >
              {data
                ? t('count', { count: data.meta.total, formatted: formatNumber(data.meta.total) })
                : '\u00a0'}
            </Typography>
            <SizeUnitToggle />
          </Box>
          {body}
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 10 }}>
            {t('note')}
          </Typography>
        </Box>
      </PageContainer>
    </>
  );
}

export default RealisedPricesPage;
