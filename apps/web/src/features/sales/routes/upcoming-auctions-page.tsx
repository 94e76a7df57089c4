import { useSearchParams } from 'react-router';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import EventOutlined from '@mui/icons-material/EventOutlined';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { AUCTION_TABS, useAuctions, type AuctionTab } from '../api/get-auctions.ts';
import { AuctionCard, AuctionCardSkeleton } from '../components/auction-card.tsx';
import { TimeZoneNote } from '../components/time-zone-note.tsx';

const gridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: { xs: 10, md: 12 },
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
} as const;

/** /upcoming-auctions: the sales calendar, current (running and coming), upcoming only, or past; the tab lives in the URL. */
export function UpcomingAuctionsPage() {
  const { t } = useTranslation('sales');
  const [params, setParams] = useSearchParams();
  const tab: AuctionTab = (AUCTION_TABS as readonly string[]).includes(params.get('when') ?? '')
    ? (params.get('when') as AuctionTab)
    : 'current';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const { data, isPending, isError, error, refetch, isPlaceholderData } = useAuctions(tab, page);

  const select = (next: AuctionTab) => setParams(next === 'current' ? {} : { when: next });

  let body;
  if (isPending) {
    body = (
      <Box sx={gridSx} role="status" aria-busy="true" aria-label={t('auctions.loading')}>
        {Array.from({ length: 3 }, (_, i) => (
          <AuctionCardSkeleton key={i} />
        ))}
      </Box>
    );
  } else if (isError && !data) {
    body = (
      <ErrorState
        message={t('auctions.error', { reason: errorMessage(error) })}
        retryLabel={t('retry')}
        onRetry={() => void refetch()}
      />
    );
  } else if (data.data.length === 0) {
    body = (
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: '14px', bgcolor: 'background.paper' }}>
        <EmptyState
          icon={<EventOutlined />}
          title={t(`auctions.empty.${tab}.title`)}
          description={t(`auctions.empty.${tab}.body`)}
          action={
            <Button component={RouterLink} to={paths.rugListing.href()} variant="outlined" color="inherit">
              {t('auctions.browseRugs')}
            </Button>
          }
        />
      </Box>
    );
  } else {
    body = (
      <>
        <Box
          component="ul"
          sx={{ ...gridSx, opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 200ms' }}
          aria-label={t(`tabs.${tab}`)}
        >
          {data.data.map((auction, i) => (
            <Box component="li" key={auction.id}>
              <AuctionCard auction={auction} receivedAt={data.receivedAt} eager={i < 3} />
            </Box>
          ))}
        </Box>
        {data.meta.totalPages > 1 && (
          <Pagination
            sx={{ mt: 12, display: 'flex', justifyContent: 'center' }}
            count={data.meta.totalPages}
            page={page}
            onChange={(_, p) => setParams({ ...(tab === 'current' ? {} : { when: tab }), page: String(p) })}
          />
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader overline={t('auctions.overline')} title={t('auctions.title')} intro={t('auctions.intro')} />
      <PageContainer sx={{ py: { xs: 8, md: 12 } }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 4,
            flexWrap: 'wrap',
            mb: { xs: 8, md: 10 },
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Tabs
            value={tab}
            onChange={(_, v: AuctionTab) => select(v)}
            aria-label={t('tabs.label')}
            textColor="inherit"
            TabIndicatorProps={{ sx: { bgcolor: 'text.primary' } }}
          >
            {AUCTION_TABS.map((value) => (
              <Tab
                key={value}
                value={value}
                label={t(`tabs.${value}`)}
                sx={{ fontWeight: 600, px: 0, mr: 6, minWidth: 0 }}
              />
            ))}
          </Tabs>
          <Box sx={{ pb: { xs: 3, sm: 0 } }}>
            <TimeZoneNote />
          </Box>
        </Box>
        {body}
      </PageContainer>
    </>
  );
}

export default UpcomingAuctionsPage;
