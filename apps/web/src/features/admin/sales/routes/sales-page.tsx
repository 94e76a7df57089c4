import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import { paths } from '@/config/paths.ts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { useAdminSales, type AdminAuction } from '../api/sale-list.ts';
import { AdminGrid } from '../../shell/admin-grid.tsx';
import { AdminPage } from '../../shell/admin-page.tsx';
import { useServerGrid } from '../../shell/server-grid.ts';
import { useDebounced } from '../../shell/use-debounced.ts';
import { NewSaleDialog } from '../components/new-sale-dialog.tsx';
import { useCan } from '../../shell/use-can.ts';

const when = (iso: string) => new Date(iso).toLocaleString();

/** Every sale, newest start first (the staff API's order), searchable by title. */
export default function SalesPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { can } = useCan();
  const [creating, setCreating] = useState(false);
  const grid = useServerGrid<'startsAt'>({ field: 'startsAt', sort: 'desc' });
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const list = useAdminSales({
    page: grid.query.page,
    pageSize: grid.query.pageSize,
    q: q || undefined,
  });
  const columns = useMemo<GridColDef<AdminAuction>[]>(
    () => [
      { field: 'title', headerName: t('sales.columns.title'), flex: 2, minWidth: 200, sortable: false },
      {
        field: 'type',
        headerName: t('sales.columns.type'),
        width: 100,
        sortable: false,
        valueFormatter: (v: string) => t(`sales.type.${v}`),
      },
      {
        field: 'status',
        headerName: t('sales.columns.status'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.status === 'open' ? 'success' : 'default'}
            label={t(`sales.status.${row.status}`)}
          />
        ),
      },
      {
        field: 'startsAt',
        headerName: t('sales.columns.starts'),
        width: 180,
        sortable: false,
        valueFormatter: when,
      },
      {
        field: 'endsAt',
        headerName: t('sales.columns.ends'),
        width: 180,
        sortable: false,
        valueFormatter: when,
      },
      { field: 'lotCount', headerName: t('sales.columns.lots'), width: 90, type: 'number', sortable: false },
      {
        field: 'buyersPremiumPct',
        headerName: t('sales.columns.premium'),
        width: 110,
        type: 'number',
        sortable: false,
        valueFormatter: (v: number) => `${v} %`,
      },
    ],
    [t],
  );
  return (
    <AdminPage
      title={t('sales.title')}
      subject="sale"
      actions={
        can('manage', 'sale') && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {t('sales.new')}
          </Button>
        )
      }
    >
      <Box>
        <TextField
          size="small"
          type="search"
          label={t('sales.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            grid.resetPage();
          }}
          sx={{ minWidth: 240 }}
        />
      </Box>
      <AdminGrid<AdminAuction>
        label={t('sales.title')}
        emptyLabel={t('sales.empty')}
        list={list}
        grid={grid}
        columns={columns}
        onOpen={(row) => void navigate(paths.adminSale.href(row.id))}
      />
      {creating && <NewSaleDialog onClose={() => setCreating(false)} />}
    </AdminPage>
  );
}
