import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminDashboard } from '@knotwork/shared/schemas/dashboard-staff';
import { paths } from '@/config/paths.ts';
import { formatNumber } from '@/lib/format.ts';
import { formatSpan } from '../lib/clock.ts';

type Figures = NonNullable<AdminDashboard['conditionReports']>;

/**
 * The dashboard's condition-report figures (decision 095): open and overdue requests (each a link to the desk's tab)
 * and, over the last 90 days, the desk's median response and how many answers kept the promise. Words in
 * admin-settings, which every back-office page has loaded.
 */
export function ConditionFigures({ figures }: { figures: Figures | undefined }) {
  const { t } = useTranslation('admin-settings');
  const cell = (label: string, value: string | undefined, to?: string) => (
    <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="body2" component="h3" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ overflowWrap: 'anywhere' }}>
        {value === undefined ? (
          <Skeleton width={60} />
        ) : to ? (
          <Link component={RouterLink} to={to} color="inherit">
            {value}
          </Link>
        ) : (
          value
        )}
      </Typography>
    </Box>
  );
  return (
    <Paper variant="outlined" sx={{ p: 5, display: 'grid', gap: 4 }} data-testid="condition-figures">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {t('conditionReports.dashboard.title')}
        </Typography>
        <Link component={RouterLink} to={paths.adminConditionReports.href()}>
          {t('conditionReports.dashboard.desk')}
        </Link>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {cell(
          t('conditionReports.dashboard.open'),
          figures && formatNumber(figures.open),
          paths.adminConditionReports.href('open'),
        )}
        {cell(
          t('conditionReports.dashboard.overdue'),
          figures && formatNumber(figures.overdue),
          paths.adminConditionReports.href('overdue'),
        )}
        {cell(
          t('conditionReports.dashboard.median', { days: figures?.windowDays ?? 90 }),
          figures &&
            (figures.medianResponseMinutes === null
              ? t('conditionReports.dashboard.none')
              : formatSpan(figures.medianResponseMinutes)),
        )}
        {cell(
          t('conditionReports.dashboard.onTime'),
          figures && `${formatNumber(figures.answeredOnTime)} / ${formatNumber(figures.answered)}`,
        )}
      </Box>
    </Paper>
  );
}
