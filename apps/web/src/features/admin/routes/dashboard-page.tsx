import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { formatNumber } from '@/lib/format.ts';
import { useAdminOrders, useAdminSales } from '../api/lists.ts';
import { useAdminRugs } from '../api/rugs.ts';
import { AdminPage } from '../components/admin-page.tsx';
import { useCan } from '../lib/use-can.ts';

function Figure({ label, value, to }: { label: string; value: number | undefined; to: string }) {
  return (
    <Paper
      variant="outlined"
      component={RouterLink}
      to={to}
      sx={{
        p: 5,
        display: 'grid',
        gap: 2,
        textDecoration: 'none',
        color: 'inherit',
        '&:hover': { borderColor: 'accent.main' },
      }}
    >
      <Typography variant="body2" component="h2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h4" component="p">
        {value === undefined ? <Skeleton width={60} /> : formatNumber(value)}
      </Typography>
    </Paper>
  );
}

/** The day's figures for what the role looks after; each opens its list. Refreshed every 30 seconds. */
export default function DashboardPage() {
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const one = { page: 1, pageSize: 1 };
  const drafts = useAdminRugs({ ...one, status: 'draft' });
  const rugs = useAdminRugs(one);
  const sales = useAdminSales(one, can('read', 'sale'));
  const awaiting = useAdminOrders({ ...one, status: 'awaiting_payment' }, can('read', 'order'));
  const overdue = useAdminOrders({ ...one, overdue: 'true' }, can('read', 'order'));
  const paid = useAdminOrders({ ...one, status: 'paid' }, can('read', 'order'));
  return (
    <AdminPage title={t('dashboard.title')} subject="dashboard">
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        {can('read', 'rug') && (
          <Figure label={t('dashboard.rugs')} value={rugs.data?.meta.total} to={paths.adminRugs.href()} />
        )}
        {can('read', 'rug') && (
          <Figure label={t('dashboard.drafts')} value={drafts.data?.meta.total} to={paths.adminRugs.href()} />
        )}
        {can('read', 'sale') && (
          <Figure label={t('dashboard.sales')} value={sales.data?.meta.total} to={paths.adminSales.href()} />
        )}
        {can('read', 'order') && (
          <Figure
            label={t('dashboard.awaiting')}
            value={awaiting.data?.meta.total}
            to={paths.adminOrders.href()}
          />
        )}
        {can('read', 'order') && (
          <Figure
            label={t('dashboard.overdue')}
            value={overdue.data?.meta.total}
            to={paths.adminOrders.href()}
          />
        )}
        {can('read', 'order') && (
          <Figure label={t('dashboard.toShip')} value={paid.data?.meta.total} to={paths.adminOrders.href()} />
        )}
      </Box>
    </AdminPage>
  );
}
