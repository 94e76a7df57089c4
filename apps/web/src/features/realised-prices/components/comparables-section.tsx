import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { SectionHeading } from '@/components/ui/section-heading.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { useComparables } from '../api/get-comparables.ts';
import { RealisedLotCard, RealisedLotCardSkeleton } from './realised-lot-card.tsx';

const gridSx = {
  listStyle: 'none',
  p: 0,
  m: 0,
  display: 'grid',
  gap: { xs: 8, md: 10 },
  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
} as const;

/**
 * On the rug page: up to six sold rugs like this one (same weaving centre or style, similar size and age, last five
 * years) with their hammer prices and dates, and the way to every realised price of its origin.
 */
export function ComparablesSection({ rugId, origin }: { rugId: string; origin: string }) {
  const { t } = useTranslation('realised');
  const { data, isPending, isError, error, refetch } = useComparables(rugId);
  const more = (
    <Button
      component={RouterLink}
      to={paths.realisedPrices.href({ origin })}
      variant="outlined"
      color="inherit"
      sx={{ mt: 8 }}
    >
      {t('comparables.all', { origin })}
    </Button>
  );

  let body;
  if (isPending)
    body = (
      <Box sx={gridSx} role="status" aria-busy="true" aria-label={t('comparables.loading')}>
        {Array.from({ length: 3 }, (_, i) => (
          <RealisedLotCardSkeleton key={i} />
        ))}
      </Box>
    );
  else if (isError)
    body = (
      <ErrorState
        message={t('comparables.error', { reason: errorMessage(error) })}
        retryLabel={t('retry')}
        onRetry={() => void refetch()}
      />
    );
  else if (data.length === 0)
    body = <Typography sx={{ color: 'text.secondary' }}>{t('comparables.empty')}</Typography>;
  else
    body = (
      <Box component="ul" sx={gridSx}>
        {data.map((lot) => (
          <Box component="li" key={lot.lotId}>
            <RealisedLotCard lot={lot} headingComponent="h3" sizes="(min-width: 900px) 28vw, 46vw" />
          </Box>
        ))}
      </Box>
    );

  return (
    <Box component="section" aria-labelledby="comparables-title" data-testid="comparables">
      <SectionHeading
        overline={t('comparables.overline')}
        title={t('comparables.title')}
        description={t('comparables.intro')}
        id="comparables-title"
      />
      {body}
      {more}
    </Box>
  );
}
