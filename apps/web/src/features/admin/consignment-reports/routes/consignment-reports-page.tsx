import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { formatDate } from '@/lib/format.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { notify } from '@/lib/toast.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import {
  consignmentReportPath,
  useConsignmentReport,
  type AdminConsignmentReportRow,
  type ReportGroup,
} from '../api/consignment-report.ts';
import {
  consignorReportPath,
  useConsignorReport,
  type AdminConsignorReportRow,
} from '../api/consignor-report.ts';
import { downloadWithSession } from '@/lib/download-file.ts';
import { PeriodPicker } from '../components/period-picker.tsx';
import { ReportTable } from '../components/report-table.tsx';
import { formatMonth } from '@/lib/format-money.ts';
import { isValidPeriod, presetPeriod, type PeriodPreset, type ReportPeriod } from '../lib/period.ts';

/** A titled part of the page with its CSV button; the body is the table, or why there is none. */
function ReportSection({
  title,
  hint,
  onDownload,
  downloading,
  children,
  testId,
}: {
  title: string;
  hint: string;
  onDownload: () => void;
  downloading: boolean;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation('admin-reports');
  return (
    <Box
      component="section"
      aria-label={title}
      data-testid={testId}
      sx={{ display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {hint}
          </Typography>
        </Box>
        <Button
          variant="outlined"
          size="small"
          startIcon={downloading ? <CircularProgress size={16} aria-hidden /> : <Download />}
          onClick={onDownload}
          disabled={downloading}
        >
          {t('downloadCsv')}
        </Button>
      </Box>
      {children}
    </Box>
  );
}

/** Loading, error or empty in place of a table. */
function ReportState({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin-reports');
  if (query.isPending)
    return (
      <Box aria-busy="true" aria-label={t('loading')} sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={36} />
        ))}
      </Box>
    );
  if (query.isError)
    return (
      <ErrorState message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
    );
  if (empty)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 2 }} data-testid="report-empty">
        {t('empty')}
      </Typography>
    );
  return <>{children}</>;
}

/**
 * /admin/reports: the consignment reports (issue 27 §4). Commission, fees, VAT and net per sale or per month, and
 * the unsold rate per consignor, for a period; each table downloads as CSV. Accounts and admins (`settlement`).
 */
export function ConsignmentReportsPage() {
  const { t } = useTranslation('admin-reports');
  const [preset, setPreset] = useState<PeriodPreset>('last12');
  const [period, setPeriod] = useState<ReportPeriod>(() => presetPeriod('last12'));
  const [groupBy, setGroupBy] = useState<ReportGroup>('sale');
  // While a custom period is half typed (its end before its start), the last valid one stays on screen.
  const [asked, setAsked] = useState<ReportPeriod>(period);
  const [downloading, setDownloading] = useState<'consignments' | 'consignors' | null>(null);
  const consignments = useConsignmentReport(asked, groupBy);
  const consignors = useConsignorReport(asked);

  const change = (nextPreset: PeriodPreset, next: ReportPeriod) => {
    setPreset(nextPreset);
    setPeriod(next);
    if (isValidPeriod(next)) setAsked(next);
  };
  const download = async (which: 'consignments' | 'consignors') => {
    setDownloading(which);
    try {
      await downloadWithSession(
        which === 'consignments'
          ? consignmentReportPath(asked, groupBy, true)
          : consignorReportPath(asked, true),
        {},
        `knotwork-${which}.csv`,
      );
    } catch {
      notify.error(t('downloadFailed'));
    } finally {
      setDownloading(null);
    }
  };

  const c = consignments.data;
  const k = consignors.data;
  const saleLabel = (row: AdminConsignmentReportRow) =>
    row.saleId ? (
      <>
        <Link component={RouterLink} to={paths.adminSale.href(row.saleId)} sx={{ overflowWrap: 'anywhere' }}>
          {row.saleTitle}
        </Link>
        <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
          {formatDate(row.lastClosedAt, 'UTC')}
        </Typography>
      </>
    ) : (
      formatMonth(row.month)
    );

  return (
    <AdminPage title={t('title')} subject="settlement">
      <PeriodPicker
        preset={preset}
        period={period}
        groupBy={groupBy}
        onChange={change}
        onGroupBy={setGroupBy}
      />
      <Typography variant="body2" sx={{ color: 'text.secondary', mt: -2 }}>
        {t('explain')}
      </Typography>
      <ReportSection
        title={groupBy === 'sale' ? t('bySale.title') : t('byMonth.title')}
        hint={t('bySale.hint')}
        onDownload={() => void download('consignments')}
        downloading={downloading === 'consignments'}
        testId="report-consignments"
      >
        <ReportState query={consignments} empty={Boolean(c && c.rows.length === 0)}>
          {c && (
            <ReportTable<AdminConsignmentReportRow>
              label={groupBy === 'sale' ? t('bySale.title') : t('byMonth.title')}
              labelHeader={groupBy === 'sale' ? t('columns.sale') : t('columns.month')}
              rows={c.rows}
              rowKey={(r) => r.key}
              renderLabel={saleLabel}
              totals={c.totals}
              currency={c.currency}
              testId="consignments-table"
            />
          )}
        </ReportState>
      </ReportSection>
      <ReportSection
        title={t('byConsignor.title')}
        hint={t('byConsignor.hint')}
        onDownload={() => void download('consignors')}
        downloading={downloading === 'consignors'}
        testId="report-consignors"
      >
        <ReportState query={consignors} empty={Boolean(k && k.rows.length === 0)}>
          {k && (
            <ReportTable<AdminConsignorReportRow>
              label={t('byConsignor.title')}
              labelHeader={t('columns.consignor')}
              rows={k.rows}
              rowKey={(r) => r.consignorId}
              renderLabel={(r) => (
                <Link
                  component={RouterLink}
                  to={paths.adminConsignor.href(r.consignorId)}
                  sx={{ overflowWrap: 'anywhere' }}
                >
                  {r.consignorName}
                </Link>
              )}
              totals={k.totals}
              currency={k.currency}
              columns={[
                'lotsOffered',
                'lotsSold',
                'unsoldRateBps',
                'hammerCents',
                'commissionCents',
                'netCents',
              ]}
              testId="consignors-table"
            />
          )}
        </ReportState>
      </ReportSection>
    </AdminPage>
  );
}

export default ConsignmentReportsPage;
