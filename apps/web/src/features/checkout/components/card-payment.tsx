import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { CheckoutRequest } from '@knotwork/shared/schemas/payments';
import { paths } from '@/config/paths.ts';
import { useAuthStore } from '@/lib/auth-store.ts';
import { formatUsd } from '@/lib/format.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useCreatePaymentIntent, type StripeIntent } from '../api/stripe-payment.ts';
import { stripeLocale } from '../lib/stripe-locale.ts';
import { loadStripeJs } from '../lib/load-stripe.ts';
import { PaymentSection } from './payment-section.tsx';

/** The Payment Element for an intent already created; confirms in place and goes to success or fail. */
function CardForm({ intent, total }: { intent: StripeIntent; total: number | undefined }) {
  const { t } = useTranslation('payments');
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    const successUrl = paths.paymentSuccess.href(intent.checkoutId);
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: new URL(successUrl, window.location.origin).href },
      redirect: 'if_required',
    });
    setBusy(false);
    // A card declined in the form stays here so the buyer can correct it; anything else says why on /payment/fail.
    if (error && (error.type === 'card_error' || error.type === 'validation_error')) return;
    void navigate(error ? paths.paymentFail.href(intent.checkoutId, error.message) : successUrl);
  };
  return (
    <Box
      component="form"
      onSubmit={(e) => void submit(e)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}
    >
      <PaymentElement />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={!stripe || busy}
        data-testid="pay-card"
      >
        {busy ? t('card.paying') : t('card.pay', { amount: total === undefined ? '' : formatUsd(total) })}
      </Button>
    </Box>
  );
}

/**
 * Card by Stripe: "pay with my saved card" in one click when the profile has one, else (or also) the Payment
 * Element for an intent the server creates for the quoted total. Never an amount from here.
 */
export default function CardPayment({
  publishableKey,
  request,
  total,
}: {
  publishableKey: string;
  request: CheckoutRequest | null;
  total: number | undefined;
}) {
  const { t, i18n } = useTranslation('payments');
  const navigate = useNavigate();
  const cardNumber = useAuthStore((s) => s.user?.cardNumber ?? null);
  const stripePromise = useMemo<Promise<Stripe>>(() => loadStripeJs(publishableKey), [publishableKey]);
  const create = useCreatePaymentIntent();
  const [intent, setIntent] = useState<StripeIntent | null>(null);
  const [error, setError] = useState<string | null>(null);
  const requestKey = JSON.stringify(request);
  const [intentFor, setIntentFor] = useState<string | null>(null);
  // A new address or method is a new price: the intent made for the old one is dropped.
  if (intent && intentFor !== requestKey) {
    setIntent(null);
    setIntentFor(null);
  }

  const payWithSavedCard = async () => {
    if (!request) return;
    setError(null);
    try {
      const res = await create.mutateAsync({ ...request, useSavedCard: true });
      if (res.status === 'requires_action') {
        const stripe = await stripePromise;
        const { error: actionError } = await stripe.handleNextAction({ clientSecret: res.clientSecret });
        if (actionError) return void navigate(paths.paymentFail.href(res.checkoutId, actionError.message));
      }
      void navigate(paths.paymentSuccess.href(res.checkoutId));
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const startCardForm = async () => {
    if (!request) return;
    setError(null);
    try {
      setIntent(await create.mutateAsync(request));
      setIntentFor(requestKey);
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <PaymentSection title={t('card.title')} testId="card-payment">
      {error && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {error}
        </Alert>
      )}
      {cardNumber && (
        <Button
          variant="contained"
          size="large"
          fullWidth
          disabled={!request || total === undefined || create.isPending}
          onClick={() => void payWithSavedCard()}
          data-testid="pay-saved-card"
          sx={{ mb: 3 }}
        >
          {t('card.saved', { amount: total === undefined ? '' : formatUsd(total), card: cardNumber })}
        </Button>
      )}
      {intent ? (
        <Elements
          stripe={stripePromise}
          options={{ clientSecret: intent.clientSecret, locale: stripeLocale(i18n.resolvedLanguage) }}
        >
          <CardForm intent={intent} total={total} />
        </Elements>
      ) : (
        <Button
          variant={cardNumber ? 'text' : 'outlined'}
          color="inherit"
          size="large"
          fullWidth
          disabled={!request || total === undefined || create.isPending}
          onClick={() => void startCardForm()}
          data-testid="start-card"
        >
          {cardNumber ? t('card.or') : t('card.pay', { amount: total === undefined ? '' : formatUsd(total) })}
        </Button>
      )}
    </PaymentSection>
  );
}
