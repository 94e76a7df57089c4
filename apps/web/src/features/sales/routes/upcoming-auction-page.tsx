import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import EventOutlined from '@mui/icons-material/EventOutlined';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useAuction } from '../api/get-auction.ts';
import { isNotFound } from '@/lib/api-client.ts';
import { AuctionHeader } from '../components/auction-header.tsx';
import { LotGrid, LotGridSkeleton } from '../components/lot-grid.tsx';

/** Lots shown at first and added by each "Show more lots". */
const LOTS_STEP = 24;

function Unavailable({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation('sales');
  return (
    <PageContainer sx={{ py: { xs: 8, md: 12 } }}>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: '14px', bgcolor: 'background.paper' }}>
        <EmptyState
          headingComponent="h1"
          icon={<EventOutlined />}
          title={title}
          description={body}
          action={
            <Button component={RouterLink} to={paths.upcomingAuctions.href()} variant="contained">
              {t('auction.allAuctions')}
            </Button>
          }
        />
      </Box>
    </PageContainer>
  );
}

/** /upcoming-auctions/:id (id or slug): one sale and its lots in lot-number order, shown progressively. */
export function UpcomingAuctionPage() {
  const { t } = useTranslation('sales');
  const { id = '' } = useParams();
  const { data, isPending, isError, error, refetch } = useAuction(id);
  const [shown, setShown] = useState(LOTS_STEP);

  useEffect(() => {
    if (!data) return;
    const previous = document.title;
    document.title = t('documentTitle', { title: data.auction.title });
    return () => {
      document.title = previous;
    };
  }, [data, t]);

  if (!data) {
    if (isPending) {
      return (
        <Box role="status" aria-busy="true" aria-label={t('auction.loading')}>
          <Box sx={{ bgcolor: 'background.subtle', py: { xs: 8, md: 14 } }}>
            <PageContainer
              sx={{ display: 'grid', gap: 10, gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' } }}
            >
              <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
              <Box>
                <Skeleton width="30%" />
                <Skeleton width="80%" sx={{ fontSize: '2.6rem' }} />
                <Skeleton width="90%" sx={{ mt: 4 }} />
                <Skeleton width="70%" />
              </Box>
            </PageContainer>
          </Box>
          <PageContainer sx={{ py: 12 }}>
            <LotGridSkeleton label={t('auction.loading')} />
          </PageContainer>
        </Box>
      );
    }
    if (isNotFound(error))
      return <Unavailable title={t('auction.notFound.title')} body={t('auction.notFound.body')} />;
    return (
      <PageContainer sx={{ py: { xs: 10, md: 16 } }}>
        <ErrorState
          message={t('auction.error', { reason: errorMessage(error) })}
          retryLabel={t('retry')}
          onRetry={() => void refetch()}
        />
      </PageContainer>
    );
  }

  const { auction, receivedAt } = data;
  const lots = auction.lots.slice(0, shown);
  return (
    <>
      <AuctionHeader auction={auction} receivedAt={receivedAt} />
      <PageContainer component="section" aria-labelledby="lots-title" sx={{ py: { xs: 10, md: 16 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'baseline',
            justifyContent: 'space-between',
            gap: 4,
            mb: { xs: 8, md: 10 },
          }}
        >
          <Typography variant="h3" component="h2" id="lots-title">
            {t('auction.lotsTitle')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('lotCount', { count: auction.lots.length })}
          </Typography>
        </Box>
        {isError && (
          <Box sx={{ mb: 8 }}>
            <ErrorState
              message={t('auction.refreshError')}
              retryLabel={t('retry')}
              onRetry={() => void refetch()}
            />
          </Box>
        )}
        {auction.lots.length === 0 ? (
          <Box sx={{ border: 1, borderColor: 'divider', borderRadius: '14px', bgcolor: 'background.paper' }}>
            <EmptyState
              icon={<GavelOutlined />}
              title={t('auction.noLots.title')}
              description={t('auction.noLots.body')}
            />
          </Box>
        ) : (
          <>
            <LotGrid
              items={lots.map((lot) => ({ lot, receivedAt }))}
              label={t('auction.lotsLabel', { title: auction.title })}
              // The sale's cover above is the page's main picture; the lots below load lazily.
              eagerCount={0}
            />
            {shown < auction.lots.length && (
              <Box sx={{ mt: 12, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 3 }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('auction.showing', { shown: lots.length, total: auction.lots.length })}
                </Typography>
                <Button variant="outlined" color="inherit" onClick={() => setShown((n) => n + LOTS_STEP)}>
                  {t('auction.showMore')}
                </Button>
              </Box>
            )}
          </>
        )}
      </PageContainer>
    </>
  );
}

export default UpcomingAuctionPage;
