import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { formatNumber, formatUsd } from '@/lib/format.ts';
import { useAdminDashboard, type AdminDashboard } from '../api/dashboard.ts';
import { useAdminOrders } from '../../commerce/api/order-list.ts';
import { useAdminRugs } from '../../catalogue/api/rugs.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { useCan } from '../../shell/use-can.ts';
import { useDashboardLive } from '../lib/use-dashboard-live.ts';
import { ConditionFigures } from '../../condition-reports/components/condition-figures.tsx';

function Figure({
  label,
  value,
  to,
  money,
}: {
  label: string;
  value: number | undefined;
  to: string;
  /** Cents, shown as money. */
  money?: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      component={RouterLink}
      to={to}
      sx={{
        p: 5,
        display: 'grid',
        gap: 2,
        minWidth: 0,
        textDecoration: 'none',
        color: 'inherit',
        '&:hover': { borderColor: 'accent.main' },
      }}
    >
      <Typography variant="body2" component="h2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      {/* A large sum on a phone's half-width card wraps instead of widening the page. */}
      <Typography variant="h4" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {value === undefined ? <Skeleton width={60} /> : money ? formatUsd(value) : formatNumber(value)}
      </Typography>
    </Paper>
  );
}

/** "in 4 min", "in 2 h": how long until a lot closes, from the server's clock at the last refresh. */
function until(endsAt: string, now: string): string {
  const minutes = Math.max(0, Math.round((Date.parse(endsAt) - Date.parse(now)) / 60_000));
  return minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}

function ClosingNext({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation('admin');
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 4, md: 6 }, display: 'grid', gap: 3 }}>
      <Typography variant="h6" component="h2">
        {t('dashboard.closingNext')}
      </Typography>
      {data.closingNext.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('dashboard.nothingOpen')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.closingNext.map((l) => (
            <Box
              component="li"
              key={l.lotId}
              sx={{
                display: 'flex',
                justifyContent: 'space-between',
                gap: 3,
                py: 2,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Link component={RouterLink} to={paths.adminSale.href(l.auctionId)} variant="body2">
                  {t('bidder.lotN', { n: l.lotNumber })} · {l.rugTitle}
                </Link>
                <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                  {l.auctionTitle} · {t('dashboard.bidsN', { count: l.bidCount })}
                </Typography>
              </Box>
              <Box sx={{ textAlign: 'end', flexShrink: 0 }}>
                <Typography variant="body2">
                  {l.currentBid === null ? '—' : formatUsd(l.currentBid)}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('dashboard.endsIn', { time: until(l.endsAt, data.at) })}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** What runs now and what waits, for the role's subjects; each figure opens its list. Updated live. */
export default function DashboardPage() {
  const { t } = useTranslation('admin');
  const { t: ts } = useTranslation('admin-settings');
  const liveOpen = useDashboardLive();
  const { can } = useCan();
  const live = useAdminDashboard();
  const one = { page: 1, pageSize: 1 };
  const drafts = useAdminRugs({ ...one, status: 'draft' });
  const paid = useAdminOrders({ ...one, status: 'paid' }, can('read', 'order'));
  const d = live.data;
  const orNull = (v: number | null | undefined) => (v === null ? undefined : v);
  return (
    <AdminPage
      title={t('dashboard.title')}
      subject="dashboard"
      actions={
        liveOpen ? (
          <Chip size="small" variant="outlined" color="success" label={ts('dashboard.live')} />
        ) : undefined
      }
    >
      {live.isError && !d ? (
        <ErrorState
          message={t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void live.refetch()}
        />
      ) : (
        <>
          <Box
            aria-live="polite"
            sx={{
              display: 'grid',
              gap: 4,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            <Figure label={t('dashboard.openLots')} value={d?.openLots} to={paths.adminSales.href()} />
            <Figure
              label={t('dashboard.bidsLastHour')}
              value={d?.bidsLastHour}
              to={paths.adminSales.href()}
            />
            {can('read', 'chat') && (
              <Figure
                label={t('dashboard.unanswered')}
                value={orNull(d?.unansweredMessages)}
                to={paths.staffChat.href()}
              />
            )}
            {can('read', 'order') && (
              <Figure
                label={t('dashboard.awaiting')}
                value={orNull(d?.awaitingPayment)}
                to={paths.adminOrders.href()}
              />
            )}
            {can('read', 'order') && (
              <Figure
                label={t('dashboard.overdue')}
                value={orNull(d?.overdue)}
                to={paths.adminOrders.href()}
              />
            )}
            {can('read', 'order') && (
              <Figure
                money
                label={ts('dashboard.awaitingAmount')}
                value={orNull(d?.awaitingAmount)}
                to={paths.adminOrders.href()}
              />
            )}
            {can('read', 'order') && (
              <Figure
                money
                label={ts('dashboard.overdueAmount')}
                value={orNull(d?.overdueAmount)}
                to={paths.adminOrders.href()}
              />
            )}
            {can('read', 'order') && (
              <Figure
                label={t('dashboard.toShip')}
                value={paid.data?.meta.total}
                to={paths.adminOrders.href()}
              />
            )}
            {can('read', 'rug') && (
              <Figure
                label={t('dashboard.drafts')}
                value={drafts.data?.meta.total}
                to={paths.adminRugs.href()}
              />
            )}
          </Box>
          {can('read', 'condition') && <ConditionFigures figures={d?.conditionReports ?? undefined} />}
          {d ? <ClosingNext data={d} /> : <Skeleton variant="rounded" height={200} />}
        </>
      )}
    </AdminPage>
  );
}
