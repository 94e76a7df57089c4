import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import type { CheckoutRequest } from '@knotwork/shared/schemas/payments';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { errorMessage } from '@/lib/error-message.ts';
import { usePaymentMethods } from '../api/get-payment-methods.ts';

// Loaded only when the house offers them, so a site without provider keys never downloads their code.
const CardPayment = lazy(() => import('./card-payment.tsx'));
const PaypalPayment = lazy(() => import('./paypal-payment.tsx'));

/** Card and PayPal, each shown only when GET /payment/methods says it is configured. */
export function ProviderPayments({
  request,
  total,
}: {
  request: CheckoutRequest | null;
  total: number | undefined;
}) {
  const { t } = useTranslation('payments');
  const methods = usePaymentMethods();
  if (methods.isPending) return <Skeleton variant="rounded" height={56} />;
  if (methods.isError)
    return (
      <ErrorState
        message={t('checkout.methodsError', { reason: errorMessage(methods.error) })}
        retryLabel={t('retry')}
        onRetry={() => void methods.refetch()}
      />
    );
  const { stripe, paypal } = methods.data;
  return (
    <>
      {stripe && (
        <Suspense fallback={<Skeleton variant="rounded" height={220} />}>
          <CardPayment publishableKey={stripe.publishableKey} request={request} total={total} />
        </Suspense>
      )}
      {paypal && (
        <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
          <PaypalPayment
            clientId={paypal.clientId}
            currency={paypal.currency}
            request={request}
            total={total}
          />
        </Suspense>
      )}
    </>
  );
}
