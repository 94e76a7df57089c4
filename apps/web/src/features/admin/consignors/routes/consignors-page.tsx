import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Add from '@mui/icons-material/Add';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { formatNumber } from '@/lib/format.ts';
import { useAdminConsignors, type AdminConsignorSummary } from '../api/consignor-list.ts';
import { ConsignorChips } from '../components/consignor-chips.tsx';
import { ConsignorDialog } from '../components/consignor-dialog.tsx';
import { AdminGrid } from '../../shell/admin-grid.tsx';
import { AdminPage } from '../../shell/admin-page.tsx';
import { useServerGrid } from '../../shell/server-grid.ts';
import { useCan } from '../../shell/use-can.ts';
import { useDebounced } from '../../shell/use-debounced.ts';

const STATUSES = ['active', 'archived', 'all'] as const;

/** /admin/consignors: who brings rugs in, by name, e-mail or company; specialists add them. */
export default function ConsignorsPage() {
  const { t } = useTranslation('admin-consignors');
  const { can } = useCan();
  const navigate = useNavigate();
  const grid = useServerGrid<'createdAt'>({ field: 'createdAt', sort: 'desc' });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('active');
  const [creating, setCreating] = useState(false);
  const q = useDebounced(search.trim(), 300);
  const list = useAdminConsignors({
    page: grid.query.page,
    pageSize: grid.query.pageSize,
    q: q || undefined,
    status,
  });

  const columns = useMemo<GridColDef<AdminConsignorSummary>[]>(
    () => [
      {
        field: 'name',
        headerName: t('columns.name'),
        flex: 1,
        minWidth: 180,
        sortable: false,
        valueGetter: (_v, row) => (row.company ? `${row.name} · ${row.company}` : row.name),
      },
      { field: 'email', headerName: t('columns.email'), flex: 1, minWidth: 200, sortable: false },
      {
        field: 'kind',
        headerName: t('columns.kind'),
        width: 110,
        sortable: false,
        valueFormatter: (v: string) => t(`kind.${v}`),
      },
      {
        field: 'consignments',
        headerName: t('columns.consignments'),
        width: 130,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number) => formatNumber(v),
      },
      {
        field: 'identityChecked',
        headerName: t('columns.status'),
        width: 240,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ height: '100%', display: 'flex', alignItems: 'center' }}>
            <ConsignorChips identityChecked={row.identityChecked} archived={Boolean(row.archivedAt)} />
          </Box>
        ),
      },
    ],
    [t],
  );

  return (
    <AdminPage
      title={t('title')}
      subject="consignment"
      actions={
        can('manage', 'consignment') && (
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {t('new')}
          </Button>
        )
      }
    >
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label={t('search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            grid.resetPage();
          }}
          sx={{ flex: '1 1 260px', maxWidth: 420 }}
        />
        <TextField
          select
          size="small"
          label={t('statusFilter')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as (typeof STATUSES)[number]);
            grid.resetPage();
          }}
          sx={{ minWidth: 160 }}
        >
          {STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <AdminGrid<AdminConsignorSummary>
        label={t('title')}
        emptyLabel={q ? t('emptySearch') : t('empty')}
        list={list}
        grid={grid}
        columns={columns}
        onOpen={(row) => void navigate(paths.adminConsignor.href(row.id))}
        autoHeight
      />
      {creating && (
        <ConsignorDialog
          consignor={null}
          onClose={() => setCreating(false)}
          onSaved={(c) => void navigate(paths.adminConsignor.href(c.id))}
        />
      )}
    </AdminPage>
  );
}
