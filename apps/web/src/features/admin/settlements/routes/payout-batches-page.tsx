import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { PAYOUT_BATCH_STATUSES } from '@knotwork/shared/schemas/settlements-staff';
import { paths } from '@/config/paths.ts';
import { formatDate, formatNumber } from '@/lib/format.ts';
import { usePayoutBatches, type AdminPayoutBatchSummary } from '../api/payout-batch-list.ts';
import { BatchStatusChip } from '../components/batch-status-chip.tsx';
import { SettlementNav } from '../components/settlement-nav.tsx';
import { formatMoney } from '@/lib/format-money.ts';
import { AdminGrid } from '../../shell/admin-grid.tsx';
import { AdminPage } from '../../shell/admin-page.tsx';
import { useServerGrid } from '../../shell/server-grid.ts';

type Status = (typeof PAYOUT_BATCH_STATUSES)[number];

/** /admin/payout-batches: every batch, newest first, with its status in words; a row opens the batch. */
export default function PayoutBatchesPage() {
  const { t } = useTranslation('admin-settlements');
  const navigate = useNavigate();
  const grid = useServerGrid<'createdAt'>({ field: 'createdAt', sort: 'desc' });
  const [status, setStatus] = useState<Status | 'all'>('all');
  const list = usePayoutBatches({
    page: grid.query.page,
    pageSize: grid.query.pageSize,
    status: status === 'all' ? undefined : status,
  });

  const columns = useMemo<GridColDef<AdminPayoutBatchSummary>[]>(
    () => [
      { field: 'number', headerName: t('columns.batch'), width: 150, sortable: false },
      {
        field: 'status',
        headerName: t('columns.status'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
            <BatchStatusChip status={row.status} />
          </Box>
        ),
      },
      {
        field: 'totalCents',
        headerName: t('columns.total'),
        width: 150,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => formatMoney(row.totalCents, row.currency),
      },
      {
        field: 'payments',
        headerName: t('columns.payments'),
        width: 120,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number) => formatNumber(v),
      },
      {
        field: 'createdAt',
        headerName: t('columns.created'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        valueGetter: (_v, row) =>
          row.createdBy ? `${formatDate(row.createdAt)} · ${row.createdBy.name}` : formatDate(row.createdAt),
      },
      {
        field: 'paidAt',
        headerName: t('columns.paidAt'),
        width: 130,
        sortable: false,
        valueFormatter: (v: string | null) => (v ? formatDate(v) : '—'),
      },
    ],
    [t],
  );

  return (
    <AdminPage title={t('batches.title')} subject="settlement">
      <SettlementNav />
      <Box>
        <TextField
          select
          size="small"
          label={t('batches.statusFilter')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as Status | 'all');
            grid.resetPage();
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="all">{t('batches.all')}</MenuItem>
          {PAYOUT_BATCH_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`batchStatus.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <AdminGrid<AdminPayoutBatchSummary>
        label={t('batches.title')}
        emptyLabel={status === 'all' ? t('empty.batches') : t('empty.batchesFiltered')}
        list={list}
        grid={grid}
        columns={columns}
        onOpen={(row) => void navigate(paths.adminPayoutBatch.href(row.id))}
        autoHeight
      />
    </AdminPage>
  );
}
