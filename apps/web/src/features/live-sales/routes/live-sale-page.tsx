import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import SensorsOutlined from '@mui/icons-material/SensorsOutlined';
import { useTranslation } from 'react-i18next';
import type { LiveCurrentLot } from '@knotwork/shared/schemas/live-sales';
import { LoadFailure } from '@/components/ui/load-failure.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { useAuthDialogStore } from '@/lib/auth-dialog-store.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { formatEstimate, formatUsd } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import { notify } from '@/lib/toast.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { liveSaleKey, useLiveSale, type RoomView } from '../api/get-live-sale.ts';
import { newBidKey, usePlaceLiveBid } from '../api/place-live-bid.ts';
import { LotPicture } from '../components/lot-picture.tsx';
import { LotsToCome } from '../components/lots-to-come.tsx';
import { BidLines } from '../components/bid-lines.tsx';
import { useLiveChannel, type Connection } from '../hooks/use-live-channel.ts';
import { bidderLabel, statusLine } from '../lib/status-line.ts';
import { RegisterToBid } from '@/features/registrations/components/register-to-bid.tsx';

/**
 * /live/:id for a sale of type live (issue 12): the lot on the block large, the auctioneer's words, the ask and
 * one tap to bid it, the lot's bid lines as they happen, and the lots to come. Everything arrives over the live
 * socket; a dropped connection is said, and the view is refetched when it returns.
 */
