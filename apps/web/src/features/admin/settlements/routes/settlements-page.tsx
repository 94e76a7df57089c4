import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SETTLEMENT_STATUSES } from '@knotwork/shared/schemas/settlements-staff';
import { paths } from '@/config/paths.ts';
import { formatDate, formatNumber } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { useSettlements, type AdminSettlementRow, type SettlementStatus } from '../api/settlement-list.ts';
import { useRunSettlement } from '../api/run-settlement.ts';
import { ClientGrid } from '../components/client-grid.tsx';
import { SettlementNav } from '../components/settlement-nav.tsx';
import { formatMoney } from '@/lib/format-money.ts';
import { settlementMessage } from '../lib/settlement-message.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { StaffActionDialog } from '../../shell/staff-action-dialog.tsx';
import { useCan } from '../../shell/use-can.ts';

/** A net to the consignor in words: "€1,234.50", or "€20.00 owed to the house" when it is a debit. */
function netText(t: TFunction<'admin-settlements'>, cents: number | null, currency: string | undefined) {
  if (cents === null) return '—';
  return cents < 0 ? t('owes', { amount: formatMoney(-cents, currency) }) : formatMoney(cents, currency);
}

/**
 * On a phone the lot is one cell: the rug, its sale and consignor, the hammer, when the buyer paid, the net (estimated
 * before settling) and what applies to its tab.
 */
