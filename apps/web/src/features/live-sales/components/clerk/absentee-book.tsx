import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format.ts';
import type { ClerkView } from '../../api/clerk.ts';

/** The book of absentee bids the auctioneer executes for a lot: each bidder's name and maximum. */
export function AbsenteeBook({
  entries,
  compact = false,
}: {
  entries: ClerkView['absentee'];
  compact?: boolean;
}) {
  const { t } = useTranslation('admin');
  if (entries.length === 0)
    return (
      <Typography variant={compact ? 'caption' : 'body2'} sx={{ color: 'text.secondary' }}>
        {t('live.noBook')}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {entries.map((a, i) => (
        <Typography key={i} component="li" variant={compact ? 'caption' : 'body2'} sx={{ display: 'block' }}>
          {t('live.absenteeLine', { name: a.bidderName, amount: formatUsd(a.max) })}
        </Typography>
      ))}
    </Box>
  );
}
