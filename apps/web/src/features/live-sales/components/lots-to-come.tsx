import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LiveLotSummary } from '@knotwork/shared/schemas/live-sales';
import { formatEstimate } from '@/lib/format.ts';
import { LotPicture } from './lot-picture.tsx';

/** The lots still to be offered, in sale order. */
export function LotsToCome({ lots }: { lots: readonly LiveLotSummary[] }) {
  const { t } = useTranslation('live');
  return (
    <Box component="section" aria-labelledby="lots-to-come">
      <Typography variant="overline" component="h2" id="lots-to-come" sx={{ color: 'accent.dark', mb: 3 }}>
        {t('sale.toCome')}
      </Typography>
      {lots.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('sale.noneToCome')}</Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' },
          }}
        >
          {lots.slice(0, 10).map((lot) => (
            <Box key={lot.lotId}>
              <LotPicture lot={lot} sizes="(min-width: 900px) 18vw, 45vw" sx={{ aspectRatio: '1 / 1' }} />
              <Typography variant="caption" component="p" sx={{ mt: 2, color: 'text.secondary' }}>
                {t('lotNumber', { number: lot.lotNumber })}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {lot.rug.title}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {formatEstimate(lot.estimateLow, lot.estimateHigh)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
