import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useOpenLots } from '../api/get-open-lots.ts';
import { LotGrid, LotGridSkeleton } from '../components/lot-grid.tsx';

/** /lot: every lot open for bidding now, across sales, the soonest to close first. */
export function LotsPage() {
  const { t } = useTranslation('sales');
  const {
    data,
    isPending,
    isError,
    error,
    refetch,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useOpenLots();

  let body;
  if (isPending) body = <LotGridSkeleton label={t('lots.loading')} />;
  else if (isError && !isFetchNextPageError) {
    body = (
      <ErrorState
        message={t('lots.error', { reason: errorMessage(error) })}
        retryLabel={t('retry')}
        onRetry={() => void refetch()}
      />
    );
  } else {
    const items = data?.pages.flatMap((p) => p.data.map((lot) => ({ lot, receivedAt: p.receivedAt }))) ?? [];
    const total = data?.pages[0]?.meta.total ?? 0;
    body =
      items.length === 0 ? (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: '14px', bgcolor: 'background.paper' }}>
          <EmptyState
            icon={<GavelOutlined />}
            title={t('lots.emptyTitle')}
            description={t('lots.emptyBody')}
            action={
              <Button
                component={RouterLink}
                to={paths.upcomingAuctions.href()}
                variant="outlined"
                color="inherit"
              >
                {t('lots.seeCalendar')}
              </Button>
            }
          />
        </Box>
      ) : (
        <>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 8 }}>
            {t('lots.count', { count: total })}
          </Typography>
          <LotGrid items={items} label={t('lots.listLabel')} showSale />
          {isFetchNextPageError && (
            <Box sx={{ mt: 8 }}>
              <ErrorState
                message={t('lots.moreError')}
                retryLabel={t('retry')}
                onRetry={() => void fetchNextPage()}
              />
            </Box>
          )}
          {hasNextPage && (
            <Box sx={{ mt: 12, display: 'flex', justifyContent: 'center' }}>
              <Button
                variant="outlined"
                color="inherit"
                onClick={() => void fetchNextPage()}
                disabled={isFetchingNextPage}
              >
                {isFetchingNextPage ? t('lots.loadingMore') : t('lots.showMore')}
              </Button>
            </Box>
          )}
        </>
      );
  }

  return (
    <>
      <PageHeader overline={t('lots.overline')} title={t('lots.title')} intro={t('lots.intro')} />
      <PageContainer sx={{ py: { xs: 8, md: 12 } }}>{body}</PageContainer>
    </>
  );
}

export default LotsPage;
