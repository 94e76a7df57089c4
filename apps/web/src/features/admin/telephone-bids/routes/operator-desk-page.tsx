import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { liveSaleKey, useLiveSale } from '@/features/live-sales/api/get-live-sale.ts';
import { useLiveChannel } from '@/features/live-sales/hooks/use-live-channel.ts';
import { statusLine } from '@/features/live-sales/lib/status-line.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { isNotFound } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { useCan } from '../../shell/use-can.ts';
import { useMarkReady } from '../api/mark-ready.ts';
import { operatorDeskKey, useOperatorDesk } from '../api/operator-desk.ts';
import { usePhoneBid } from '../api/phone-bid.ts';
import { MyLines } from '../components/my-lines.tsx';
import { OnTheBlock } from '../components/on-the-block.tsx';

/**
 * /admin/telephone/:id, a telephone operator's desk (issue 29 §1, decision 097), tablet first: the lot on the block
 * live over the sale's socket (the room's own view), the operator's bidders with their numbers, an "on the line"
 * switch per lot that the clerk waits for, and one big tap that bids the ask for the bidder on the line.
 */
export function OperatorDeskPage() {
  const { t } = useTranslation('admin-telephone');
  const { t: tLive } = useTranslation('live');
  const { id = '' } = useParams();
  const { can } = useCan();
  const client = useQueryClient();
  const desk = useOperatorDesk(id);
  const room = useLiveSale(id);
  const ready = useMarkReady(id);
  const bid = usePhoneBid(id, liveSaleKey(id));
  // Each change of the sale (a bid, a line made ready or reassigned) refreshes the operator's own lines too.
  const connection = useLiveChannel(room.data?.auctionId, liveSaleKey(id), {
    onEvent: () => void client.invalidateQueries({ queryKey: operatorDeskKey(id) }),
  });

  if (!can('read', 'phone')) return <EmptyState title={t('forbidden')} headingComponent="h1" />;
  if (desk.isPending || room.isPending)
    return (
      <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', placeItems: 'center', py: 20 }}>
        <CircularProgress size={28} aria-label={t('loading')} />
      </Box>
    );
  if (desk.isError || room.isError)
    return (
      <ErrorState
        message={isNotFound(desk.error ?? room.error) ? t('notFound') : t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => {
          void desk.refetch();
          void room.refetch();
        }}
      />
    );

  const view = room.data;
  const lots = desk.data.lots;
  const current = view.current;
  const onBlock =
    current && (current.status === 'open' || current.status === 'paused' || current.status === 'sold');
  const mine = current ? lots.find((l) => l.lotId === current.lotId) : undefined;
  // Coming up first, then the one on the block, then the lots already done.
  const order = { live: 0, waiting: 1, done: 2 } as const;
  const sorted = [...lots].sort((a, b) => order[a.phase] - order[b.phase] || a.lotNumber - b.lotNumber);

  return (
    <Box sx={{ display: 'grid', gap: 4, maxWidth: 1100 }}>
      <Box>
        <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
          {t('deskOverline')}
        </Typography>
        <Typography variant="h4" component="h1">
          {desk.data.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }} data-testid="desk-status" aria-live="polite">
          {statusLine(tLive, view, null)}
        </Typography>
      </Box>
      {connection === 'lost' && <Alert severity="warning">{t('connectionLost')}</Alert>}
      {lots.length === 0 ? (
        <EmptyState title={t('noLines')} description={t('noLinesHelp')} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' },
            alignItems: 'start',
          }}
        >
          {current && onBlock ? (
            <OnTheBlock
              lot={current}
              mine={mine}
              pending={bid.isPending}
              onBid={(bookingId) =>
                bid.mutate(
                  { bookingId, lotId: current.lotId, ask: current.ask },
                  {
                    // The answer's view may arrive before the socket's event, which is then not newer: the
                    // operator's lines (who leads) are refreshed here too.
                    onSettled: () => void client.invalidateQueries({ queryKey: operatorDeskKey(id) }),
                    onError: (e) => notify.fromError(e),
                  },
                )
              }
            />
          ) : (
            <Alert severity="info" data-testid="desk-waiting">
              {t('nothingOnBlock')}
            </Alert>
          )}
          <MyLines
            lots={sorted}
            pending={ready.isPending}
            onReady={(lotId, isReady) =>
              ready.mutate({ lotId, ready: isReady }, { onError: (e) => notify.fromError(e) })
            }
          />
        </Box>
      )}
    </Box>
  );
}

export default OperatorDeskPage;
