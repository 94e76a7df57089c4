import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { layout } from '@knotwork/shared/constants/layout';
import { saleMoveMessages, saleMoves, saleStage } from '@knotwork/shared/sales/sale-moves';
import { lotIsLive } from '@knotwork/shared/bidding/lot-phase';
import { paths } from '@/config/paths.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { formatUsd } from '@/lib/format.ts';
import { currentLanguage } from '@/lib/i18n.ts';
import { notify } from '@/lib/toast.ts';
import { useDeleteSale, usePublishSale, useRenumberLots } from '../api/sale-ops.ts';
import { DeleteSaleDialog } from '../components/delete-sale-dialog.tsx';
import { useAdminSale, useWithdrawLot, type AdminSaleDetail } from '../api/sales.ts';
import { SaleSettingsDialog } from '../components/new-sale-dialog.tsx';
import { AddLotDialog } from '../components/add-lot-dialog.tsx';
import { AdminPage } from '../../shell/admin-page.tsx';
import { LotMonitorDialog } from '../components/lot-monitor-dialog.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { gridLocaleText } from '../../shell/grid-locale.ts';
import { useCan } from '../../shell/use-can.ts';
import { SaleDeposit } from '../components/sale-deposit.tsx';
import { SaleRegistrations } from '../components/sale-registrations.tsx';
import { SalePrinted } from '../components/sale-printed.tsx';

type Lot = AdminSaleDetail['lots'][number];
const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * /admin/sales/:id: the sale's rules and its lots, each lot's state live (polled while the sale is open). Which
 * actions show is the shared sale-moves table (decision 074), the one the server checks: a draft whose start has
 * passed says so and offers to reschedule and publish, or delete it.
 */
