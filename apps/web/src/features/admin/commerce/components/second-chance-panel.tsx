import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format.ts';
import type { AdminOrderDetail } from '../api/order.ts';
import { secondChance } from '../lib/second-chance.ts';
import { useCan } from '../../shell/use-can.ts';
import { OrderActionDialog } from './order-action-dialog.tsx';

type Step = 'second-chance' | 'relist';

/**
 * After an order is cancelled (or expires): offer the lot to its underbidder (POST /admin/orders/:id/second-chance)
 * or put the rug back for sale (POST .../relist), each behind a confirm dialog; and the newest offer's state. The
 * server checks the state again (an underbidder must exist, no offer may be pending).
 */
export function SecondChancePanel({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation('admin-settings');
  const { can } = useCan();
  const [step, setStep] = useState<Step | null>(null);
  const { offer, mayOffer, mayRelist, shown } = secondChance(order, can);
  if (!shown) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="second-chance-title"
      sx={{ p: { xs: 4, md: 6 }, display: 'grid', gap: 2 }}
    >
      <Typography id="second-chance-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('order.secondChance')}
      </Typography>
      {offer ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Chip
            variant="outlined"
            sx={{ justifySelf: 'start' }}
            color={offer.status === 'accepted' ? 'success' : 'default'}
            label={t(`order.offerState.${offer.status}`)}
          />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('order.offerTo', {
              name: offer.name,
              price: formatUsd(offer.price),
              until: new Date(offer.expiresAt).toLocaleString(),
            })}
          </Typography>
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('order.secondChanceIntro')}
        </Typography>
      )}
      {mayOffer && (
        <Button variant="contained" onClick={() => setStep('second-chance')}>
          {t('order.offer')}
        </Button>
      )}
      {mayRelist && (
        <Button variant="outlined" onClick={() => setStep('relist')}>
          {t('order.relist')}
        </Button>
      )}
      {step && (
        <OrderActionDialog
          orderId={order.id}
          action={step}
          title={step === 'relist' ? t('order.relist') : t('order.offer')}
          intro={step === 'relist' ? t('order.confirmRelist') : t('order.confirmOffer')}
          fields={
            step === 'relist'
              ? [{ name: 'reason', multiline: true }]
              : [
                  { name: 'price', money: true, label: t('order.price') },
                  { name: 'reason', multiline: true },
                ]
          }
          onClose={() => setStep(null)}
        />
      )}
    </Paper>
  );
}
