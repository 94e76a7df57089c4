import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { SectionHeading } from '@/components/ui/section-heading.tsx';
import { useReoffers } from '../api/reoffers.ts';
import { ReofferCard } from './reoffer-card.tsx';

/**
 * Proposals to offer unsold rugs again (issue 27 §2, decision 089), pending first: nothing is shown until the house
 * makes one, as the sale results.
 */
export function ReoffersSection() {
  const { t } = useTranslation('consignor-portal');
  const reoffers = useReoffers();
  if (reoffers.isSuccess && reoffers.data.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="reoffers-heading" sx={{ mb: { xs: 10, md: 14 } }}>
      <SectionHeading id="reoffers-heading" title={t('reoffer.title')} />
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 4 }}>
        {t('reoffer.intro')}
      </Typography>
      {reoffers.isError ? (
        <ErrorState
          message={t('reoffer.loadError')}
          retryLabel={t('retry')}
          onRetry={() => void reoffers.refetch()}
        />
      ) : reoffers.isPending ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <Stack spacing={{ xs: 4, md: 6 }}>
          {reoffers.data.map((r) => (
            <ReofferCard key={r.id} reoffer={r} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
