import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { formatNumber } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { usePayables, type AdminPayable } from '../api/payables.ts';
import { useCreatePayoutBatch } from '../api/payout-batch.ts';
import { ClientGrid } from '../components/client-grid.tsx';
import { SettlementNav } from '../components/settlement-nav.tsx';
import { formatMoney } from '@/lib/format-money.ts';
import { settlementMessage } from '../lib/settlement-message.ts';
import { today } from '../lib/today.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { StaffActionDialog } from '../../shell/staff-action-dialog.tsx';
import { useCan } from '../../shell/use-can.ts';

const noSelection: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** Why a consignor cannot be paid now, in words: held (identity, payout details, archived), a debit, or nothing. */
function PayStatus({ row }: { row: AdminPayable }) {
  const { t } = useTranslation('admin-settlements');
  if (row.payableCents > 0)
    return <Chip size="small" color="success" variant="outlined" label={t('payable.now')} />;
  if (row.heldReason)
    return <Chip size="small" color="warning" variant="outlined" label={t(`payoutHeld.${row.heldReason}`)} />;
  if (row.balanceCents < 0) return <Chip size="small" variant="outlined" label={t('payable.debit')} />;
  return <Chip size="small" variant="outlined" label={t('payable.nothing')} />;
}

/**
 * /admin/payouts: what each consignor is owed (or owes), whether a payout batch can pay it now and why not; accounts
 * and admins pick consignors and create a batch, then download its bank file on the batch's page.
 */
export default function PayoutsPage() {
  const { t } = useTranslation('admin-settlements');
  const manage = useCan().can('manage', 'settlement');
  const navigate = useNavigate();
  const payables = usePayables();
  const create = useCreatePayoutBatch();
  const [selection, setSelection] = useState<GridRowSelectionModel>(noSelection);
  const [confirming, setConfirming] = useState(false);
  const [executionDate, setExecutionDate] = useState(today());
  const rows = payables.data?.rows;
  const currency = payables.data?.currency;
  const picked = useMemo(
    () => (rows ?? []).filter((r) => selection.ids.has(r.consignorId)),
    [rows, selection],
  );
  const pickedTotal = picked.reduce((s, r) => s + r.payableCents, 0);

  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const columns = useMemo<GridColDef<AdminPayable>[]>(
    () =>
      phone
        ? [
            {
              field: 'consignorName',
              headerName: t('columns.consignor'),
              flex: 1,
              sortable: false,
              renderCell: ({ row }) => (
                <Box sx={{ py: 1.5, display: 'grid', gap: 0.5, justifyItems: 'start', whiteSpace: 'normal' }}>
                  <Link component={RouterLink} to={paths.adminConsignor.href(row.consignorId)}>
                    {row.consignorName}
                  </Link>
                  <Typography variant="body2">
                    {t('columns.balance')}:{' '}
                    {row.balanceCents < 0
                      ? t('owes', { amount: formatMoney(-row.balanceCents, currency) })
                      : formatMoney(row.balanceCents, currency)}
                    {' · '}
                    {t('columns.payable')}: {formatMoney(row.payableCents, currency)}
                  </Typography>
                  <PayStatus row={row} />
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {row.payoutMethod === 'none' ? t('noAccount') : <bdi dir="ltr">{row.payoutMasked}</bdi>}
                  </Typography>
                </Box>
              ),
            },
          ]
        : [
            {
              field: 'consignorName',
              headerName: t('columns.consignor'),
              flex: 1,
              minWidth: 180,
              renderCell: ({ row }) => (
                <Link component={RouterLink} to={paths.adminConsignor.href(row.consignorId)}>
                  {row.consignorName}
                </Link>
              ),
            },
            {
              field: 'balanceCents',
              headerName: t('columns.balance'),
              width: 170,
              align: 'right',
              headerAlign: 'right',
              renderCell: ({ row }) =>
                row.balanceCents < 0
                  ? t('owes', { amount: formatMoney(-row.balanceCents, currency) })
                  : formatMoney(row.balanceCents, currency),
            },
            {
              field: 'payableCents',
              headerName: t('columns.payable'),
              width: 140,
              align: 'right',
              headerAlign: 'right',
              valueFormatter: (v: number) => formatMoney(v, currency),
            },
            {
              field: 'heldReason',
              headerName: t('columns.canPay'),
              width: 230,
              renderCell: ({ row }) => (
                <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
                  <PayStatus row={row} />
                </Box>
              ),
            },
            {
              field: 'payoutMasked',
              headerName: t('columns.account'),
              width: 210,
              renderCell: ({ row }) =>
                row.payoutMethod === 'none' ? (
                  t('noAccount')
                ) : (
                  <Box component="span" dir="ltr" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {row.payoutMasked}
                  </Box>
                ),
            },
          ],
    [t, phone, currency],
  );

  const submit = () =>
    create.mutate(
      { consignorIds: picked.map((r) => r.consignorId) },
      {
        onSuccess: (res) => {
          notify.success(settlementMessage(res.message));
          void navigate(`${paths.adminPayoutBatch.href(res.data.id)}?executionDate=${executionDate}`);
        },
        onError: (e) => notify.error(settlementMessage(e.message)),
      },
    );

  return (
    <AdminPage
      title={t('payouts.title')}
      subject="settlement"
      actions={
        manage && (
          <Button variant="contained" disabled={picked.length === 0} onClick={() => setConfirming(true)}>
            {t('payouts.create')}
          </Button>
        )
      }
    >
      <SettlementNav />
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: '70ch' }}>
        {t('payouts.intro')}
      </Typography>
      <ClientGrid<AdminPayable>
        label={t('payouts.title')}
        emptyLabel={t('empty.payouts')}
        rows={rows}
        loading={payables.isFetching}
        error={payables.isError}
        onRetry={() => void payables.refetch()}
        columns={columns}
        getRowId={(r) => r.consignorId}
        getRowHeight={() => 'auto'}
        checkboxSelection={manage}
        isRowSelectable={({ row }) => row.payableCents > 0}
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
      />
      {confirming && (
        <StaffActionDialog
          title={t('payouts.create')}
          intro={t('payouts.confirm', {
            count: picked.length,
            n: formatNumber(picked.length),
            total: formatMoney(pickedTotal, currency),
          })}
          pending={create.isPending}
          confirmLabel={t('payouts.createConfirm')}
          onConfirm={submit}
          onClose={() => setConfirming(false)}
        >
          <TextField
            type="date"
            label={t('batch.executionDate')}
            value={executionDate}
            onChange={(e) => setExecutionDate(e.target.value)}
            helperText={t('batch.executionHelp')}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: today() } }}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('payouts.currencyNote')}
          </Typography>
        </StaffActionDialog>
      )}
    </AdminPage>
  );
}
