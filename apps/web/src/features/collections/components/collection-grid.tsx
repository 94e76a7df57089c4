import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useCollections } from '../api/get-collections.ts';
import { CollectionCard, CollectionCardSkeleton } from './collection-card.tsx';

/**
 * The collection cards with their loading, empty and error states; `limit` trims it for the landing page, and `ids`
 * (the home page's featured collections, chosen by staff) picks and orders them when not empty.
 */
export function CollectionGrid({
  limit,
  ids,
  eagerCount = 3,
}: {
  limit?: number;
  ids?: readonly string[];
  /** Pictures loaded at once with high priority (the first row); 0 below another page's main content. */
  eagerCount?: number;
}) {
  const { t } = useTranslation();
  const { data, isPending, isError, error, refetch } = useCollections();

  const grid = {
    display: 'grid',
    gap: { xs: 8, md: 10 },
    gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
  } as const;

  if (isPending) {
    return (
      <Box sx={grid} role="status" aria-busy="true" aria-label={t('collections.loading')}>
        {Array.from({ length: limit ?? 6 }, (_, i) => (
          <CollectionCardSkeleton key={i} />
        ))}
      </Box>
    );
  }
  if (isError) {
    return (
      <ErrorState
        message={t('collections.error', { reason: errorMessage(error) })}
        retryLabel={t('actions.retry')}
        onRetry={() => void refetch()}
      />
    );
  }
  if (data.length === 0) {
    return (
      <EmptyState
        icon={<CollectionsOutlined />}
        title={t('collections.emptyTitle')}
        description={t('collections.emptyBody')}
        action={
          <Button component={RouterLink} to={paths.upcomingAuctions.href()} variant="outlined">
            {t('actions.viewUpcomingAuctions')}
          </Button>
        }
      />
    );
  }
  const chosen = ids?.length ? ids.flatMap((id) => data.filter((c) => c.id === id)) : null;
  const shown = chosen?.length ? chosen : limit ? data.slice(0, limit) : data;
  return (
    <Box
      component="ul"
      sx={{ ...grid, listStyle: 'none', p: 0, m: 0 }}
      aria-label={t('collections.listLabel')}
    >
      {shown.map((c, i) => (
        <Box component="li" key={c.id}>
          <CollectionCard collection={c} eager={i < eagerCount} />
        </Box>
      ))}
    </Box>
  );
}