function PhoneLot({ row, currency }: { row: AdminSettlementRow; currency: string | undefined }) {
  const { t } = useTranslation('admin-settlements');
  const hammer =
    row.outcome === 'sold' ? formatMoney(row.hammerCents, currency) : t(`outcome.${row.outcome}`);
  const detail =
    row.status === 'due'
      ? row.dueAt
        ? `${t('columns.dueSince')} ${formatDate(row.dueAt)}`
        : t('saleClosed')
      : row.status === 'held'
        ? `${row.heldReason ? t(`held.${row.heldReason}`) : ''}${
            row.heldReason === 'holding_period' && row.dueAt
              ? ` · ${t('dueOn', { date: formatDate(row.dueAt) })}`
              : ''
          }`
        : row.reversedAt
          ? t('reversed')
          : `${t('columns.net')}: ${netText(t, row.netCents, currency)}`;
  return (
    <Box sx={{ py: 1.5, minWidth: 0, lineHeight: 1.35, whiteSpace: 'normal' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {row.rugTitle}
      </Typography>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        {t('lotOf', { n: row.lotNumber, consignment: row.consignmentNumber })} · {row.saleTitle}
      </Typography>
      <Link component={RouterLink} to={paths.adminConsignor.href(row.consignorId)} variant="body2">
        {row.consignorName}
      </Link>
      <Typography variant="body2">
        {t('columns.hammer')}: {hammer}
        {row.paidAt && ` · ${t('paidOn', { date: formatDate(row.paidAt) })}`}
      </Typography>
      {row.status !== 'settled' && row.estimatedNetCents !== null && (
        <Typography variant="body2">
          {t('columns.estimatedNet')}: {netText(t, row.estimatedNetCents, currency)}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {detail}
      </Typography>
    </Box>
  );
}

const rowId = (r: AdminSettlementRow) => `${r.itemId}:${r.lotId}`;
const noSelection: GridRowSelectionModel = { type: 'include', ids: new Set() };

/**
 * /admin/settlements: consigned lots due for settlement, held (and why, in words) or settled. Accounts and admins
 * settle the lots picked, or every lot due; the server posts each lot once, so the result of a second run is zero.
 */
export default function SettlementsPage() {
  const { t } = useTranslation('admin-settlements');
  const manage = useCan().can('manage', 'settlement');
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: SettlementStatus = SETTLEMENT_STATUSES.includes(asked as SettlementStatus)
    ? (asked as SettlementStatus)
    : 'due';
  const list = useSettlements(status);
  const run = useRunSettlement();
  const [selection, setSelection] = useState<GridRowSelectionModel>(noSelection);
  const [confirming, setConfirming] = useState<'selected' | 'all' | null>(null);
  const rows = list.data?.data;
  const currency = list.data?.meta.currency;
  const picked = useMemo(() => (rows ?? []).filter((r) => selection.ids.has(rowId(r))), [rows, selection]);

  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Below the widest screens the sale is named under the rug: the payment date and the net keep their columns in view.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const columns = useMemo<GridColDef<AdminSettlementRow>[]>(() => {
    if (phone)
      return [
        {
          field: 'rugTitle',
          headerName: t('columns.lot'),
          flex: 1,
          sortable: false,
          renderCell: ({ row }) => <PhoneLot row={row} currency={currency} />,
        },
      ];
    const cols: GridColDef<AdminSettlementRow>[] = [
      {
        field: 'rugTitle',
        headerName: t('columns.rug'),
        flex: 1.2,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Box sx={{ lineHeight: 1.3, py: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {row.rugTitle}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap component="p">
              {t('lotOf', { n: row.lotNumber, consignment: row.consignmentNumber })}
            </Typography>
            {!wide && (
              <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap component="p">
                {row.saleTitle}
              </Typography>
            )}
          </Box>
        ),
      },
      ...(wide
        ? [{ field: 'saleTitle', headerName: t('columns.sale'), flex: 1, minWidth: 160 } as const]
        : []),
      {
        field: 'consignorName',
        headerName: t('columns.consignor'),
        flex: 1,
        minWidth: 140,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={paths.adminConsignor.href(row.consignorId)}>
            {row.consignorName}
          </Link>
        ),
      },
      {
        field: 'hammerCents',
        headerName: t('columns.hammer'),
        width: 120,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) =>
          row.outcome === 'sold' ? formatMoney(row.hammerCents, currency) : t(`outcome.${row.outcome}`),
      },
      {
        field: 'paidAt',
        headerName: t('columns.paidByBuyer'),
        width: 120,
        valueFormatter: (v: string | null) => (v ? formatDate(v) : '—'),
      },
    ];
    if (status !== 'settled')
      cols.push({
        field: 'estimatedNetCents',
        headerName: t('columns.estimatedNet'),
        width: 160,
        align: 'right',
        headerAlign: 'right',
        renderCell: ({ row }) => netText(t, row.estimatedNetCents, currency),
      });
    if (status === 'due')
      cols.push({
        field: 'dueAt',
        headerName: t('columns.dueSince'),
        width: 130,
        valueFormatter: (v: string | null) => (v ? formatDate(v) : t('saleClosed')),
      });
    if (status === 'held')
      cols.push({
        field: 'heldReason',
        headerName: t('columns.reason'),
        flex: 1.2,
        minWidth: 190,
        renderCell: ({ row }) => (
          <Typography variant="body2" sx={{ whiteSpace: 'normal', lineHeight: 1.3 }}>
            {row.heldReason ? t(`held.${row.heldReason}`) : ''}
            {row.heldReason === 'holding_period' && row.dueAt
              ? ` · ${t('dueOn', { date: formatDate(row.dueAt) })}`
              : ''}
          </Typography>
        ),
      });
    if (status === 'settled')
      cols.push(
        {
          field: 'settledAt',
          headerName: t('columns.settledAt'),
          width: 120,
          valueFormatter: (v: string | null) => (v ? formatDate(v) : ''),
        },
        {
          field: 'netCents',
          headerName: t('columns.net'),
          width: 160,
          align: 'right',
          headerAlign: 'right',
          renderCell: ({ row }) =>
            row.reversedAt ? (
              <Chip size="small" label={t('reversed')} />
            ) : row.netCents === null ? (
              ''
            ) : (
              netText(t, row.netCents, currency)
            ),
        },
      );
    return cols;
  }, [t, status, phone, wide, currency]);

  const settle = (scope: 'selected' | 'all') =>
    run.mutate(scope === 'all' ? {} : { items: picked.map((r) => ({ itemId: r.itemId, lotId: r.lotId })) }, {
      onSuccess: (res) => {
        setConfirming(null);
        setSelection(noSelection);
        const { settled, entries, reversed } = res.data;
        notify.success(
          settled + reversed === 0
            ? t('run.nothing')
            : [
                t('run.settled', { count: settled, n: formatNumber(settled) }),
                t('run.entries', { count: entries, n: formatNumber(entries) }),
                ...(reversed ? [t('run.reversed', { count: reversed, n: formatNumber(reversed) })] : []),
              ].join(' · '),
        );
      },
      onError: (e) => notify.error(settlementMessage(e.message)),
    });

  const dueCount = status === 'due' ? (rows?.length ?? 0) : 0;
  return (
    <AdminPage
      title={t('settlements.title')}
      subject="settlement"
      actions={
        manage &&
        status === 'due' && (
          <>
            <Button
              variant="outlined"
              disabled={picked.length === 0}
              onClick={() => setConfirming('selected')}
            >
              {t('settle.selected', { n: formatNumber(picked.length) })}
            </Button>
            <Button variant="contained" disabled={dueCount === 0} onClick={() => setConfirming('all')}>
              {t('settle.all')}
            </Button>
          </>
        )
      }
    >
      <SettlementNav />
      <Typography variant="body2" sx={{ color: 'text.secondary', maxWidth: '70ch' }}>
        {t('settlements.intro')}
      </Typography>
      <Tabs
        value={status}
        onChange={(_e, v: SettlementStatus) => {
          setSelection(noSelection);
          setParams(v === 'due' ? {} : { status: v }, { replace: true });
        }}
        variant={phone ? 'fullWidth' : 'standard'}
        aria-label={t('settlements.tabs')}
      >
        {SETTLEMENT_STATUSES.map((s) => (
          <Tab key={s} value={s} label={t(`tabs.${s}`)} />
        ))}
      </Tabs>
      {list.data && list.data.meta.total > list.data.data.length && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('capped', {
            shown: formatNumber(list.data.data.length),
            total: formatNumber(list.data.meta.total),
          })}
        </Typography>
      )}
      <ClientGrid<AdminSettlementRow>
        key={status}
        label={t(`tabs.${status}`)}
        emptyLabel={t(`empty.${status}`)}
        rows={rows}
        loading={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        columns={columns}
        getRowId={rowId}
        getRowHeight={() => 'auto'}
        checkboxSelection={manage && status === 'due'}
        rowSelectionModel={selection}
        onRowSelectionModelChange={setSelection}
      />
      {confirming && (
        <StaffActionDialog
          title={t('settle.confirmTitle')}
          intro={
            confirming === 'all'
              ? t('settle.confirmAll', { count: dueCount, n: formatNumber(dueCount) })
              : t('settle.confirmSelected', { count: picked.length, n: formatNumber(picked.length) })
          }
          pending={run.isPending}
          confirmLabel={t('settle.confirm')}
          onConfirm={() => settle(confirming)}
          onClose={() => setConfirming(null)}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('settle.once')}
          </Typography>
        </StaffActionDialog>
      )}
    </AdminPage>
  );
}
