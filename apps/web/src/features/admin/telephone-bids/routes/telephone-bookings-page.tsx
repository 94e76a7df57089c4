import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { paths } from '@/config/paths.ts';
import { isNotFound } from '@/lib/api-client.ts';
import { formatEstimate } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import { notify } from '@/lib/toast.ts';
import { useCan } from '../../shell/use-can.ts';
import { useAssignOperator } from '../api/assign-operator.ts';
import { useTelephoneBookings } from '../api/get-telephone-bookings.ts';
import { BookingCard } from '../components/booking-card.tsx';

/**
 * /admin/sales/:id/telephone (issue 29 §1, decision 097): a live sale's telephone bookings by lot, with the bidder's
 * name, paddle, phone and language, and who calls them. The clerk's side assigns and reassigns operators until the
 * lot is offered; every change is audited and reaches the clerk's console at once.
 */
export function TelephoneBookingsPage() {
  const { t } = useTranslation('admin-telephone');
  const { id = '' } = useParams();
  const { can } = useCan();
  const query = useTelephoneBookings(id);
  const assign = useAssignOperator(id);

  if (!can('read', 'live')) return <EmptyState title={t('forbidden')} headingComponent="h1" />;
  if (query.isPending)
    return (
      <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', placeItems: 'center', py: 20 }}>
        <CircularProgress size={28} aria-label={t('loading')} />
      </Box>
    );
  if (query.isError)
    return (
      <ErrorState
        message={isNotFound(query.error) ? t('notFound') : t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  const sale = query.data;
  return (
    <Box sx={{ display: 'grid', gap: 5 }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, justifyContent: 'space-between', alignItems: 'end' }}
      >
        <Box>
          <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
            {t('overline')}
          </Typography>
          <Typography variant="h4" component="h1">
            {sale.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('linesPerLot', { count: sale.linesPerLot })}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" component={RouterLink} to={paths.adminPhoneDesk.href(sale.auctionId)}>
            {t('myDesk')}
          </Button>
          <Button variant="outlined" component={RouterLink} to={paths.adminLive.href(sale.auctionId)}>
            {t('clerk')}
          </Button>
        </Box>
      </Box>
      {sale.lots.length === 0 ? (
        <EmptyState title={t('empty')} description={t('emptyHelp')} />
      ) : (
        sale.lots.map((lot) => (
          <Paper
            key={lot.lotId}
            variant="outlined"
            component="section"
            aria-label={t('lotHeading', { number: lot.lotNumber, title: lot.title })}
            sx={{ p: { xs: 3, md: 4 }, borderRadius: `${radius.card}px` }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 1 }}>
              <Typography variant="h6" component="h2" sx={{ flex: '1 1 14rem', minWidth: 0 }}>
                {t('lotHeading', { number: lot.lotNumber, title: lot.title })}
              </Typography>
              <Chip size="small" variant="outlined" label={t(`phase.${lot.phase}`)} />
            </Box>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {formatEstimate(lot.estimateLow, lot.estimateHigh)} ·{' '}
              {t('lines', { count: lot.bookings.length })}
            </Typography>
            {lot.bookings.map((b) => (
              <BookingCard
                key={b.id}
                booking={b}
                operators={sale.operators}
                canAssign={can('manage', 'live') && lot.phase === 'waiting'}
                pending={assign.isPending}
                onAssign={(operatorId) =>
                  assign.mutate(
                    { bookingId: b.id, operatorId },
                    {
                      onSuccess: (res) => notify.success(res.message),
                      onError: (e) => notify.fromError(e),
                    },
                  )
                }
              />
            ))}
          </Paper>
        ))
      )}
    </Box>
  );
}

export default TelephoneBookingsPage;
