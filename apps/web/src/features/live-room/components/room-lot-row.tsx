import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { formatUsd } from '@/lib/format.ts';
import { paths } from '@/config/paths.ts';
import { radius } from '@/lib/theme.ts';
import type { RoomLot } from '../hooks/use-room-lots.ts';
import { formatTimeLeft } from '@/lib/format.ts';
import { countdownTone } from '@knotwork/shared/bidding/countdown';
import { lotPhase } from '@knotwork/shared/bidding/lot-phase';

/**
 * One lot of the room: picture, number and title, the price (flashing when a bid moves it), bids, time left
 * (amber under 10 minutes, red under 2) and a way into the lot. `featured` is the next to close, drawn larger.
 */
export function RoomLotRow({
  lot,
  nowMs,
  featured = false,
}: {
  lot: RoomLot;
  nowMs: number;
  featured?: boolean;
}) {
  const { t } = useTranslation('live');
  const state = lotPhase(lot, nowMs);
  const left = Date.parse(lot.endsAt) - nowMs;
  const tone = { urgent: 'error.main', soon: 'warning.dark', calm: 'text.secondary' }[countdownTone(left)];
  const price = lot.hammerPrice ?? lot.currentBid;
  const href =
    state === 'open' || state === 'upcoming'
      ? paths.rugLive.href(lot.rug.slug)
      : paths.rug.href(lot.rug.slug);
  return (
    <Box
      component="article"
      data-testid={featured ? 'room-next-lot' : 'room-lot'}
      data-lot-id={lot.id}
      data-state={state}
      sx={(th) => ({
        display: 'grid',
        gridTemplateColumns: featured
          ? { xs: '96px minmax(0, 1fr)', sm: '160px minmax(0, 1fr) auto' }
          : { xs: '64px minmax(0, 1fr)', sm: '72px minmax(0, 1fr) auto' },
        gap: { xs: 3, sm: 5 },
        alignItems: 'center',
        p: featured ? { xs: 4, md: 6 } : 3,
        borderRadius: `${radius.card}px`,
        bgcolor: 'background.paper',
        border: `1px solid ${featured ? th.palette.text.primary : th.palette.divider}`,
        opacity: state === 'sold' || state === 'unsold' || state === 'withdrawn' ? 0.7 : 1,
      })}
    >
      <Box
        sx={{
          borderRadius: `${radius.card / 2}px`,
          overflow: 'hidden',
          bgcolor: 'background.subtle',
          gridRow: { xs: 'span 2', sm: 'auto' },
        }}
      >
        {lot.rug.image ? (
          <ResponsiveImage
            image={lot.rug.image}
            sizes={featured ? '160px' : '72px'}
            alt={lot.rug.image.alt ?? lot.rug.title}
            aspectRatio="1 / 1"
          />
        ) : (
          <Box sx={{ aspectRatio: '1 / 1' }} />
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" component="p" sx={{ color: 'accent.dark', lineHeight: 1.6 }}>
          {featured ? t('nextToClose', { number: lot.lotNumber }) : t('lotNumber', { number: lot.lotNumber })}
        </Typography>
        <Typography
          component="h3"
          sx={{
            fontWeight: 500,
            fontSize: featured ? '1.25rem' : '1rem',
            lineHeight: 1.35,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: featured ? 'normal' : 'nowrap',
          }}
        >
          {lot.rug.title}
        </Typography>
        <Box sx={{ mt: 1, display: 'flex', gap: 4, flexWrap: 'wrap', alignItems: 'baseline' }}>
          <Typography
            key={lot.flash}
            component="span"
            data-testid="room-lot-price"
            data-flash={lot.flash > 0 ? 'true' : undefined}
            sx={{
              fontWeight: 600,
              fontSize: featured ? '1.5rem' : '1.05rem',
              fontVariantNumeric: 'tabular-nums',
              px: 1,
              mx: -1,
              borderRadius: 1,
              ...(lot.flash > 0 && {
                animation: 'kw-room-flash 1.6s ease-out',
                '@keyframes kw-room-flash': {
                  '0%': { backgroundColor: 'rgba(201, 162, 39, 0.45)' },
                  '100%': { backgroundColor: 'transparent' },
                },
                '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
              }),
            }}
          >
            {price !== null ? formatUsd(price) : t('opening', { amount: formatUsd(lot.openingBid) })}
          </Typography>
          <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
            {t('bidCount', { count: lot.bidCount })}
          </Typography>
          <Typography
            variant="body2"
            component="span"
            data-testid="room-lot-state"
            sx={{
              color: state === 'open' ? tone : 'text.secondary',
              fontWeight: state === 'open' ? 600 : 400,
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {state === 'open' ? t('left', { time: formatTimeLeft(left) }) : t(`state.${state}`)}
          </Typography>
        </Box>
      </Box>
      <Button
        component={RouterLink}
        to={href}
        variant={featured ? 'contained' : 'outlined'}
        color={featured ? 'primary' : 'inherit'}
        size="small"
        aria-label={t('openLotLabel', { number: lot.lotNumber, title: lot.rug.title })}
        sx={{ gridColumn: { xs: '2', sm: 'auto' }, justifySelf: 'start' }}
      >
        {state === 'open' ? t('bidNow') : t('view')}
      </Button>
    </Box>
  );
}
