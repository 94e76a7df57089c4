import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { LazyTooltip } from '@/components/ui/lazy-tooltip.tsx';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import { useTranslation } from 'react-i18next';
import { countdownTone } from '@knotwork/shared/bidding/countdown';
import type { RugSummary } from '@knotwork/shared/schemas/catalogue';
import { paths } from '@/config/paths.ts';
import { formatSize, useSizeUnit } from '@/lib/units.ts';
import { radius } from '@/lib/theme.ts';
import { formatDayMonth, formatEstimate, formatTimeLeft, formatUsd } from '@/lib/format.ts';
import { useServerTime } from '@/lib/server-clock.ts';
import { Approx } from '@/components/currency/approx.tsx';
import { ResponsiveImage } from './responsive-image.tsx';
import { RugPattern } from './rug-pattern.tsx';

/**
 * Time left until `endsAt` on the server's clock (`offsetMs` = serverNow - Date.now() when the data arrived); red
 * when the shared countdown tone is urgent.
 */
function LotCountdown({ endsAt, offsetMs }: { endsAt: string; offsetMs: number }) {
  const { t } = useTranslation('catalogue');
  const left = Date.parse(endsAt) - useServerTime(offsetMs);
  const urgent = countdownTone(left) === 'urgent';
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{
        color: urgent ? 'error.main' : 'text.secondary',
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
      }}
    >
      {left > 0 ? t('card.timeLeft', { time: formatTimeLeft(left) }) : t('card.closing')}
    </Typography>
  );
}