export default function SalePage() {
  const { id } = useParams();
  const { t } = useTranslation('admin');
  const { can } = useCan();
  const { data: sale, isLoading, isError, refetch } = useAdminSale(id);
  const [adding, setAdding] = useState(false);
  const [monitor, setMonitor] = useState<string | null>(null);
  const withdraw = useWithdrawLot(id ?? '');
  const publish = usePublishSale(id ?? '');
  const renumber = useRenumberLots(id ?? '');
  const remove = useDeleteSale(id ?? '');
  const navigate = useNavigate();
  const [editing, setEditing] = useState<false | 'edit' | 'publish'>(false);
  const [deleting, setDeleting] = useState(false);
  const now = Date.now();
  const moves = sale ? saleMoves(sale, now) : null;
  const stage = sale ? saleStage(sale, now) : null;
  const reorderable = Boolean(moves?.editLots.allowed) && can('manage', 'lot');
  const done = {
    onSuccess: (res: { message?: string }) => notify.success(adminMessage(res.message)),
    onError: (e: Error) => notify.error(adminMessage(e.message)),
  };
  /** Moves a lot one place up or down and renumbers the whole sale in that order. */
  const move = (lotId: string, by: -1 | 1) => {
    const ids = (sale?.lots ?? []).map((l) => l.id);
    const at = ids.indexOf(lotId);
    const to = at + by;
    if (at < 0 || to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    renumber.mutate(ids, done);
  };

  const columns = useMemo<GridColDef<Lot>[]>(
    () => [
      { field: 'lotNumber', headerName: t('lots.columns.number'), width: 80, type: 'number' },
      ...(reorderable
        ? [
            {
              field: 'order',
              headerName: t('lots.columns.order'),
              width: 100,
              sortable: false,
              renderCell: ({ row }: { row: Lot }) => (
                <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
                  <IconButton
                    size="small"
                    aria-label={t('lots.moveUp', { n: row.lotNumber })}
                    disabled={renumber.isPending || row.lotNumber === sale?.lots[0]?.lotNumber}
                    onClick={() => move(row.id, -1)}
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('lots.moveDown', { n: row.lotNumber })}
                    disabled={renumber.isPending || row.id === sale?.lots[sale.lots.length - 1]?.id}
                    onClick={() => move(row.id, 1)}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                </Box>
              ),
            } satisfies GridColDef<Lot>,
          ]
        : []),
      { field: 'rugTitle', headerName: t('lots.columns.rug'), flex: 2, minWidth: 200 },
      {
        field: 'status',
        headerName: t('lots.columns.status'),
        width: 120,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.status === 'open' ? 'success' : 'default'}
            label={t(`lots.status.${row.status}`)}
          />
        ),
      },
      {
        field: 'currentBid',
        headerName: t('lots.columns.current'),
        width: 120,
        type: 'number',
        valueFormatter: (v: number | null) => (v === null ? '—' : formatUsd(v)),
      },
      { field: 'bidCount', headerName: t('lots.columns.bids'), width: 80, type: 'number' },
      {
        field: 'reserve',
        headerName: t('lots.columns.reserve'),
        width: 110,
        type: 'number',
        valueFormatter: (v: number | null) => (v === null ? '—' : formatUsd(v)),
      },
      { field: 'endsAt', headerName: t('lots.columns.ends'), width: 180, valueFormatter: when },
      {
        field: 'actions',
        headerName: t('lots.columns.actions'),
        width: 220,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button
              size="small"
              onClick={() => setMonitor(row.id)}
              aria-label={t('lots.monitorN', { n: row.lotNumber })}
            >
              {t('lots.monitor')}
            </Button>
            {can('manage', 'lot') && lotIsLive(row) && (
              <Button
                size="small"
                color="error"
                aria-label={t('lots.withdrawN', { n: row.lotNumber })}
                onClick={() =>
                  withdraw.mutate(
                    { lotId: row.id },
                    {
                      onSuccess: (res) => notify.success(adminMessage(res.message)),
                      onError: (e) => notify.error(adminMessage(e.message)),
                    },
                  )
                }
              >
                {t('lots.withdraw')}
              </Button>
            )}
          </Box>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- move reads the sale of this render
    [t, can, withdraw, reorderable, renumber.isPending, sale],
  );

  return (
    <AdminPage
      title={sale?.title ?? t('sales.title')}
      subject="sale"
      actions={
        <>
          <Button
            component={RouterLink}
            to={paths.adminSales.href()}
            startIcon={
              <ArrowBack sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
            }
          >
            {t('sales.back')}
          </Button>
          {sale?.type === 'live' && can('read', 'live') && (
            <Button variant="outlined" component={RouterLink} to={paths.adminLive.href(sale.id)}>
              {t('live.console')}
            </Button>
          )}
          {sale?.type === 'live' && can('read', 'live') && (
            // Telephone bookings and their operators (issue 29 §1, decision 097).
            <Button variant="outlined" component={RouterLink} to={paths.adminTelephone.href(sale.id)}>
              {t('live.phoneBookings')}
            </Button>
          )}
          {sale && can('manage', 'sale') && (
            <Button startIcon={<EditOutlined />} onClick={() => setEditing('edit')}>
              {t('sales.edit')}
            </Button>
          )}
          {moves?.delete.allowed && can('manage', 'sale') && (
            <Button color="error" startIcon={<DeleteOutline />} onClick={() => setDeleting(true)}>
              {t('sales.delete')}
            </Button>
          )}
          {sale && can('manage', 'sale') && sale.status === 'draft' && moves && (
            <PublishButton
              reason={
                moves.publish.allowed || moves.publish.reason === 'START_PASSED'
                  ? null
                  : adminMessage(saleMoveMessages[moves.publish.reason])
              }
              pending={publish.isPending}
              label={t('sales.publish')}
              onClick={() => (moves.publish.allowed ? publish.mutate(true, done) : setEditing('publish'))}
            />
          )}
          {moves?.unpublish.allowed && can('manage', 'sale') && (
            <Button disabled={publish.isPending} onClick={() => publish.mutate(false, done)}>
              {t('sales.unpublish')}
            </Button>
          )}
          {moves?.addLot.allowed && can('manage', 'lot') && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)}>
              {t('sales.addLot')}
            </Button>
          )}
        </>
      }
    >
      {isLoading ? (
        <Box
          role="status"
          aria-label={t('common.loading')}
          sx={{ display: 'grid', placeItems: 'center', py: 20 }}
        >
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Box>
      ) : isError || !sale ? (
        <ErrorState
          message={t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <>
          {stage === 'draftOverdue' && (
            <Alert
              severity="warning"
              action={
                can('manage', 'sale') ? (
                  <Button color="inherit" size="small" onClick={() => setEditing('publish')}>
                    {t('sales.reschedule')}
                  </Button>
                ) : undefined
              }
            >
              {t('sales.overdue')}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, display: 'flex', gap: 6, flexWrap: 'wrap' }}>
            {[
              [t('sales.columns.status'), t(`sales.status.${sale.status}`)],
              [t('sales.columns.starts'), when(sale.startsAt)],
              [t('sales.columns.ends'), when(sale.endsAt)],
              [t('sales.fields.staggerSeconds'), `${sale.staggerSeconds} s`],
              [t('sales.columns.premium'), `${sale.buyersPremiumPct} %`],
              [
                t('sales.increments.title'),
                sale.increments
                  ? t('sales.increments.rows', { count: sale.increments.length })
                  : t('sales.increments.houseShort'),
              ],
              [
                t('sales.fields.softClose'),
                sale.softClose.enabled
                  ? `${sale.softClose.windowSeconds} s / ${sale.softClose.extensionSeconds} s`
                  : t('common.none'),
              ],
              [
                t('sales.fields.registration'),
                !sale.registration.required
                  ? t('sales.registration.open')
                  : sale.registration.cardRequired
                    ? t('sales.registration.withCard')
                    : t('sales.registration.required'),
              ],
            ].map(([label, value]) => (
              <Box key={label}>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {label}
                </Typography>
                <Typography variant="body2">{value}</Typography>
              </Box>
            ))}
          </Paper>
          <SaleDeposit saleId={sale.id} />
          {sale.status !== 'draft' && (
            <SalePrinted
              saleId={sale.id}
              over={
                sale.status === 'closed' ||
                (sale.lots.length > 0 &&
                  sale.lots.every((l) => l.status === 'closed' || l.status === 'withdrawn'))
              }
            />
          )}
          {(sale.registration.required || sale.pendingRegistrations > 0 || sale.type === 'live') && (
            <SaleRegistrations saleId={sale.id} pendingCount={sale.pendingRegistrations} />
          )}
          <DataGrid<Lot>
            aria-label={t('lots.title')}
            rows={sale.lots}
            columns={columns}
            rowHeight={layout.dataGridRowHeight}
            columnHeaderHeight={layout.dataGridHeaderHeight}
            disableRowSelectionOnClick
            hideFooter={sale.lots.length <= 100}
            localeText={{ ...gridLocaleText(currentLanguage()), noRowsLabel: t('lots.empty') }}
            sx={{
              bgcolor: 'background.paper',
              borderRadius: '12px',
              minHeight: 200,
              '& .MuiDataGrid-columnHeaders': { bgcolor: 'background.subtle' },
            }}
          />
        </>
      )}
      {editing && sale && (
        <SaleSettingsDialog
          sale={sale}
          publish={editing === 'publish' && sale.activeLotCount > 0}
          onClose={() => setEditing(false)}
        />
      )}
      {deleting && sale && (
        <DeleteSaleDialog
          lots={sale.lotCount}
          pending={remove.isPending}
          onClose={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(undefined, {
              onSuccess: (res) => {
                notify.success(adminMessage(res.message));
                void navigate(paths.adminSales.href());
              },
              onError: (e: Error) => notify.error(adminMessage(e.message)),
            })
          }
        />
      )}
      {adding && id && <AddLotDialog saleId={id} onClose={() => setAdding(false)} />}
      {monitor && id && <LotMonitorDialog lotId={monitor} saleId={id} onClose={() => setMonitor(null)} />}
    </AdminPage>
  );
}

/** Publish, or disabled with the reason the sale-moves table gives (a draft with no lot). */
function PublishButton(props: {
  reason: string | null;
  pending: boolean;
  label: string;
  onClick: () => void;
}) {
  const button = (
    <Button variant="contained" disabled={props.pending || props.reason !== null} onClick={props.onClick}>
      {props.label}
    </Button>
  );
  if (props.reason === null) return button;
  return (
    <Tooltip title={props.reason}>
      <span>{button}</span>
    </Tooltip>
  );
}
