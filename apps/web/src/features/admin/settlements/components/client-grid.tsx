import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { layout } from '@knotwork/shared/constants/layout';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { currentLanguage } from '@/lib/i18n.ts';
import { gridLocaleText } from '../../shell/grid-locale.ts';

type Props<R extends GridValidRowModel> = Omit<DataGridProps<R>, 'localeText' | 'rows' | 'loading'> & {
  label: string;
  emptyLabel: string;
  rows: R[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
};

/**
 * A list the server answers whole (settlements, payables): the back office's grid look, paged and selected in the
 * browser, with its loading, empty and error states. The grid scrolls inside itself on a phone, never the page.
 */
export function ClientGrid<R extends GridValidRowModel>({
  label,
  emptyLabel,
  rows,
  loading,
  error,
  onRetry,
  ...props
}: Props<R>) {
  const { t } = useTranslation('admin');
  if (error)
    return <ErrorState message={t('common.loadFailed')} retryLabel={t('common.retry')} onRetry={onRetry} />;
  return (
    <DataGrid<R>
      aria-label={label}
      rows={rows ?? []}
      loading={loading}
      rowHeight={layout.dataGridRowHeight}
      columnHeaderHeight={layout.dataGridHeaderHeight}
      disableColumnFilter
      disableRowSelectionOnClick
      autoHeight
      initialState={{ pagination: { paginationModel: { pageSize: 50, page: 0 } } }}
      pageSizeOptions={[25, 50, 100]}
      localeText={{ ...gridLocaleText(currentLanguage()), noRowsLabel: emptyLabel }}
      sx={{
        bgcolor: 'background.paper',
        borderColor: 'divider',
        borderRadius: '12px',
        minWidth: 0,
        '& .MuiDataGrid-columnHeaders': { bgcolor: 'background.subtle' },
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: 'none' },
        '& .MuiDataGrid-cell:focus-visible': { outline: 2, outlineColor: 'accent.main', outlineOffset: -2 },
      }}
      {...props}
    />
  );
}
