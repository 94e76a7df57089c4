import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/ui/page-container.tsx';

/** The page's shape while the rug loads: picture on one side, title and panel on the other. */
export function RugDetailSkeleton() {
  const { t } = useTranslation('rug');
  return (
    <PageContainer sx={{ py: { xs: 6, md: 10 } }} role="status" aria-busy="true" aria-label={t('loading')}>
      <Skeleton width={260} />
      <Box
        sx={{
          mt: 6,
          display: 'grid',
          gap: { xs: 8, md: 12 },
          gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' },
        }}
      >
        <Box>
          <Skeleton variant="rounded" sx={{ aspectRatio: '4 / 5', height: 'auto' }} />
          <Box sx={{ display: 'flex', gap: 3, mt: 4 }}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="rounded" width={72} height={72} />
            ))}
          </Box>
        </Box>
        <Box>
          <Skeleton width="30%" />
          <Skeleton width="90%" sx={{ fontSize: '2.4rem' }} />
          <Skeleton width="70%" sx={{ fontSize: '2.4rem' }} />
          <Skeleton width="50%" sx={{ mt: 3 }} />
          <Skeleton variant="rounded" height={320} sx={{ mt: 8 }} />
        </Box>
      </Box>
    </PageContainer>
  );
}
