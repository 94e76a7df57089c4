import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format.ts';
import { Approx } from '@/components/currency/approx.tsx';
import { SALE_CURRENCY } from '@/lib/currency/display-currency.ts';

/**
 * The last step before a binding bid: the amount as a maximum, and proxy bidding in two plain sentences
 * (AUCTION-RULES.md "Proxy (maximum) bidding"). Raising one's own maximum reads as such.
 */
export function BidConfirmDialog({
  amount,
  raising,
  lotLabel,
  pending,
  onConfirm,
  onClose,
}: {
  amount: number | null;
  raising: boolean;
  lotLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('bidding');
  const { t: tc } = useTranslation('currency');
  return (
    <Dialog
      open={amount !== null}
      onClose={pending ? undefined : onClose}
      aria-labelledby="bid-confirm-title"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="bid-confirm-title">
        {raising ? t('confirm.raiseTitle') : t('confirm.title')}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {lotLabel}
        </Typography>
        <Typography
          component="p"
          data-testid="bid-confirm-amount"
          sx={{ mt: 2, fontSize: '1.8rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
        >
          {amount !== null ? formatUsd(amount) : ''}
        </Typography>
        <Approx cents={amount} block />
        <Typography variant="body2" data-testid="bid-charged-in" sx={{ mt: 2, fontWeight: 500 }}>
          {tc('chargedIn', { currency: SALE_CURRENCY })}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 4 }}>
          {t('confirm.asMaximum')}
        </Typography>
        <Typography variant="body2">{t('confirm.proxy')}</Typography>
        <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
          {t('confirm.binding')}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 6, pb: 5 }}>
        <Button onClick={onClose} color="inherit" disabled={pending}>
          {t('confirm.cancel')}
        </Button>
        <Button onClick={onConfirm} variant="contained" disabled={pending} autoFocus>
          {pending
            ? t('confirm.placing')
            : t('confirm.action', { amount: amount !== null ? formatUsd(amount) : '' })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
