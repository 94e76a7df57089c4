import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format.ts';
import { useMyBiddingLimit } from '../api/my-limit.ts';

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
    <Alert severity="info" variant="outlined" sx={{ mb: 3 }} data-testid="bidding-limit">
      {t('bidding.limit', {
        limit: formatUsd(data.limitCents),
        committed: formatUsd(data.exposureCents),
        left: formatUsd(data.availableCents ?? 0),
      })}
    </Alert>
  );
}
