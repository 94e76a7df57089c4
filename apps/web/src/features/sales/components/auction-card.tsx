import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Auction } from '@knotwork/shared/schemas/sales';
import { paths } from '@/config/paths.ts';
import { radius } from '@/lib/theme.ts';
import { auctionPhase } from '../lib/auction-phase.ts';
import { formatDateTime } from '@/lib/format.ts';
import { useServerNowValue } from '@/lib/server-clock.ts';
import { useTimeZone } from '@/lib/time-zone.ts';
import { BidLiveLink } from '@/components/ui/bid-live-link.tsx';
import { PhaseChip } from './phase-chip.tsx';
import { SaleCover } from './sale-cover.tsx';

/** One sale in the calendar: cover, status and type, title, its dates in the visitor's zone, and how many lots. */
export function AuctionCard({
  auction,
  receivedAt,
  eager = false,
}: {
  auction: Auction;
  receivedAt: number;
  eager?: boolean;
}) {
  const { t } = useTranslation('sales');
  const timeZone = useTimeZone();
  // Re-rendered when the sale's phase changes, not at every tick of the clock.
  const phase = useServerNowValue(auction.serverNow, receivedAt, (now) => auctionPhase(auction, now));
  return (
    <Box
      component="article"
      data-testid="auction-card"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        '&:hover img': { transform: 'scale(1.03)' },
        '&:has(a:focus-visible)': {
          outline: (th) => `2px solid ${th.palette.accent.main}`,
          outlineOffset: 6,
          borderRadius: `${radius.card}px`,
        },
      }}
    >
      <Box
        sx={{
          position: 'relative',
          borderRadius: `${radius.card}px`,
          overflow: 'hidden',
          '& img': { transition: 'transform 700ms cubic-bezier(.2,.7,.2,1)' },
        }}
      >
        <SaleCover
          image={auction.coverImage}
          seed={auction.slug}
          sizes="(min-width: 1200px) 30vw, (min-width: 600px) 46vw, 92vw"
          eager={eager}
        />
        <Box sx={{ position: 'absolute', top: 12, insetInlineStart: 12, display: 'flex', gap: 2 }}>
          <PhaseChip phase={phase} overImage />
        </Box>
      </Box>
      <Box sx={{ pt: 5, display: 'flex', flexDirection: 'column', flex: 1 }}>
        <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
          {t(`type.${auction.type}`)} · {t('lotCount', { count: auction.lotCount })}
        </Typography>
        <Typography variant="h5" component="h2" sx={{ mt: 1, fontWeight: 400 }}>
          <Link
            component={RouterLink}
            to={paths.upcomingAuction.href(auction.slug)}
            underline="none"
            sx={{
              color: 'inherit',
              outline: 'none',
              '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 },
            }}
          >
            {auction.title}
          </Link>
        </Typography>
        <Box
          component="dl"
          sx={{
            m: 0,
            mt: 4,
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 4,
            rowGap: 1,
            fontSize: '0.9rem',
          }}
        >
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {phase === 'upcoming' ? t('dates.opens') : t('dates.opened')}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {formatDateTime(auction.startsAt, timeZone)}
          </Typography>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {phase === 'ended' ? t('dates.ended') : t('dates.closes')}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {formatDateTime(phase === 'ended' ? auction.lastLotEndsAt : auction.endsAt, timeZone)}
          </Typography>
        </Box>
        {auction.type === 'live' && phase === 'open' && (
          <Box sx={{ mt: 4 }}>
            <BidLiveLink saleId={auction.id} size="small" context={auction.title} />
          </Box>
        )}
      </Box>
    </Box>
  );
}

export function AuctionCardSkeleton() {
  return (
    <Box aria-hidden>
      <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 10', height: 'auto' }} />
      <Skeleton width="40%" sx={{ mt: 5 }} />
      <Skeleton width="80%" sx={{ fontSize: '1.4rem' }} />
      <Skeleton width="70%" sx={{ mt: 3 }} />
      <Skeleton width="65%" />
    </Box>
  );
}
