import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminTelephoneLot } from '@knotwork/shared/schemas/telephone-bids';
import { formatEstimate } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';

/**
 * The operator's lines by lot, coming up first: each bidder with the number to dial and their language, and one
 * "On the line, ready" switch per lot, which the clerk waits for before opening it.
 */
export function MyLines({
  lots,
  pending,
  onReady,
}: {
  lots: readonly AdminTelephoneLot[];
  pending: boolean;
  onReady: (lotId: string, ready: boolean) => void;
}) {
  const { t } = useTranslation('admin-telephone');
  return (
    <Box component="section" aria-labelledby="desk-lines" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="overline" component="h2" id="desk-lines" sx={{ color: 'accent.dark' }}>
        {t('myLines')}
      </Typography>
      {lots.map((lot) => {
        const ready = lot.bookings.every((b) => b.ready);
        return (
          <Paper
            key={lot.lotId}
            variant="outlined"
            data-testid="desk-lot"
            sx={{
              p: 3,
              borderRadius: `${radius.card}px`,
              display: 'grid',
              gap: 2,
              opacity: lot.phase === 'done' ? 0.6 : 1,
            }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600, flex: '1 1 12rem', minWidth: 0 }}>
                {t('lotHeading', { number: lot.lotNumber, title: lot.title })}
              </Typography>
              <Chip size="small" variant="outlined" label={t(`phase.${lot.phase}`)} />
            </Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {formatEstimate(lot.estimateLow, lot.estimateHigh)}
            </Typography>
            {lot.bookings.map((b) => (
              <Box key={b.id} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'baseline' }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {t('bidderLine', { name: b.bidderName, paddle: b.paddle })}
                </Typography>
                <Link href={`tel:${b.phone}`} dir="ltr" sx={{ fontSize: '1.1rem' }}>
                  {b.phone}
                </Link>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(`language.${b.language}`, { defaultValue: b.language })}
                </Typography>
              </Box>
            ))}
            {lot.phase !== 'done' && (
              <FormControlLabel
                control={
                  <Switch
                    checked={ready}
                    disabled={pending}
                    onChange={(e) => onReady(lot.lotId, e.target.checked)}
                    data-testid="desk-ready"
                  />
                }
                label={ready ? t('onTheLine') : t('markReady')}
              />
            )}
          </Paper>
        );
      })}
    </Box>
  );
}
