import { useState } from 'react';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';

/**
 * The state of a grid whose paging and sorting the server does: the page model (0-based in the grid, 1-based in
 * the API) and one sort column. Filters live with each page; changing one goes back to the first page.
 */
export function useServerGrid<S extends string>(
  defaultSort: { field: S; sort: 'asc' | 'desc' },
  pageSize = 25,
) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize });
  const [sortModel, setSortModel] = useState<GridSortModel>([defaultSort]);
  const sort = (sortModel[0]?.field ?? defaultSort.field) as S;
  const order = sortModel[0]?.sort ?? defaultSort.sort;
  return {
    pagination,
    setPagination,
    sortModel,
    setSortModel: (model: GridSortModel) => {
      setSortModel(model.length ? model : [defaultSort]);
      setPagination((p) => ({ ...p, page: 0 }));
    },
    resetPage: () => setPagination((p) => ({ ...p, page: 0 })),
    query: { page: pagination.page + 1, pageSize: pagination.pageSize, sort, order },
  };
}
