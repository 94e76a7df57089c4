import { lazy, Suspense, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import { useTranslation } from 'react-i18next';
import { notify } from '@/lib/toast.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { usePaymentMethods } from '../api/get-payment-methods.ts';
import { useCreateSetupIntent, useRemoveCard } from '../api/payment-card.ts';
import { AutopayPreference } from './autopay-preference.tsx';

const AddCardForm = lazy(() => import('./add-card-form.tsx'));

/**
 * Profile > Payment card: the saved card as brand and last four (the user payload's cardNumber, never more),
 * added through a Stripe SetupIntent when card payments are configured, and removed. The card number comes in
 * from the card-payment context the profile route provides.
 */
export function PaymentCardSection({ cardNumber }: { cardNumber: string | null }) {
  const { t } = useTranslation('payments');
  const methods = usePaymentMethods();
  const setup = useCreateSetupIntent();
  const remove = useRemoveCard();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const stripe = methods.data?.stripe ?? null;

  const start = () =>
    setup.mutate(undefined, {
      onSuccess: (res) => setClientSecret(res.clientSecret),
      onError: (e) => notify.fromError(e),
    });

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="payment-card-title"
      data-testid="payment-card"
      sx={{ p: { xs: 5, md: 8 }, mb: { xs: 8, md: 10 } }}
    >
      <Typography variant="h5" component="h2" id="payment-card-title" sx={{ mb: 4 }}>
        {t('profileCard.title')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap', mb: 4 }}>
        <CreditCardOutlined sx={{ color: 'accent.dark' }} aria-hidden />
        {cardNumber ? (
          <Typography data-testid="card-number" sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}>
            {cardNumber}
          </Typography>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('profileCard.none')}
          </Typography>
        )}
      </Box>
      {methods.isPending && <Skeleton variant="rounded" height={40} width={180} />}
      {methods.isError && <Alert severity="error">{errorMessage(methods.error)}</Alert>}
      {(stripe || cardNumber) && <AutopayPreference hasCard={Boolean(cardNumber)} />}
      {methods.isSuccess && !stripe && !cardNumber && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('profileCard.notConfigured')}
        </Typography>
      )}
      {stripe && clientSecret ? (
        <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
          <AddCardForm
            publishableKey={stripe.publishableKey}
            clientSecret={clientSecret}
            onSaved={() => {
              setClientSecret(null);
              notify.success(t('profileCard.saved'));
            }}
            onCancel={() => setClientSecret(null)}
          />
        </Suspense>
      ) : (
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          {stripe && (
            <Button variant="outlined" onClick={start} disabled={setup.isPending} data-testid="add-card">
              {cardNumber ? t('profileCard.replace') : t('profileCard.add')}
            </Button>
          )}
          {cardNumber && (
            <Button
              color="inherit"
              disabled={remove.isPending}
              data-testid="remove-card"
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => notify.success(t('profileCard.removed')),
                  onError: (e) => notify.fromError(e),
                })
              }
            >
              {t('profileCard.remove')}
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
