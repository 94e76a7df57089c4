import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LiveCurrentLot } from '@knotwork/shared/schemas/live-sales';
import type { AdminTelephoneLot } from '@knotwork/shared/schemas/telephone-bids';
import { bidderLabel, sourceKey } from '@/features/live-sales/lib/status-line.ts';
import { formatUsd } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';

/**
 * The lot on the block as the operator needs it: the asking price large, the current bid and where it came from
 * (the room, online, the book or a telephone), and for each of their bidders on this lot one big tap that bids the
 * ask for them. The button names the amount and the paddle, so the operator says exactly what the bidder agreed.
 */
export function OnTheBlock({
  lot,
  mine,
  pending,
  onBid,
}: {
  lot: LiveCurrentLot;
  /** The operator's own lines on this lot, if any. */
  mine: AdminTelephoneLot | undefined;
  pending: boolean;
  onBid: (bookingId: string) => void;
}) {
  const { t } = useTranslation('admin-telephone');
  const { t: tLive } = useTranslation('live');
  const open = lot.status === 'open';
  // Sold or passed: the lot stays on screen with its result until the next opens; there is nothing to bid.
  const over = lot.status === 'sold' || lot.status === 'passed';
  const lead = lot.leading;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="desk-on-block"
      sx={{ p: { xs: 3, md: 5 }, borderRadius: `${radius.card}px`, display: 'grid', gap: 3 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography
          variant="overline"
          component="h2"
          id="desk-on-block"
          sx={{ color: 'accent.dark', flex: 1 }}
        >
          {t('onBlock')}
        </Typography>
        <Chip size="small" label={t(`status.${lot.status}`)} />
      </Box>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
        {tLive('lotNumber', { number: lot.lotNumber })} · {lot.rug.title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {!over && (
          <Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('asking')}
            </Typography>
            <Typography variant="h3" component="p" data-testid="desk-ask" sx={{ fontWeight: 700 }}>
              {formatUsd(lot.ask)}
            </Typography>
          </Box>
        )}
        <Box>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {over ? t(`status.${lot.status}`) : t('currentBid')}
          </Typography>
          {lead ? (
            <Typography variant="h5" component="p" data-testid="desk-leading">
              {formatUsd(lead.amount)}{' '}
              <Box component="span" sx={{ color: 'text.secondary', fontSize: '1rem' }}>
                {bidderLabel(tLive, lead.label, lead)} · {tLive(sourceKey(lead.source))}
              </Box>
            </Typography>
          ) : (
            <Typography variant="h5" component="p" data-testid="desk-leading">
              {t('noBid')}
            </Typography>
          )}
        </Box>
      </Box>
      {over ? null : mine ? (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {mine.bookings.map((b) => (
            <Box key={b.id} sx={{ display: 'grid', gap: 1 }}>
              {b.leading && (
                <Chip
                  color="success"
                  label={t('leadsFor', { paddle: b.paddle })}
                  sx={{ justifySelf: 'start' }}
                />
              )}
              <Button
                variant="contained"
                size="large"
                color="primary"
                disabled={!open || pending || b.leading}
                onClick={() => onBid(b.id)}
                data-testid="desk-bid"
                sx={{ py: 3, fontSize: { xs: '1.1rem', md: '1.35rem' }, overflowWrap: 'anywhere' }}
              >
                {t('bidFor', { amount: formatUsd(lot.ask), paddle: b.paddle, name: b.bidderName })}
              </Button>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography sx={{ color: 'text.secondary' }}>{t('notYourLot')}</Typography>
      )}
    </Paper>
  );
}
