import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '@/components/ui/load-failure.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { useSale, type SaleWithLots } from '../api/get-sale.ts';
import { RoomLotRow } from '../components/room-lot-row.tsx';
import { useRoomLots } from '../hooks/use-room-lots.ts';
import { payloadOffsetMs, useServerTime } from '@/lib/server-clock.ts';
import { nextToClose, ROOM_PAGE_SIZE } from '../lib/room-order.ts';

/**
 * /live/:id: the running sale as a room. Every lot of the page is live (one lot channel each, 20 a page), the
 * lot that closes next stands at the top, prices flash as bids land, and each row leads into its lot.
 */
export function LiveRoomPage() {
  const { t } = useTranslation('live');
  const { id = '' } = useParams();
  const query = useSale(id);

  if (query.isPending) {
    return (
      <PageContainer sx={{ py: 12 }}>
        <Skeleton variant="rounded" height={180} sx={{ mb: 4 }} />
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={88} sx={{ mb: 2 }} />
        ))}
      </PageContainer>
    );
  }
  if (query.isError) {
    return (
      <PageContainer sx={{ py: 12 }}>
        <LoadFailure
          error={query.error}
          notFoundTitle={t('notFound')}
          icon={<SensorsOutlined />}
          retryLabel={t('retry')}
          onRetry={() => void query.refetch()}
        />
      </PageContainer>
    );
  }
  return (
    <Room
      sale={query.data.sale}
      offsetMs={payloadOffsetMs(query.data.sale.serverNow, query.data.receivedAt)}
    />
  );
}

function Room({ sale, offsetMs }: { sale: SaleWithLots; offsetMs: number }) {
  const { t } = useTranslation('live');
  const [page, setPage] = useState(1);
  const now = useServerTime(offsetMs);
  const pages = Math.max(1, Math.ceil(sale.lots.length / ROOM_PAGE_SIZE));
  const pageLots = useMemo(
    () => sale.lots.slice((page - 1) * ROOM_PAGE_SIZE, page * ROOM_PAGE_SIZE),
    [sale.lots, page],
  );
  // The featured lot is chosen from the loaded times, then kept live with the page (it is usually on page 1).
  const candidate = nextToClose(sale.lots, now);
  const watched = useMemo(
    () => (candidate && !pageLots.some((l) => l.id === candidate.id) ? [candidate, ...pageLots] : pageLots),
    [candidate, pageLots],
  );
  const live = useRoomLots(watched);
  const featured = candidate ? live.find((l) => l.id === candidate.id) : undefined;
  const rows = live.filter((l) => pageLots.some((p) => p.id === l.id));
  const openCount = live.filter((l) => l.status === 'open').length;

  return (
    <>
      <PageHeader
        overline={t('overline')}
        title={sale.title}
        intro={
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={sale.status === 'open' ? 'error' : 'default'}
              icon={<SensorsOutlined />}
              label={t(`saleStatus.${sale.status}`, { defaultValue: sale.status })}
            />
            <span>{t('summary', { count: sale.lotCount })}</span>
          </Box>
        }
      />
      <PageContainer sx={{ py: { xs: 8, md: 12 } }}>
        {featured ? (
          <Box component="section" aria-label={t('nextToCloseLabel')} sx={{ mb: 8 }}>
            <RoomLotRow lot={featured} nowMs={now} featured />
          </Box>
        ) : (
          <Typography sx={{ mb: 8, color: 'text.secondary' }}>
            {sale.status === 'open' ? t('nothingOpen') : t('notRunning')}
          </Typography>
        )}
        <Box component="section" aria-labelledby="room-lots-title">
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 3 }}>
            <Typography variant="overline" component="h2" id="room-lots-title" sx={{ color: 'accent.dark' }}>
              {t('allLots')}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('liveCount', { count: openCount })}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="room-lots">
            {rows.map((lot) => (
              <RoomLotRow key={lot.id} lot={lot} nowMs={now} />
            ))}
          </Box>
          {pages > 1 && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }}>
              <Pagination count={pages} page={page} onChange={(_, p) => setPage(p)} />
            </Box>
          )}
        </Box>
      </PageContainer>
    </>
  );
}

export default LiveRoomPage;
