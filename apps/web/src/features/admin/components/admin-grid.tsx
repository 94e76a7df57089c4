import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { layout } from '@knotwork/shared/constants/layout';
import { formatNumber } from '@/lib/format.ts';
import { currentLanguage } from '@/lib/i18n.ts';
import { gridLocaleText } from '../lib/grid-locale.ts';

type Props<R extends GridValidRowModel> = Omit<DataGridProps<R>, 'localeText'> & {
  label: string;
  emptyLabel: string;
  /** The server counted up to its cap only: the pagination says "1–25 of 10,000+". */
  totalCapped?: boolean;
};

/**
 * Every back-office list: MUI X DataGrid with the server doing paging, sorting and filtering, row height 50 and
 * header 54 (SPEC.md 9), in the page's language, dense and quiet like the rest of the product.
 */
export function AdminGrid<R extends GridValidRowModel>({
  label,
  emptyLabel,
  totalCapped,
  ...props
}: Props<R>) {
  const { t } = useTranslation('admin');
  const base = gridLocaleText(currentLanguage());
  return (
    <DataGrid<R>
      aria-label={label}
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
      }}
      {...props}
    />
  );
}
