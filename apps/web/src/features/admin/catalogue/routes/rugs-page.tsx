import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Add from '@mui/icons-material/Add';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { RUG_STATUSES, RUG_STYLES } from '@knotwork/shared/constants/catalogue';
import type { AdminRugRow, AdminRugSort } from '@knotwork/shared/schemas/catalogue-staff';
import { paths } from '@/config/paths.ts';
import { formatEstimate, formatUsd } from '@/lib/format.ts';
import { vocabularyLabel } from '@/lib/vocabulary-label.ts';
import { useAdminRugs } from '../api/rugs.ts';
import { AdminGrid } from '../../shell/admin-grid.tsx';
import { AdminPage } from '../../shell/admin-page.tsx';
import { RugBulkBar } from '../components/rug-bulk-bar.tsx';
import { useServerGrid } from '../../shell/server-grid.ts';
import { useCan } from '../../shell/use-can.ts';
import { useDebounced } from '../../shell/use-debounced.ts';

// Only green stands out: the theme's info and warning tones fall under 4.5:1 on white at chip size.
const STATUS_COLOURS = {
  draft: 'default',
  available: 'success',
  reserved: 'default',
  sold: 'default',
  withdrawn: 'default',
} as const;

const NOTHING_SELECTED: GridRowSelectionModel = { type: 'include', ids: new Set() };

/**
 * The whole catalogue, drafts included: search, status and style filters, server paging and sorting. Staff who
 * manage rugs select rows (across pages) and act on them at once (issue 24).
 */
export default function RugsPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { can } = useCan();
  const grid = useServerGrid<AdminRugSort>({ field: 'updatedAt', sort: 'desc' });
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [style, setStyle] = useState('');
  const q = useDebounced(search.trim(), 300);
  const manage = can('manage', 'rug');
  const [selection, setSelection] = useState<GridRowSelectionModel>(NOTHING_SELECTED);
  // The header checkbox's "select all" means this page's rows (type 'include'); an exclude model never arises here.
  const selected = selection.type === 'include' ? [...selection.ids].map(String) : [];
  const list = useAdminRugs({
    ...grid.query,
    q: q || undefined,
    status: (status || undefined) as never,
    style: (style || undefined) as never,
  });

  const columns = useMemo<GridColDef<AdminRugRow>[]>(
    () => [
      { field: 'title', headerName: t('rugs.columns.title'), flex: 2, minWidth: 200 },
      {
        field: 'originRegion',
        headerName: t('rugs.columns.region'),
        flex: 1,
        minWidth: 110,
        sortable: false,
      },
      {
        field: 'style',
        headerName: t('rugs.columns.style'),
        flex: 1,
        minWidth: 110,
        sortable: false,
        valueFormatter: (v: string) => vocabularyLabel(t, 'styles', v, v),
      },
      {
        field: 'status',
        headerName: t('rugs.columns.status'),
        width: 130,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={STATUS_COLOURS[row.status]}
            label={t(`rugs.status.${row.status}`)}
          />
        ),
      },
      {
        field: 'estimateLow',
        headerName: t('rugs.columns.estimate'),
        flex: 1,
        minWidth: 160,
        valueGetter: (_v, row) => formatEstimate(row.estimateLow, row.estimateHigh),
      },
      {
        field: 'fixedPrice',
        headerName: t('rugs.columns.fixedPrice'),
        width: 120,
        sortable: false,
        valueFormatter: (v: number | null) => (v === null ? '—' : formatUsd(v)),
      },
      {
        field: 'photoCount',
        headerName: t('rugs.columns.photos'),
        width: 90,
        sortable: false,
        type: 'number',
      },
      {
        field: 'updatedAt',
        headerName: t('rugs.columns.updated'),
        width: 170,
        valueFormatter: (v: string) => new Date(v).toLocaleString(),
      },
    ],
    [t],
  );

  return (
    <AdminPage
      title={t('rugs.title')}
      subject="rug"
      actions={
        manage && (
          <Button
            component={RouterLink}
            to={paths.adminRugNew.href()}
            variant="contained"
            startIcon={<Add />}
          >
            {t('rugs.new')}
          </Button>
        )
      }
    >
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label={t('rugs.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            grid.resetPage();
          }}
          sx={{ minWidth: 240, flex: { xs: 1, sm: 'none' } }}
        />
        <TextField
          select
          size="small"
          label={t('rugs.columns.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value);
            grid.resetPage();
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          {RUG_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`rugs.status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('rugs.columns.style')}
          value={style}
          onChange={(e) => {
            setStyle(e.target.value);
            grid.resetPage();
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('common.all')}</MenuItem>
          {RUG_STYLES.map((s) => (
            <MenuItem key={s} value={s}>
              {vocabularyLabel(t, 'styles', s, s)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {manage && <RugBulkBar selected={selected} onDone={() => setSelection(NOTHING_SELECTED)} />}
      <AdminGrid<AdminRugRow>
        label={t('rugs.title')}
        emptyLabel={t('rugs.empty')}
        list={list}
        grid={grid}
        columns={columns}
        sortable
        onOpen={(row) => void navigate(paths.adminRug.href(row.id))}
        {...(manage
          ? {
              // A click in the checkbox column selects; anywhere else on the row opens the rug.
              onRowClick: ({ row }: { row: AdminRugRow }, event: { target: EventTarget }) => {
                if ((event.target as HTMLElement).closest('[data-field="__check__"]')) return;
                void navigate(paths.adminRug.href(row.id));
              },
              checkboxSelection: true,
              keepNonExistentRowsSelected: true,
              rowSelectionModel: selection,
              onRowSelectionModelChange: setSelection,
            }
          : {})}
      />
    </AdminPage>
  );
}
