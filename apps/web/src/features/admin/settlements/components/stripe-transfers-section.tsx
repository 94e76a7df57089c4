import { useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format-money.ts';
import { formatNumber } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { useSendTransfers, type AdminPayoutBatch } from '../api/payout-batch.ts';
import { settlementMessage } from '../lib/settlement-message.ts';
import { Section } from '../../consignors/components/section.tsx';
import { StaffActionDialog } from '../../shell/staff-action-dialog.tsx';

/**
 * The batch's Stripe payments (decision 088): how many are left to transfer, and the one button that sends them.
 * Pressing it again, or from two screens at once, never transfers a payment twice; a refused one is tried again.
 */
export function StripeTransfersSection({ batch, manage }: { batch: AdminPayoutBatch; manage: boolean }) {
  const { t } = useTranslation('admin-settlements');
  const [confirming, setConfirming] = useState(false);
  const send = useSendTransfers(batch.id);
  const stripeItems = batch.items.filter((i) => i.method === 'stripe');
  const left = stripeItems.filter((i) => i.transfer?.status !== 'succeeded');
  const leftCents = left.reduce((sum, i) => sum + i.amountCents, 0);
  const open = batch.status === 'created' || batch.status === 'exported';

  const go = () =>
    send.mutate(undefined, {
      onSuccess: (res) => {
        setConfirming(false);
        const { succeeded, failed, pending } = res.sent;
        const words = t('transfer.result', { succeeded, failed, pending });
        if (failed + pending > 0) notify.error(words);
        else notify.success(words);
      },
      onError: (e) => {
        setConfirming(false);
        notify.error(settlementMessage(e.message));
      },
    });

  return (
    <Section
      title={t('transfer.title')}
      actions={
        manage &&
        open &&
        left.length > 0 && (
          <Button variant="contained" onClick={() => setConfirming(true)} data-testid="send-transfers">
            {t('transfer.send', { n: formatNumber(left.length) })}
          </Button>
        )
      }
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {left.length === 0 ? t('transfer.allDone') : t('transfer.intro')}
      </Typography>
      {confirming && (
        <StaffActionDialog
          title={t('transfer.confirmTitle')}
          intro={t('transfer.confirm', {
            n: formatNumber(left.length),
            total: formatMoney(leftCents, batch.currency),
          })}
          pending={send.isPending}
          confirmLabel={t('transfer.confirmSend')}
          confirmTestId="confirm-send-transfers"
          onConfirm={go}
          onClose={() => setConfirming(false)}
        >
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('transfer.once')}
          </Typography>
        </StaffActionDialog>
      )}
    </Section>
  );
}
