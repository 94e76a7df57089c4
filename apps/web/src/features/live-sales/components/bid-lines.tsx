import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { LiveBidLine } from '@knotwork/shared/schemas/live-sales';
import { formatUsd } from '@/lib/format.ts';
import { bidderLabel, sourceKey } from '../lib/status-line.ts';

/** The lot's bid lines, newest first: amount, who ("Paddle 12", "Bidder 2", "You") and where from. */
export function BidLines({ lines, myLabel }: { lines: readonly LiveBidLine[]; myLabel: string | null }) {
  const { t } = useTranslation('live');
  if (lines.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('sale.noBids')}
      </Typography>
    );
  }
  return (
    <Box
      component="ol"
      aria-label={t('sale.bidLines')}
      data-testid="live-bid-lines"
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {[...lines].reverse().map((line, i) => (
        <Box
          component="li"
          key={lines.length - i}
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 3,
            py: 1.5,
            borderTop: i === 0 ? 0 : 1,
            borderColor: 'divider',
            fontWeight: i === 0 ? 600 : 400,
          }}
        >
          <span>{formatUsd(line.amount)}</span>
          <Box component="span" sx={{ color: i === 0 ? 'text.primary' : 'text.secondary' }}>
            {line.label === myLabel ? t('sale.youLine') : bidderLabel(t, line.label, line)}
            <Box component="span" sx={{ color: 'text.secondary', ml: 2, fontWeight: 400 }}>
              {t(sourceKey(line.source))}
            </Box>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
