import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { lotPhase } from '@knotwork/shared/bidding/lot-phase';
import type { LotWithRug } from '@knotwork/shared/schemas/sales';
import { paths } from '@/config/paths.ts';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { RugPattern } from '@/components/ui/rug-pattern.tsx';
import { radius } from '@/lib/theme.ts';
import { formatEstimate, formatUsd } from '@/lib/format.ts';
import { Approx } from '@/components/currency/approx.tsx';
import { useServerNow } from '@/lib/server-clock.ts';
import { Countdown } from './countdown.tsx';

/** The lot's state line: time left while open, when it opens, or how it ended. */
function LotState({ lot, receivedAt }: { lot: LotWithRug; receivedAt: number }) {
  const { t } = useTranslation('sales');
  const now = useServerNow(lot.serverNow, receivedAt);
  const quiet = { color: 'text.secondary', whiteSpace: 'nowrap' } as const;
  const phase = lotPhase(lot, now);
  if (phase === 'withdrawn')
    return (
      <Typography variant="body2" component="span" sx={quiet}>
        {t('lot.withdrawn')}
      </Typography>
    );
  if (phase === 'sold' || phase === 'unsold' || phase === 'closing') {
    if (phase === 'sold')
      return (
        <Typography variant="body2" component="span" sx={quiet}>
          {t('lot.sold')}
        </Typography>
      );
    if (phase === 'unsold')
      return (
        <Typography variant="body2" component="span" sx={quiet}>
          {t('lot.unsold')}
        </Typography>
      );
    return (
      <Typography variant="body2" component="span" sx={quiet}>
        {t('lot.closing')}
      </Typography>
    );
  }
  if (phase === 'upcoming')
    return (
      <Typography variant="body2" component="span" sx={quiet}>
        {t('lot.upcoming')}
      </Typography>
    );
  return <Countdown endsAt={lot.endsAt} serverNow={lot.serverNow} receivedAt={receivedAt} />;
}

/**
 * A lot in a sale's grid or the open-lots list: lot number over the picture, the rug's title, the estimate, the
 * price now (current or opening bid, or the hammer price) and the time left. Open lots lead to the live view.
 */
export function LotCard({
  lot,
  receivedAt,
  eager = false,
  showSale = false,
}: {
  lot: LotWithRug;
  receivedAt: number;
  eager?: boolean;
  showSale?: boolean;
}) {
  const { t } = useTranslation('sales');
  const { rug } = lot;
  const href = lot.status === 'open' ? paths.rugLive.href(rug.slug) : paths.rug.href(rug.slug);
  const sold = lot.status === 'closed' && lot.outcome === 'sold' && lot.hammerPrice !== null;
  const hasBids = lot.currentBid !== null && lot.bidCount > 0;
  const priceLabel = sold
    ? t('lot.hammer')
    : hasBids
      ? t('lot.currentBid', { count: lot.bidCount })
      : t('lot.openingBid');
  const price = sold ? lot.hammerPrice! : hasBids ? lot.currentBid! : lot.openingBid;

  return (
    <Box
      component="article"
      data-testid="lot-card"
      data-lot-number={lot.lotNumber}
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        '&:hover img': { transform: 'scale(1.035)' },
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
          bgcolor: 'background.subtle',
          '& img': { transition: 'transform 700ms cubic-bezier(.2,.7,.2,1)' },
        }}
      >
        {rug.image ? (
          <ResponsiveImage
            image={rug.image}
            sizes="(min-width: 1200px) 22vw, (min-width: 900px) 30vw, 46vw"
            alt=""
            eager={eager}
            aspectRatio="4 / 5"
          />
        ) : (
          <Box aria-hidden sx={{ aspectRatio: '4 / 5', display: 'grid', placeItems: 'center', p: 6 }}>
            <RugPattern seed={rug.slug} orientation="portrait" sx={{ width: '78%', maxHeight: '100%' }} />
          </Box>
        )}
        <Box
          component="span"
          sx={{
            position: 'absolute',
            top: 12,
            insetInlineStart: 12,
            px: 2.5,
            py: 0.75,
            borderRadius: `${radius.pill}px`,
            // A label of the page's own surface over the picture, light or dark with the mode.
            bgcolor: (th) => alpha(th.palette.background.paper, 0.92),
            color: 'text.primary',
            fontSize: '0.72rem',
            fontWeight: 600,
            letterSpacing: '0.08em',
            textTransform: 'uppercase',
          }}
        >
          {t('lot.number', { number: lot.lotNumber })}
        </Box>
      </Box>
      <Box sx={{ pt: 4, display: 'flex', flexDirection: 'column', flex: 1 }}>
        {showSale && (
          <Typography variant="overline" component="p" sx={{ color: 'accent.dark', lineHeight: 1.5 }} noWrap>
            {lot.auctionTitle}
          </Typography>
        )}
        <Typography
          variant="h6"
          component="h3"
          sx={{ fontWeight: 500, fontSize: '1.02rem', lineHeight: 1.35, mt: showSale ? 1 : 0 }}
        >
          <Link
            component={RouterLink}
            to={href}
            underline="none"
            aria-label={t('lot.linkLabel', { number: lot.lotNumber, title: rug.title })}
            sx={{
              color: 'inherit',
              outline: 'none',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 1 },
            }}
          >
            {rug.title}
          </Link>
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {t('lot.estimate', { range: formatEstimate(lot.estimateLow, lot.estimateHigh) })}
        </Typography>
        <Box sx={{ mt: 'auto', pt: 3 }}>
          <Box
            sx={{
              pt: 3,
              borderTop: 1,
              borderColor: 'divider',
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'flex-end',
              justifyContent: 'space-between',
              columnGap: 2,
              rowGap: 1,
            }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography
                variant="caption"
                component="p"
                sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}
              >
                {priceLabel}
              </Typography>
              <Typography component="p" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {formatUsd(price)}
              </Typography>
              <Approx cents={price} block />
            </Box>
            <LotState lot={lot} receivedAt={receivedAt} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

export function LotCardSkeleton() {
  return (
    <Box aria-hidden>
      <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 5', height: 'auto' }} />
      <Skeleton width="85%" sx={{ mt: 4, fontSize: '1.1rem' }} />
      <Skeleton width="60%" />
      <Skeleton width="50%" sx={{ mt: 3, fontSize: '1.2rem' }} />
    </Box>
  );
}
