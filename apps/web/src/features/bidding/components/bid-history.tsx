import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BidHistoryEntry } from '@knotwork/shared/schemas/bidding';
import { formatBidTime, formatUsd } from '@/lib/format.ts';
import { useTimeZone } from '@/lib/time-zone.ts';

/** The public history, newest first: pseudonyms ('You' for the caller), amounts, automatic answers marked. */
export function BidHistory({
  entries,
  status,
}: {
  entries: BidHistoryEntry[];
  status: 'pending' | 'error' | 'success';
}) {
  const { t } = useTranslation('bidding');
  const timeZone = useTimeZone();
  return (
    <Box component="section" aria-labelledby="bid-history-title">
      <Typography variant="overline" component="h3" id="bid-history-title" sx={{ color: 'accent.dark' }}>
        {t('history.title')}
      </Typography>
      {status === 'pending' && entries.length === 0 ? (
        <Box sx={{ mt: 2 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={28} />
          ))}
        </Box>
      ) : entries.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          {status === 'error' ? t('history.unavailable') : t('history.empty')}
        </Typography>
      ) : (
        <Box
          component="ol"
          data-testid="bid-history"
          aria-live="polite"
          sx={{ listStyle: 'none', m: 0, mt: 2, p: 0, maxHeight: 320, overflowY: 'auto' }}
        >
          {entries.map((e, index) => (
            <Box
              component="li"
              key={e.seq}
              data-testid="bid-history-entry"
              data-seq={e.seq}
              sx={{
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr) auto',
                alignItems: 'center',
                gap: 2,
                py: 1.5,
                borderBottom: 1,
                borderColor: 'divider',
                ...(index === 0 && { fontWeight: 600 }),
              }}
            >
              <Box sx={{ minWidth: 0, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
                <Typography variant="body2" component="span" sx={{ fontWeight: e.mine ? 700 : 'inherit' }}>
                  {e.mine
                    ? t('history.you')
                    : e.bidderNumber !== undefined
                      ? t('history.bidder', { number: e.bidderNumber })
                      : e.bidder}
                </Typography>
                {e.automatic && (
                  <Chip
                    size="small"
                    label={t('history.automatic')}
                    variant="outlined"
                    sx={{ height: 20, fontSize: '0.68rem' }}
                  />
                )}
                <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
                  {formatBidTime(e.at, timeZone)}
                </Typography>
              </Box>
              <Typography
                variant="body2"
                component="span"
                sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 'inherit' }}
              >
                {formatUsd(e.amount)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