/** The price line a card shows: what one would pay or bid now, or what the house expects. */
function PriceLine({ rug, offsetMs }: { rug: RugSummary; offsetMs: number }) {
  const { t } = useTranslation('catalogue');
  const lot = rug.lot;
  let label: string;
  let amount: string | null;
  // The same price in the visitor's currency (cents, and an estimate's high end).
  let approx: [number, number?] | null = null;
  let aside: ReactNode = null;

  if (rug.availability === 'open' && lot) {
    label = lot.currentBid !== null ? t('card.currentBid') : t('card.openingBid');
    amount = formatUsd(lot.currentBid ?? lot.openingBid);
    approx = [lot.currentBid ?? lot.openingBid];
    aside = <LotCountdown endsAt={lot.endsAt} offsetMs={offsetMs} />;
  } else if (rug.availability === 'buyNow') {
    label = t('card.buyNow');
    amount = formatUsd(rug.fixedPrice ?? lot?.buyNowPrice ?? rug.price);
    approx = [rug.fixedPrice ?? lot?.buyNowPrice ?? rug.price];
  } else if (rug.availability === 'sold') {
    label = lot?.hammerPrice ? t('card.soldFor') : t('card.sold');
    amount = lot?.hammerPrice ? formatUsd(lot.hammerPrice) : null;
    approx = lot?.hammerPrice ? [lot.hammerPrice] : null;
  } else {
    label = t('card.estimate');
    amount = formatEstimate(rug.estimateLow, rug.estimateHigh);
    approx = [rug.estimateLow, rug.estimateHigh];
    if (rug.availability === 'upcoming' && lot) {
      aside = (
        <Typography variant="body2" component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {t('card.opens', { date: formatDayMonth(lot.startsAt) })}
        </Typography>
      );
    }
  }

  return (
    <Box
      sx={{
        mt: 3,
        pt: 3,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        gap: 2,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', letterSpacing: '0.04em' }}>
          {label}
        </Typography>
        {amount && (
          <Typography
            component="p"
            sx={{ fontWeight: 600, fontSize: '1.02rem', fontVariantNumeric: 'tabular-nums' }}
          >
            {amount}
          </Typography>
        )}
        {approx && <Approx cents={approx[0]} high={approx[1]} block />}
      </Box>
      {aside}
    </Box>
  );
}

const BADGE_KEYS = {
  open: 'card.badge.open',
  upcoming: 'card.badge.upcoming',
  buyNow: 'card.badge.buyNow',
  sold: 'card.badge.sold',
} as const;

export interface RugCardProps {
  rug: RugSummary;
  /** serverNow - Date.now() measured when the data arrived (see features/catalogue/api/get-rugs.ts). */
  clockOffsetMs?: number;
  /** The `sizes` attribute for the picture: how wide the card renders at each breakpoint. */
  sizes?: string;
  /** Load the picture at once (the first row of a listing). */
  eager?: boolean;
  /** Where the card leads; the rug's detail page by default. */
  to?: string;
  /** The title's heading level: h2 in a list under the page's h1, h3 under a section heading. */
  headingComponent?: 'h2' | 'h3';
  /** The heart: omitted, no heart is shown. */
  liked?: boolean;
  onToggleLike?: () => void;
}

/**
 * A rug in a grid: the picture first, then where and when it was woven, its size in the visitor's unit and what
 * it costs now. The title is the card's one link (stretched over the whole card), so a screen reader hears the
 * rug's name, and the heart stays a separate button above it.
 */
export function RugCard({
  rug,
  clockOffsetMs = 0,
  sizes = '(min-width: 1200px) 22vw, (min-width: 900px) 30vw, (min-width: 600px) 45vw, 92vw',
  eager = false,
  to,
  headingComponent = 'h2',
  liked,
  onToggleLike,
}: RugCardProps) {
  const { t } = useTranslation('catalogue');
  const { unit } = useSizeUnit();
  const href = to ?? paths.rug.href(rug.slug);
  const badge = rug.availability === 'available' ? null : t(BADGE_KEYS[rug.availability]);
  // The short word ("Antique"), not the filter's definition ("Antique (100+ years)"): the year follows anyway.
  const ageWord = t(`card.age.${rug.ageClass}`);
  const age = rug.circaYear ? t('card.ageCirca', { age: ageWord, year: rug.circaYear }) : ageWord;

  return (
    <Box
      component="article"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderRadius: `${radius.card}px`,
        '&:hover .rug-card-image img': { transform: 'scale(1.035)' },
        '&:has(.rug-card-link:focus-visible)': {
          outline: (th) => `2px solid ${th.palette.accent.main}`,
          outlineOffset: 6,
        },
      }}
    >
      <Box
        className="rug-card-image"
        sx={{
          position: 'relative',
          borderRadius: `${radius.card}px`,
          overflow: 'hidden',
          bgcolor: 'background.subtle',
          '& img': { transition: 'transform 700ms cubic-bezier(.2,.7,.2,1)' },
          '@media (prefers-reduced-motion: reduce)': { '& img': { transition: 'none' } },
        }}
      >
        {rug.image ? (
          <ResponsiveImage
            image={rug.image}
            sizes={sizes}
            alt={rug.image.alt ?? rug.title}
            eager={eager}
            aspectRatio="4 / 5"
          />
        ) : (
          <Box
            role="img"
            aria-label={rug.title}
            sx={{ aspectRatio: '4 / 5', display: 'grid', placeItems: 'center', p: 6 }}
          >
            <RugPattern seed={rug.slug} orientation="portrait" sx={{ width: '78%', maxHeight: '100%' }} />
          </Box>
        )}
        {badge && (
          <Box
            component="span"
            sx={(th) => ({
              position: 'absolute',
              top: 12,
              insetInlineStart: 12,
              px: 2.5,
              py: 0.75,
              borderRadius: `${radius.pill}px`,
              fontSize: '0.7rem',
              fontWeight: 600,
              letterSpacing: '0.08em',
              textTransform: 'uppercase',
              bgcolor:
                rug.availability === 'open'
                  ? th.palette.text.primary
                  : alpha(th.palette.background.paper, 0.92),
              color: rug.availability === 'open' ? th.palette.background.paper : th.palette.text.primary,
              backdropFilter: 'blur(6px)',
            })}
          >
            {badge}
          </Box>
        )}
      </Box>

      {onToggleLike && (
        <LazyTooltip title={liked ? t('card.unlike') : t('card.like')}>
          <IconButton
            onClick={onToggleLike}
            aria-pressed={Boolean(liked)}
            aria-label={t('card.likeLabel', { title: rug.title })}
            sx={(th) => ({
              position: 'absolute',
              top: 8,
              insetInlineEnd: 8,
              zIndex: 2,
              bgcolor: alpha(th.palette.background.paper, 0.88),
              color: liked ? 'error.main' : 'text.primary',
              backdropFilter: 'blur(6px)',
              '&:hover': { bgcolor: th.palette.background.paper },
            })}
          >
            {liked ? <Favorite fontSize="small" /> : <FavoriteBorder fontSize="small" />}
          </IconButton>
        </LazyTooltip>
      )}

      <Box sx={{ pt: 4, display: 'flex', flexDirection: 'column', flex: 1 }}>
        <Typography variant="overline" component="p" sx={{ color: 'accent.dark', lineHeight: 1.5 }}>
          {[rug.originRegion, rug.originCountry].filter(Boolean).join(' · ')}
        </Typography>
        <Typography
          variant="h6"
          component={headingComponent}
          sx={{ fontWeight: 500, fontSize: '1.05rem', lineHeight: 1.35, mt: 1 }}
        >
          <Link
            component={RouterLink}
            to={href}
            className="rug-card-link"
            underline="none"
            sx={{
              color: 'inherit',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              outline: 'none',
              // The whole card is the click target; the heart sits above this layer.
              '&::after': {
                content: '""',
                position: 'absolute',
                inset: 0,
                zIndex: 1,
                borderRadius: `${radius.card}px`,
              },
            }}
          >
            {rug.title}
          </Link>
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
          {/* Feet and inches are read left to right in any language: 12'9" would otherwise turn into "9'12. */}
          <bdi dir="ltr">{formatSize(rug.widthCm, rug.lengthCm, unit)}</bdi>
          <Box component="span" aria-hidden sx={{ mx: 2, opacity: 0.5 }}>
            ·
          </Box>
          {age}
        </Typography>
        <Box sx={{ mt: 'auto' }}>
          <PriceLine rug={rug} offsetMs={clockOffsetMs} />
        </Box>
      </Box>
    </Box>
  );
}

/** The card's shape while the list loads. */
export function RugCardSkeleton() {
  return (
    <Box aria-hidden>
      <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 5', height: 'auto' }} />
      <Skeleton width="40%" sx={{ mt: 4 }} />
      <Skeleton width="85%" sx={{ fontSize: '1.1rem' }} />
      <Skeleton width="60%" />
      <Skeleton width="50%" sx={{ mt: 3, fontSize: '1.2rem' }} />
    </Box>
  );
}
