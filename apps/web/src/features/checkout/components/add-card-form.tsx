import { useMemo, useState, type FormEvent } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message.ts';
import { useSaveCard } from '../api/payment-card.ts';
import { stripeLocale } from '../lib/stripe-locale.ts';
import { loadStripeJs } from '../lib/load-stripe.ts';

function SetupForm({ onSaved, onCancel }: { onSaved: () => void; onCancel: () => void }) {
  const { t } = useTranslation('payments');
  const stripe = useStripe();
  const elements = useElements();
  const save = useSaveCard();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    try {
      const res = await stripe.confirmSetup({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: window.location.href },
      });
      if (res.error) return setError(res.error.message ?? t('profileCard.loadError'));
      await save.mutateAsync(res.setupIntent.id);
      onSaved();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => void submit(e)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}
    >
      <PaymentElement />
      {error && <Alert severity="error">{error}</Alert>}
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={!stripe || busy} data-testid="save-card">
          {t('profileCard.save')}
        </Button>
        <Button onClick={onCancel} color="inherit" disabled={busy}>
          {t('profileCard.cancel')}
        </Button>
      </Box>
    </Box>
  );
}

/** The Payment Element on a SetupIntent: saves a card without paying anything. Lazy-loaded with Stripe's code. */
export default function AddCardForm({
  publishableKey,
  clientSecret,
  onSaved,
  onCancel,
}: {
  publishableKey: string;
  clientSecret: string;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { i18n } = useTranslation();
  const stripePromise = useMemo<Promise<Stripe>>(() => loadStripeJs(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret, locale: stripeLocale(i18n.resolvedLanguage) }}>
      <SetupForm onSaved={onSaved} onCancel={onCancel} />
    </Elements>
  );
}
