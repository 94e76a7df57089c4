import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import type { Paged } from '../api/my-lists.ts';

type Empty = { icon: ReactNode; title: string; description: string; action?: ReactNode };

/**
 * What a My Items list shows instead of its items: skeletons while loading (a named status region), the error with
 * a retry, or the list's empty state. Null once there are items to show.
 */
function useListStates(query: UseQueryResult<unknown>, isEmpty: boolean, empty: Empty, rowHeight: number) {
  const { t } = useTranslation('my-items');
  if (query.isPending)
    return (
      <Box
        role="status"
        aria-busy="true"
        aria-label={t('loading')}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={rowHeight} />
        ))}
      </Box>
    );
  if (query.isError)
    return (
      <ErrorState
        message={t('error', { reason: errorMessage(query.error) })}
        retryLabel={t('retry')}
        onRetry={() => void query.refetch()}
      />
    );
  if (isEmpty)
    return (
      <EmptyState
        icon={empty.icon}
        title={empty.title}
        description={empty.description}
        action={empty.action}
      />
    );
  return null;
}

/** Loading, error, empty and paging around one My Items list; `children` renders the loaded page. */
export function ListFrame<T>({
  query,
  page,
  onPage,
  empty,
  children,
}: {
  query: UseQueryResult<Paged<T>>;
  page: number;
  onPage: (page: number) => void;
  empty: Empty;
  children: (data: Paged<T>) => ReactNode;
}) {
  const state = useListStates(query, query.data?.data.length === 0, empty, 96);
  if (state || !query.data) return state;
  return (
    <>
      {children(query.data)}
      {query.data.meta.totalPages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 6 }}>
          <Pagination count={query.data.meta.totalPages} page={page} onChange={(_, p) => onPage(p)} />
        </Box>
      )}
    </>
  );
}

/** Loading, error and empty around a My Items list that comes whole (no pages); `children` renders the items. */
export function PlainListFrame<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: Empty;
  children: (items: T[]) => ReactNode;
}) {
  const state = useListStates(query, query.data?.length === 0, empty, 88);
  if (state || !query.data) return state;
  return <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>{children(query.data)}</Box>;
}
