import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format.ts';
import { useMyBiddingLimit } from '../api/my-limit.ts';
import { DepositPanel } from './deposit-panel.tsx';

/**
 * Above my bids, for a bidder the house gave a limit: how much they may commit, what their leading maxima and
 * unpaid wins already take, what is left, and how to raise it. Nothing for a bidder without a limit (most), nor
 * while it loads or if it cannot be read: the bid itself still answers with the limit when it matters.
 */
export function BiddingLimitNote() {
  const { t } = useTranslation('my-items');
  const { data } = useMyBiddingLimit();
  if (!data || data.limitCents === null) return null;
  return (
    <Box sx={{ mb: 3 }}>
      <Alert severity="info" variant="outlined" data-testid="bidding-limit">
        {t('bidding.limit', {
          limit: formatUsd(data.limitCents),
          committed: formatUsd(data.exposureCents),
          left: formatUsd(data.availableCents ?? 0),
        })}
      </Alert>
      {/* How to raise it: a deposit held on the saved card (decision 091). */}
      <DepositPanel />
    </Box>
  );
}
