import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RealisedLot } from '@knotwork/shared/schemas/realised';
import { paths } from '@/config/paths.ts';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { RugPattern } from '@/components/ui/rug-pattern.tsx';
import { formatDate, formatEstimate, formatUsd } from '@/lib/format.ts';
import { Approx } from '@/components/currency/approx.tsx';
import { formatSize, useSizeUnit } from '@/lib/units.ts';
import { useTimeZone } from '@/lib/time-zone.ts';
import { vocabularyLabel } from '@/lib/vocabulary-label.ts';

/** One sold lot: the rug, where and when it sold, and its hammer price beside the estimate. */
export function RealisedLotCard({
  lot,
  headingComponent = 'h2',
  sizes = '(min-width: 1200px) 22vw, (min-width: 600px) 45vw, 92vw',
}: {
  lot: RealisedLot;
  headingComponent?: 'h2' | 'h3';
  sizes?: string;
}) {
  const { t } = useTranslation('realised');
  const { unit } = useSizeUnit();
  const timeZone = useTimeZone();
  const age = lot.circaYear
    ? t('circa', { year: lot.circaYear })
    : vocabularyLabel(t, 'ageClasses', lot.ageClass);
  return (
    <Box
      component="article"
      data-testid="realised-lot"
      sx={{ display: 'flex', flexDirection: 'column', gap: 3, height: '100%' }}
    >
      <Box
        component={RouterLink}
        to={paths.rug.href(lot.rugSlug)}
        tabIndex={-1}
        aria-hidden="true"
        sx={{ display: 'block', borderRadius: '10px', overflow: 'hidden', bgcolor: 'action.hover' }}
      >
        {lot.image ? (
          <ResponsiveImage image={lot.image} alt="" sizes={sizes} aspectRatio="4 / 3" fit="cover" />
        ) : (
          <Box sx={{ aspectRatio: '4 / 3', display: 'grid', placeItems: 'center' }}>
            <RugPattern seed={lot.rugSlug} style={{ height: '80%', width: 'auto' }} />
          </Box>
        )}
      </Box>
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
        {t('soldOn', { date: formatDate(lot.soldAt, timeZone) })} ·{' '}
        {t('lotNumber', { number: lot.lotNumber })}
      </Typography>
      <Typography
        variant="h6"
        component={headingComponent}
        sx={{ fontSize: '1.05rem', lineHeight: 1.35, mt: -2 }}
      >
        <Link component={RouterLink} to={paths.rug.href(lot.rugSlug)} color="inherit" underline="hover">
          {lot.title}
        </Link>
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {lot.originRegion}, {lot.originCountry} · {age} · {formatSize(lot.widthCm, lot.lengthCm, unit)}
      </Typography>
      <Box sx={{ mt: 'auto', display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap' }}>
        <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.15rem' }} data-testid="hammer-price">
          <Box
            component="span"
            sx={{ fontWeight: 500, fontSize: '0.8rem', color: 'text.secondary', mr: 1.5 }}
          >
            {t('hammer')}
          </Box>
          {formatUsd(lot.hammerPrice)}
        </Typography>
        <Approx cents={lot.hammerPrice} style={{ marginInlineStart: 0 }} />
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('estimate', { estimate: formatEstimate(lot.estimateLow, lot.estimateHigh) })}
        </Typography>
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary', mt: -2 }}>
        {lot.auctionTitle}
      </Typography>
    </Box>
  );
}

export function RealisedLotCardSkeleton() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 3', height: 'auto' }} />
      <Skeleton width="50%" />
      <Skeleton width="90%" />
      <Skeleton width="70%" />
      <Skeleton width="40%" height={32} />
    </Box>
  );
}