export function LiveSalePage() {
  const { t } = useTranslation('live');
  const { id = '' } = useParams();
  const query = useLiveSale(id);
  const connection = useLiveChannel<RoomView>(query.data?.auctionId, liveSaleKey(id), {
    // The caller's label belongs to the lot on the block: a new lot starts without one.
    merge: (old, next) => ({
      ...old,
      ...next,
      myLabel: old.current?.lotId === next.current?.lotId ? old.myLabel : null,
    }),
  });

  if (query.isPending) {
    return (
      <PageContainer sx={{ py: 12 }}>
        <Skeleton variant="rounded" height={120} sx={{ mb: 6 }} />
        <Box sx={{ display: 'grid', gap: 6, gridTemplateColumns: { md: '3fr 2fr' } }}>
          <Skeleton variant="rounded" height={420} />
          <Skeleton variant="rounded" height={420} />
        </Box>
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
  return <Room view={query.data} routeId={id} connection={connection} />;
}

function Room({ view, routeId, connection }: { view: RoomView; routeId: string; connection: Connection }) {
  const { t } = useTranslation('live');
  const lot = view.current;
  const won =
    lot?.status === 'sold' &&
    lot.hammer !== null &&
    view.myLabel !== null &&
    lot.hammer.label === view.myLabel;
  return (
    <>
      <PageHeader
        overline={t('sale.overline')}
        title={view.title}
        intro={
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={view.status === 'running' ? 'error' : 'default'}
              icon={<SensorsOutlined />}
              label={t(`sale.saleStatus.${view.status}`)}
            />
            <span>{t('sale.progress', { done: view.lotsDone, left: view.upcoming.length })}</span>
          </Box>
        }
      />
      <PageContainer sx={{ py: { xs: 6, md: 10 } }}>
        <ConnectionNotice connection={connection} />
        {view.status !== 'ended' && (
          // Registration to bid, where the sale requires it (issue 28 §1): nothing otherwise.
          <Box sx={{ mb: 4, '&:empty': { display: 'none' } }}>
            <RegisterToBid saleId={view.auctionId} />
          </Box>
        )}
        {won && lot && (
          <Alert severity="success" sx={{ mb: 4 }} data-testid="live-won">
            {t('sale.won', { number: lot.lotNumber, amount: formatUsd(lot.hammer!.amount) })}{' '}
            <RouterLink to={paths.myItems.href()}>{t('sale.wonLink')}</RouterLink>
          </Alert>
        )}
        {lot ? (
          <CurrentLot view={view} lot={lot} routeId={routeId} />
        ) : (
          <Paper variant="outlined" sx={{ p: { xs: 6, md: 10 }, borderRadius: `${radius.card}px`, mb: 8 }}>
            <Typography variant="h4" component="p" data-testid="live-status">
              {statusLine(t, view, view.myLabel)}
            </Typography>
          </Paper>
        )}
        <LotsToCome lots={view.upcoming} />
      </PageContainer>
    </>
  );
}

function ConnectionNotice({ connection }: { connection: Connection }) {
  const { t } = useTranslation('live');
  if (connection === 'live') return null;
  return (
    <Alert
      severity={connection === 'lost' ? 'warning' : 'success'}
      role="status"
      sx={{ mb: 4 }}
      data-testid="live-connection"
    >
      {connection === 'lost' ? t('sale.connectionLost') : t('sale.connectionBack')}
    </Alert>
  );
}

function CurrentLot({ view, lot, routeId }: { view: RoomView; lot: LiveCurrentLot; routeId: string }) {
  const { t } = useTranslation('live');
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const showDialog = useAuthDialogStore((s) => s.show);
  const bid = usePlaceLiveBid(routeId);
  const [confirming, setConfirming] = useState(false);
  const leadingMine = lot.leading !== null && lot.leading.label === view.myLabel;
  const canBid = lot.status === 'open' && !leadingMine;

  const place = () => {
    setConfirming(false);
    bid.mutate(
      { saleId: view.auctionId, lotId: lot.lotId, ask: lot.ask, idempotencyKey: newBidKey() },
      {
        onSuccess: () => notify.success(t('sale.bidIn', { amount: formatUsd(lot.ask) })),
        onError: (e) => notify.error(errorMessage(e)),
      },
    );
  };
  const onBid = () => {
    if (!signedIn) {
      showDialog('login', { redirectTo: paths.live.href(routeId) });
      return;
    }
    if (!view.hasBid) setConfirming(true);
    else place();
  };

  return (
    <Box
      component="section"
      aria-label={t('sale.onBlock')}
      sx={{
        display: 'grid',
        gap: { xs: 5, md: 8 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        mb: 10,
      }}
    >
      {/* On a phone the ask and the button come first: the picture follows. */}
      <Box sx={{ order: { xs: 2, md: 1 } }}>
        <LotPicture
          lot={lot}
          sizes="(min-width: 900px) 60vw, 100vw"
          sx={{ aspectRatio: { xs: '16 / 10', md: '4 / 3' }, width: '100%' }}
        />
        <Typography variant="overline" component="p" sx={{ mt: 4, color: 'accent.dark' }}>
          {t('lotNumber', { number: lot.lotNumber })}
        </Typography>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          {lot.rug.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {[lot.rug.originRegion, lot.rug.originCountry, lot.rug.circaYear ? `c. ${lot.rug.circaYear}` : null]
            .filter(Boolean)
            .join(' · ')}
          {' · '}
          {t('sale.size', { width: lot.rug.widthCm, length: lot.rug.lengthCm })}
        </Typography>
        <Typography sx={{ mt: 1 }}>
          {t('sale.estimate', { range: formatEstimate(lot.estimateLow, lot.estimateHigh) })}
        </Typography>
      </Box>
      <Paper
        variant="outlined"
        sx={{
          p: { xs: 5, md: 7 },
          borderRadius: `${radius.card}px`,
          alignSelf: 'start',
          display: 'grid',
          gap: 4,
          order: { xs: 1, md: 2 },
        }}
      >
        <Typography
          variant="h4"
          component="p"
          role="status"
          aria-live="polite"
          data-testid="live-status"
          sx={{ color: lot.fairWarning ? 'error.main' : 'text.primary' }}
        >
          {statusLine(t, view, view.myLabel)}
        </Typography>
        {(lot.status === 'open' || lot.status === 'paused') && (
          <>
            <Box>
              <Typography variant="overline" component="p" sx={{ color: 'text.secondary' }}>
                {t('sale.ask')}
              </Typography>
              <Typography variant="h2" component="p" data-testid="live-ask">
                {formatUsd(lot.ask)}
              </Typography>
            </Box>
            <Button
              variant="contained"
              size="large"
              disabled={!canBid || bid.isPending}
              onClick={onBid}
              sx={{ py: 2, fontSize: '1.1rem' }}
              data-testid="live-bid"
            >
              {leadingMine ? t('sale.youLead') : t('sale.bidAsk', { amount: formatUsd(lot.ask) })}
            </Button>
            {view.myLabel && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('sale.yourLabel', { label: bidderLabel(t, view.myLabel) })}
              </Typography>
            )}
          </>
        )}
        <BidLines lines={lot.bids} myLabel={view.myLabel} />
      </Paper>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="live-confirm-title">
        <DialogTitle id="live-confirm-title">{t('sale.confirmTitle')}</DialogTitle>
        <DialogContent>
          <Typography>
            {t('sale.confirmBody', { amount: formatUsd(lot.ask), number: lot.lotNumber })}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('sale.cancel')}</Button>
          <Button variant="contained" onClick={place} data-testid="live-confirm">
            {t('sale.confirm', { amount: formatUsd(lot.ask) })}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

export default LiveSalePage;
