import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { layout } from '@knotwork/shared/constants/layout';
import type { ImportPreview, ImportPreviewRow } from '@knotwork/shared/schemas/import-staff';
import { currentLanguage } from '@/lib/i18n.ts';
import { gridLocaleText } from '../../shell/grid-locale.ts';
import { importMessage } from '../lib/import-message.ts';

const STATUS_COLOURS = { new: 'success', existing: 'default', error: 'error' } as const;

/** The preview: one grid row per CSV row, rows in error tinted and their errors spelled out by column. */
export function PreviewGrid({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation('admin-import');
  const [onlyErrors, setOnlyErrors] = useState(preview.summary.inError > 0);
  const name = preview.kind === 'rugs' ? 'title' : 'rug';
  const columns = useMemo<GridColDef<ImportPreviewRow>[]>(
    () => [
      { field: 'line', headerName: t('grid.line'), width: 80, type: 'number' },
      {
        field: 'status',
        headerName: t('grid.status'),
        width: 130,
        renderCell: ({ row }) => (
          <Chip size="small" color={STATUS_COLOURS[row.status]} label={t(`status.${row.status}`)} />
        ),
      },
      {
        field: 'errors',
        headerName: t('grid.errors'),
        flex: 2,
        minWidth: 240,
        sortable: false,
        valueGetter: (_v, row) =>
          row.errors.map((e) => `${e.field}: ${importMessage(e.message)}`).join(' \u00b7 '),
      },
      {
        field: 'name',
        headerName: t(`grid.${name}`),
        flex: 1,
        minWidth: 160,
        valueGetter: (_v, row) => row.cells[name] ?? '',
      },
    ],
    [t, name],
  );
  const rows = onlyErrors ? preview.rows.filter((r) => r.status === 'error') : preview.rows;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FormControlLabel
        control={<Switch checked={onlyErrors} onChange={(e) => setOnlyErrors(e.target.checked)} />}
        label={t('grid.onlyErrors')}
      />
      <DataGrid<ImportPreviewRow>
        aria-label={t('grid.label')}
        rows={rows}
        getRowId={(r) => r.line}
        columns={columns}
        rowHeight={layout.dataGridRowHeight}
        columnHeaderHeight={layout.dataGridHeaderHeight}
        initialState={{ pagination: { paginationModel: { pageSize: 25, page: 0 } } }}
        pageSizeOptions={[25, 50, 100]}
        disableRowSelectionOnClick
        disableColumnFilter
        getRowClassName={({ row }) => (row.status === 'error' ? 'row-error' : '')}
        localeText={{ ...gridLocaleText(currentLanguage()), noRowsLabel: t('grid.empty') }}
        sx={{
          bgcolor: 'background.paper',
          borderColor: 'divider',
          borderRadius: '12px',
          '& .MuiDataGrid-columnHeaders': { bgcolor: 'background.subtle' },
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
          '& .row-error': { bgcolor: 'rgba(211, 47, 47, 0.06)' },
          '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: 'none' },
        }}
      />
    </Box>
  );
}
