import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES } from '@knotwork/shared/schemas/bidding';
import { formatUsd } from '@/lib/format.ts';
import { useAdminOrders, type AdminOrder } from '../api/order-list.ts';
import { AdminGrid } from '../../shell/admin-grid.tsx';
import { AdminPage } from '../../shell/admin-page.tsx';
import { useServerGrid } from '../../shell/server-grid.ts';
import { useDebounced } from '../../shell/use-debounced.ts';
import { paths } from '@/config/paths.ts';

/** Orders, newest first, by state, overdue, or a search on buyer, rug or payment reference. */
export default function OrdersPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const grid = useServerGrid<'createdAt'>({ field: 'createdAt', sort: 'desc' });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const q = useDebounced(search.trim(), 300);
  const list = useAdminOrders({
    page: grid.query.page,
    pageSize: grid.query.pageSize,
    q: q || undefined,
    status: status && status !== 'overdue' ? status : undefined,
    overdue: status === 'overdue' ? 'true' : undefined,
  });
  const columns = useMemo<GridColDef<AdminOrder>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('orders.columns.created'),
        width: 170,
        sortable: false,
        valueFormatter: (v: string) => new Date(v).toLocaleString(),
      },
      {
        field: 'buyer',
        headerName: t('orders.columns.buyer'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_v, row) => row.buyer.name,
      },
      {
        field: 'rug',
        headerName: t('orders.columns.rug'),
        flex: 2,
        minWidth: 200,
        sortable: false,
        valueGetter: (_v, row) => row.rug.title,
      },
      {
        field: 'status',
        headerName: t('orders.columns.status'),
        width: 170,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.overdue ? 'error' : row.status === 'paid' ? 'success' : 'default'}
            label={t(`orders.status.${row.status}`)}
          />
        ),
      },
      {
        field: 'total',
        headerName: t('orders.columns.total'),
        width: 130,
        type: 'number',
        sortable: false,
        valueGetter: (_v, row) => row.total ?? row.itemPrice,
        valueFormatter: (v: number) => formatUsd(v),
      },
      {
        field: 'balanceDue',
        headerName: t('payments.column'),
        width: 150,
        sortable: false,
        // Still due on a transfer under way, or a credit to refund (decision 072).
        valueGetter: (_v, row) =>
          row.credit > 0
            ? t('payments.creditShort', { amount: formatUsd(row.credit) })
            : row.balanceDue && row.status === 'awaiting_payment' && row.paidSoFar > 0
              ? t('payments.dueShort', { amount: formatUsd(row.balanceDue) })
              : '—',
      },
      {
        field: 'invoiceNumber',
        headerName: t('orders.columns.invoice'),
        width: 130,
        sortable: false,
        valueFormatter: (v: string | null) => v ?? '—',
      },
    ],
    [t],
  );
  return (
    <AdminPage title={t('orders.title')} subject="order">
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label={t('orders.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            grid.resetPage();
          }}
          sx={{ minWidth: 240 }}
        />
        <TextField
          select
          size="small"
          label={t('orders.columns.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            grid.resetPage();
          }}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          <MenuItem value="overdue">{t('orders.overdue')}</MenuItem>
          {ORDER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`orders.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <AdminGrid<AdminOrder>
        label={t('orders.title')}
        emptyLabel={t('orders.empty')}
        list={list}
        grid={grid}
        columns={columns}
        onOpen={(row) => void navigate(paths.adminOrder.href(row.id))}
      />
    </AdminPage>
  );
}
