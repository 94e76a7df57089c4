import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { useTranslation } from 'react-i18next';
import { layout } from '@knotwork/shared/constants/layout';
import { formatNumber } from '@/lib/format.ts';
import { currentLanguage } from '@/lib/i18n.ts';
import { gridLocaleText } from './grid-locale.ts';
import type { useServerGrid } from './server-grid.ts';

/** A page of a staff list as its query hook returns it. */
export interface AdminListQuery<R> {
  data?: { data: R[]; meta: { total: number; capped?: boolean } };
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

type Props<R extends GridValidRowModel> = Omit<
  DataGridProps<R>,
  'localeText' | 'rows' | 'rowCount' | 'loading'
> & {
  label: string;
  emptyLabel: string;
  /** The list's query: its rows, total (capped or exact), loading and error come from it. */
  list: AdminListQuery<R>;
  /** The server-side paging (and sorting, when `sortable`) state of useServerGrid. */
  grid: ReturnType<typeof useServerGrid>;
  sortable?: boolean;
  /** Opens a row's own page: the whole row is the link. */
  onOpen?: (row: R) => void;
};

/**
 * Every back-office list: MUI X DataGrid with the server doing paging, sorting and filtering, row height 50 and
 * header 54 (SPEC.md 9), in the page's language, dense and quiet like the rest of the product.
 */
export function AdminGrid<R extends GridValidRowModel>({
  label,
  emptyLabel,
  list,
  grid,
  sortable = false,
  onOpen,
  ...props
}: Props<R>) {
  const { t } = useTranslation('admin');
  const base = gridLocaleText(currentLanguage());
  if (list.isError) {
    return (
      <ErrorState
        message={t('common.loadFailed')}
        retryLabel={t('common.retry')}
        onRetry={() => void list.refetch()}
      />
    );
  }
  const totalCapped = list.data?.meta.capped;
  return (
    <DataGrid<R>
      aria-label={label}
      rows={list.data?.data ?? []}
      rowCount={list.data?.meta.total ?? 0}
      loading={list.isFetching}
      paginationModel={grid.pagination}
      onPaginationModelChange={grid.setPagination}
      {...(sortable ? { sortModel: grid.sortModel, onSortModelChange: grid.setSortModel } : {})}
      {...(onOpen ? { onRowClick: ({ row }: { row: R }) => onOpen(row) } : {})}
      rowHeight={layout.dataGridRowHeight}
      columnHeaderHeight={layout.dataGridHeaderHeight}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      disableRowSelectionOnClick
      pageSizeOptions={[25, 50, 100]}
      localeText={{
        ...base,
        noRowsLabel: emptyLabel,
        ...(totalCapped
          ? {
              paginationDisplayedRows: ({ from, to, count }: { from: number; to: number; count: number }) =>
                t('common.rowsOfMore', { from, to, count: formatNumber(count) }),
            }
          : {}),
      }}
      sx={{
        bgcolor: 'background.paper',
        borderColor: 'divider',
        borderRadius: '12px',
        '& .MuiDataGrid-columnHeaders': { bgcolor: 'background.subtle' },
        '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
        '& .MuiDataGrid-cell:focus, & .MuiDataGrid-columnHeader:focus': { outline: 'none' },
        '& .MuiDataGrid-cell:focus-visible': { outline: 2, outlineColor: 'accent.main', outlineOffset: -2 },
        ...(onOpen ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}),
      }}
      {...props}
    />
  );
}
