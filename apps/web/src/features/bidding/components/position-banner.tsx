import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format.ts';
import type { LotPhase } from '@knotwork/shared/bidding/lot-phase';

/**
 * The caller's standing: leading (with their hidden maximum, which only they see) or outbid. Nothing for a
 * visitor who has not bid. After the close it says whether they won.
 */
export function PositionBanner({
  leading,
  myMaxBid,
  phase,
}: {
  leading?: boolean;
  myMaxBid?: number | null;
  phase: LotPhase;
}) {
  const { t } = useTranslation('bidding');
  if (myMaxBid == null && !leading) return null;
  if (phase === 'sold' || phase === 'unsold') {
    return (
      <Alert
        severity={leading && phase === 'sold' ? 'success' : 'info'}
        data-testid="lot-position"
        data-state={leading ? 'won' : 'lost'}
      >
        {leading && phase === 'sold' ? t('position.won') : t('position.lost')}
      </Alert>
    );
  }
  if (phase === 'withdrawn') return null;
  return leading ? (
    <Alert severity="success" data-testid="lot-position" data-state="leading" role="status">
      {t('position.leading')}
      {myMaxBid != null && ` ${t('position.yourMax', { amount: formatUsd(myMaxBid) })}`}
    </Alert>
  ) : (
    <Alert severity="warning" data-testid="lot-position" data-state="outbid" role="status">
      {t('position.outbid')}
    </Alert>
  );
}
