import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AdminPayoutTransfer } from '@knotwork/shared/schemas/settlements-staff';

const COLORS = { not_sent: 'default', pending: 'warning', succeeded: 'success', failed: 'error' } as const;

/**
 * A Stripe payment's transfer in words (decision 088): not sent, not confirmed yet (send again), transferred with its
 * Stripe reference, or refused with the reason and Stripe's own words.
 */
export function TransferStatus({ transfer }: { transfer: AdminPayoutTransfer }) {
  const { t } = useTranslation('admin-settlements');
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start', mt: 1, minWidth: 0 }}>
      <Chip
        size="small"
        variant="outlined"
        color={COLORS[transfer.status]}
        label={t(`transfer.status.${transfer.status}`)}
        data-testid="transfer-status"
        data-status={transfer.status}
      />
      {transfer.transferId && (
        <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {t('transfer.reference')} <bdi dir="ltr">{transfer.transferId}</bdi>
        </Typography>
      )}
      {transfer.status === 'failed' && transfer.failureReason && (
        <Typography variant="caption" sx={{ color: 'error.main' }} data-testid="transfer-failure">
          {t(`transfer.failure.${transfer.failureReason}`)}
        </Typography>
      )}
      {transfer.status === 'failed' &&
        transfer.stripeMessage &&
        transfer.failureReason !== 'no_stripe_account' && (
          <Typography variant="caption" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {/* Stripe answers in English only: shown as its words, labelled as such. */}
            {t('transfer.stripeSays')}{' '}
            <bdi dir="ltr" lang="en">
              {transfer.stripeMessage}
            </bdi>
          </Typography>
        )}
    </Box>
  );
}
