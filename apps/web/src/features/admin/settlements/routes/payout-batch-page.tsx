import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Download from '@mui/icons-material/Download';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { isNotFound } from '@/lib/api-client.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { formatDate, formatDateTime, formatNumber } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import {
  payoutBatchKey,
  usePayoutBatch,
  usePayoutBatchAction,
  type AdminPayoutBatch,
} from '../api/payout-batch.ts';
import { downloadPayoutFile, payoutFileUrl, type PayoutFileFormat } from '../api/payout-file.ts';
import { BatchStatusChip } from '../components/batch-status-chip.tsx';
import { StripeTransfersSection } from '../components/stripe-transfers-section.tsx';
import { TransferStatus } from '../components/transfer-status.tsx';
import { formatMoney } from '@/lib/format-money.ts';
import { settlementMessage } from '../lib/settlement-message.ts';
import { today } from '../lib/today.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { StaffActionDialog } from '../../shell/staff-action-dialog.tsx';
import { useCan } from '../../shell/use-can.ts';
import { Fact, Section } from '../../consignors/components/section.tsx';

const flip = {
  transform: (th: { direction: string }) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined),
};

function Lines({ batch }: { batch: AdminPayoutBatch }) {
  const { t } = useTranslation('admin-settlements');
  if (batch.items.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('batch.noLines')}
      </Typography>
    );
  return (
    <Box component="ul" aria-label={t('batch.lines')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {batch.items.map((it) => (
        <Box
          component="li"
          key={it.id}
          data-testid="batch-line"
          sx={{
            display: 'flex',
            gap: 3,
            justifyContent: 'space-between',
            alignItems: 'baseline',
            py: 2,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={paths.adminConsignor.href(it.consignorId)}
              sx={{ fontWeight: 600 }}
            >
              {it.consignorName}
            </Link>
            <Typography
              variant="caption"
              component="p"
              sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
            >
              {it.method === 'stripe' && `${t('transfer.method')} · `}
              <bdi dir="ltr">{it.payoutMethod === 'none' ? t('noAccount') : it.payoutMasked}</bdi>
              {' · '}
              <bdi dir="ltr">{it.endToEndId}</bdi>
            </Typography>
            {it.transfer && <TransferStatus transfer={it.transfer} />}
          </Box>
          <Typography variant="body2" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(it.amountCents, batch.currency)}
          </Typography>
        </Box>
      ))}
      <Box
        component="li"
        sx={{ display: 'flex', justifyContent: 'space-between', gap: 3, pt: 2, fontWeight: 600 }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('batch.total')}
        </Typography>
        <Typography
          variant="body2"
          data-testid="batch-total"
          sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
        >
          {formatMoney(batch.totalCents, batch.currency)}
        </Typography>
      </Box>
    </Box>
  );
}

function BatchBody({ batch }: { batch: AdminPayoutBatch }) {
  const { t } = useTranslation('admin-settlements');
  const manage = useCan().can('manage', 'settlement');
  const [params] = useSearchParams();
  const [executionDate, setExecutionDate] = useState(params.get('executionDate') ?? today());
  const [confirming, setConfirming] = useState<'paid' | 'cancel' | null>(null);
  const [downloading, setDownloading] = useState<PayoutFileFormat | null>(null);
  const action = usePayoutBatchAction(batch.id);
  const client = useQueryClient();
  const open = batch.status === 'created' || batch.status === 'exported';

  const download = (format: PayoutFileFormat) => {
    setDownloading(format);
    downloadPayoutFile(
      batch.id,
      format,
      executionDate,
      `${batch.number}.${format === 'sepa' ? 'xml' : 'csv'}`,
    )
      .then(() => {
        notify.success(t('batch.downloaded'));
        // The server marks the batch exported when it hands the file out.
        void client.invalidateQueries({ queryKey: payoutBatchKey(batch.id) });
        void client.invalidateQueries({ queryKey: ['admin', 'payout-batches'] });
      })
      .catch((e: Error) => notify.error(settlementMessage(e.message)))
      .finally(() => setDownloading(null));
  };
  const act = (which: 'paid' | 'cancel') =>
    action.mutate(which, {
      onSuccess: (res) => {
        setConfirming(null);
        notify.success(settlementMessage(res.message));
      },
      onError: (e) => {
        setConfirming(null);
        notify.error(settlementMessage(e.message));
      },
    });

  return (
    <AdminPage
      title={t('batch.title', { number: batch.number })}
      subject="settlement"
      actions={
        manage &&
        open && (
          <>
            <Button variant="outlined" color="error" onClick={() => setConfirming('cancel')}>
              {t('batch.cancel')}
            </Button>
            <Button variant="contained" onClick={() => setConfirming('paid')}>
              {t('batch.markPaid')}
            </Button>
          </>
        )
      }
    >
      <Box>
        <Button
          component={RouterLink}
          to={paths.adminPayoutBatches.href()}
          startIcon={<ArrowBack sx={flip} />}
          size="small"
        >
          {t('batch.back')}
        </Button>
      </Box>
      <Paper
        variant="outlined"
        component="section"
        aria-label={t('batch.summary')}
        sx={{ p: { xs: 4, md: 6 }, display: 'grid', gap: 4 }}
      >
        <Box>
          <BatchStatusChip status={batch.status} />
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          <Fact label={t('batch.total')}>{formatMoney(batch.totalCents, batch.currency)}</Fact>
          <Fact label={t('columns.payments')}>{formatNumber(batch.payments)}</Fact>
          <Fact label={t('batch.currency')}>{batch.currency}</Fact>
          <Fact label={t('columns.created')}>
            {formatDateTime(batch.createdAt)}
            {batch.createdBy ? ` · ${batch.createdBy.name}` : ''}
          </Fact>
          {batch.exportedAt && (
            <Fact label={t('batch.exportedAt')}>
              {formatDateTime(batch.exportedAt)}
              {batch.fileKind ? ` · ${t(`fileKind.${batch.fileKind}`)}` : ''}
            </Fact>
          )}
          {batch.paidAt && <Fact label={t('columns.paidAt')}>{formatDate(batch.paidAt)}</Fact>}
          {batch.cancelledAt && <Fact label={t('batch.cancelledAt')}>{formatDate(batch.cancelledAt)}</Fact>}
        </Box>
      </Paper>
      {batch.items.some((i) => i.method === 'stripe') && batch.status !== 'cancelled' && (
        <StripeTransfersSection batch={batch} manage={manage} />
      )}
      {manage && batch.status !== 'cancelled' && batch.items.some((i) => i.method === 'bank') && (
        <Section title={t('batch.files')}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('batch.filesIntro')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              type="date"
              size="small"
              label={t('batch.executionDate')}
              value={executionDate}
              onChange={(e) => setExecutionDate(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: 200 }}
            />
            {(['sepa', 'csv'] as const).map((format) => (
              <Button
                key={format}
                component="a"
                href={payoutFileUrl(batch.id, format, executionDate)}
                download
                variant="outlined"
                startIcon={downloading === format ? <CircularProgress size={16} aria-hidden /> : <Download />}
                onClick={(e: React.MouseEvent) => {
                  e.preventDefault();
                  if (!downloading) download(format);
                }}
                data-testid={`download-${format}`}
              >
                {t(`batch.download.${format}`)}
              </Button>
            ))}
          </Box>
        </Section>
      )}
      <Section title={t('batch.lines')}>
        <Lines batch={batch} />
      </Section>
      {confirming && (
        <StaffActionDialog
          title={confirming === 'paid' ? t('batch.markPaid') : t('batch.cancel')}
          intro={
            confirming === 'paid'
              ? t('batch.confirmPaid', {
                  total: formatMoney(batch.totalCents, batch.currency),
                  n: formatNumber(batch.payments),
                  count: batch.payments,
                })
              : t('batch.confirmCancel')
          }
          pending={action.isPending}
          confirmLabel={confirming === 'paid' ? t('batch.markPaid') : t('batch.cancel')}
          onConfirm={() => act(confirming)}
          onClose={() => setConfirming(null)}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {confirming === 'paid' ? t('batch.paidOnce') : t('batch.cancelOwed')}
          </Typography>
        </StaffActionDialog>
      )}
    </AdminPage>
  );
}

/** /admin/payout-batches/:id: a batch's payments and totals, its bank files, and marking it paid or cancelling it. */
export default function PayoutBatchPage() {
  const { t } = useTranslation('admin-settlements');
  const { id = '' } = useParams();
  const batch = usePayoutBatch(id);
  if (batch.isLoading)
    return (
      <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', placeItems: 'center', py: 10 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  if (isNotFound(batch.error)) return <EmptyState title={t('batch.notFound')} headingComponent="h1" />;
  if (batch.isError || !batch.data)
    return (
      <ErrorState message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void batch.refetch()} />
    );
  return <BatchBody batch={batch.data} />;
}
