import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import { useTranslation } from 'react-i18next';
import type { MyBid } from '@knotwork/shared/schemas/bidding';
import { formatUsd } from '@/lib/format.ts';
import { Approx } from '@/components/currency/approx.tsx';
import { paths } from '@/config/paths.ts';
import { BidLiveLink } from '@/components/ui/bid-live-link.tsx';
import { useMyList } from '../api/my-lists.ts';
import { ItemRow } from './item-row.tsx';
import { ListFrame } from './list-frame.tsx';
import { BiddingLimitNote } from './bidding-limit-note.tsx';
import { MyRegistrations } from '@/features/registrations/components/my-registrations.tsx';

const STATE_COLOR = { leading: 'success', outbid: 'warning', won: 'success', lost: 'default' } as const;

/** The lot page with the bid form prefilled: `?bid=` whole dollars (features/bidding reads it). */
const rebidHref = (bid: MyBid) =>
  `${paths.rugLive.href(bid.lot.rug.slug)}?bid=${Math.ceil(bid.lot.nextMinimumBid / 100)}`;

/** My bids: leading or outbid while open (outbid ones one click from bidding again), then how closed ones ended. */
export function BiddingTab() {
  const { t } = useTranslation('my-items');
  const [page, setPage] = useState(1);
  const query = useMyList('bids', page);
  return (
    <>
      <MyRegistrations />
      <BiddingLimitNote />
      <ListFrame
        query={query}
        page={page}
        onPage={setPage}
        empty={{
          icon: <GavelOutlined />,
          title: t('bidding.emptyTitle'),
          description: t('bidding.emptyBody'),
          action: (
            <Button component={RouterLink} to={paths.lots.href()} variant="contained">
              {t('bidding.browse')}
            </Button>
          ),
        }}
      >
        {({ data }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            {data.map((bid) => (
              <ItemRow
                key={bid.lot.id}
                testId="my-bid"
                state={bid.state}
                image={bid.lot.rug.image}
                title={bid.lot.rug.title}
                href={
                  bid.lot.status === 'open'
                    ? paths.rugLive.href(bid.lot.rug.slug)
                    : paths.rug.href(bid.lot.rug.slug)
                }
                overline={`${t('lotNumber', { number: bid.lot.lotNumber })} · ${bid.lot.auctionTitle}`}
                details={
                  <>
                    <Chip
                      size="small"
                      color={STATE_COLOR[bid.state]}
                      label={t(`bidding.state.${bid.state}`)}
                      data-testid="my-bid-state"
                    />
                    <span>
                      {t('bidding.currentBid', {
                        amount: bid.currentBid !== null ? formatUsd(bid.currentBid) : '—',
                      })}
                      <Approx cents={bid.currentBid} />
                    </span>
                    <span>{t('bidding.yourMax', { amount: formatUsd(bid.myMaxBid) })}</span>
                  </>
                }
                actions={
                  // A live sale's lot is bid on in the room while the sale runs (issue 24 section 4).
                  bid.lot.auctionType === 'live' && bid.lot.status === 'open' ? (
                    <BidLiveLink saleId={bid.lot.auctionId} size="small" />
                  ) : bid.state === 'outbid' ? (
                    <Button
                      component={RouterLink}
                      to={rebidHref(bid)}
                      variant="contained"
                      size="small"
                      data-testid="rebid"
                    >
                      {t('bidding.rebid', { amount: formatUsd(bid.lot.nextMinimumBid) })}
                    </Button>
                  ) : bid.state === 'leading' ? (
                    <Button
                      component={RouterLink}
                      to={paths.rugLive.href(bid.lot.rug.slug)}
                      variant="outlined"
                      color="inherit"
                      size="small"
                    >
                      {t('bidding.view')}
                    </Button>
                  ) : undefined
                }
              />
            ))}
          </Box>
        )}
      </ListFrame>
    </>
  );
}
