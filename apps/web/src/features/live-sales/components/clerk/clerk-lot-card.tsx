import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatEstimate, formatUsd } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import type { ClerkView } from '../../api/clerk.ts';
import { LotPicture } from '../lot-picture.tsx';

type BlockLot = NonNullable<ClerkView['current']>;

/** The lot on the block: its picture, number, title, estimate, opening bid and the hidden reserve staff sell at. */
export function ClerkLotCard({ lot, reserve }: { lot: BlockLot; reserve: number | null }) {
  const { t } = useTranslation('admin');
  const { t: tLive } = useTranslation('live');
  const belowReserve = lot.reserveMet === false;
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 4,
        borderRadius: `${radius.card}px`,
        // A tablet (600-1199 px) keeps the picture beside the lot's words, so the ask and the hammer stay
        // in the first screen; a phone stacks them, a desktop has the picture's own column.
        display: { xs: 'block', sm: 'grid', lg: 'block' },
        gridTemplateColumns: { sm: 'minmax(0, 2fr) minmax(0, 3fr)' },
        columnGap: 4,
        alignItems: 'start',
      }}
    >
      <LotPicture
        lot={lot}
        sizes="(min-width: 1200px) 35vw, (min-width: 600px) 40vw, 100vw"
        sx={{ aspectRatio: { xs: '16 / 9', sm: '4 / 3' } }}
      />
      <Box>
        <Typography
          variant="overline"
          component="p"
          sx={{ mt: { xs: 3, sm: 0, lg: 3 }, color: 'accent.dark' }}
        >
          {tLive('lotNumber', { number: lot.lotNumber })}
        </Typography>
        <Typography variant="h5" component="h2">
          {lot.rug.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {formatEstimate(lot.estimateLow, lot.estimateHigh)} ·{' '}
          {t('live.opening', { amount: formatUsd(lot.openingBid) })}
        </Typography>
        <Typography
          variant="body1"
          data-testid="clerk-reserve"
          sx={{ mt: 1, fontWeight: 600, color: belowReserve ? 'warning.dark' : 'text.primary' }}
        >
          {reserve === null
            ? t('live.noReserve')
            : `${t('live.reserveIs', { amount: formatUsd(reserve) })} · ${
                lot.reserveMet ? t('live.reserveMet') : t('live.reserveNotMet')
              }`}
        </Typography>
      </Box>
    </Paper>
  );
}
