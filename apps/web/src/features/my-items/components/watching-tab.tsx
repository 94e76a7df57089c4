import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import { useTranslation } from 'react-i18next';
import { RugCard } from '@/components/ui/rug-card.tsx';
import { paths } from '@/config/paths.ts';
import { BidLiveLink } from '@/components/ui/bid-live-link.tsx';
import { useToggleRugLike } from '@/lib/rug-like.ts';
import { notify } from '@/lib/toast.ts';
import { useMyList } from '../api/my-lists.ts';
import { ListFrame } from './list-frame.tsx';

/** Liked rugs: the watchlist (told when a watched lot opens and 15 minutes before it ends). */
export function WatchingTab() {
  const { t } = useTranslation('my-items');
  const [page, setPage] = useState(1);
  const query = useMyList('liked', page);
  const toggle = useToggleRugLike();
  const unlike = (rugId: string) =>
    toggle.mutate(
      { rugId, liked: true },
      { onSuccess: (res) => notify.success(res.message), onError: (error) => notify.fromError(error) },
    );
  return (
    <ListFrame
      query={query}
      page={page}
      onPage={setPage}
      empty={{
        icon: <FavoriteBorderOutlined />,
        title: t('watching.emptyTitle'),
        description: t('watching.emptyBody'),
        action: (
          <Button component={RouterLink} to={paths.rugListing.href()} variant="contained">
            {t('watching.browse')}
          </Button>
        ),
      }}
    >
      {({ data, receivedAt }) => (
        <Box
          data-testid="watching-grid"
          sx={{
            display: 'grid',
            gap: 6,
            gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
          }}
        >
          {data.map((rug) => (
            <Box key={rug.id} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
              <RugCard
                rug={rug}
                headingComponent="h3"
                clockOffsetMs={rug.lot ? Date.parse(rug.lot.serverNow) - receivedAt : 0}
                to={rug.availability === 'open' ? paths.rugLive.href(rug.slug) : paths.rug.href(rug.slug)}
                liked
                onToggleLike={() => unlike(rug.id)}
              />
              {rug.lot?.auctionType === 'live' && rug.lot.status === 'open' && (
                <BidLiveLink saleId={rug.lot.auctionId} size="small" context={rug.title} />
              )}
            </Box>
          ))}
        </Box>
      )}
    </ListFrame>
  );
}
