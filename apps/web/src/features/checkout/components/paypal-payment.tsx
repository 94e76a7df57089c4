import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  DISPATCH_ACTION,
  PayPalButtons,
  PayPalScriptProvider,
  SCRIPT_LOADING_STATE,
  usePayPalScriptReducer,
} from '@paypal/react-paypal-js';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import type { CheckoutRequest } from '@knotwork/shared/schemas/payments';
import { paths } from '@/config/paths.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { capturePaypalPayment, createPaypalPayment } from '../api/paypal-payment.ts';
import { loadScript } from '../lib/load-script.ts';
import { PaymentSection } from './payment-section.tsx';

const paypalReady = () => Boolean((window as unknown as { paypal?: unknown }).paypal);

/** Loads the SDK through our loader (window.paypal when present) and tells the provider it is ready. */
function SdkLoader({ clientId, currency }: { clientId: string; currency: string }) {
  const [{ isResolved }, dispatch] = usePayPalScriptReducer();
  const { t } = useTranslation('payments');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (isResolved) return;
    const src = `https://www.paypal.com/sdk/js?client-id=${encodeURIComponent(clientId)}&currency=${encodeURIComponent(currency)}&intent=capture`;
    loadScript(src, paypalReady).then(
      () => dispatch({ type: DISPATCH_ACTION.LOADING_STATUS, value: SCRIPT_LOADING_STATE.RESOLVED }),
      () => setFailed(true),
    );
  }, [clientId, currency, dispatch, isResolved]);
  if (failed) return <Alert severity="warning">{t('paypal.loadError')}</Alert>;
  return isResolved ? null : <Skeleton variant="rounded" height={48} aria-label={t('paypal.loading')} />;
}

/** PayPal buttons: our server creates the PayPal order for the checkout and captures it once approved. */
export default function PaypalPayment({
  clientId,
  currency,
  request,
  total,
}: {
  clientId: string;
  currency: string;
  request: CheckoutRequest | null;
  total: number | undefined;
}) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // The buttons keep their callbacks; the checkout id of the order being approved lives here.
  const checkoutId = useRef<string | null>(null);
  const requestRef = useRef(request);
  requestRef.current = request;
  const disabled = !request || total === undefined;
  return (
    <PaymentSection title={t('paypal.title')} testId="paypal-payment">
      {error && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {error}
        </Alert>
      )}
      <PayPalScriptProvider deferLoading options={{ clientId, currency, intent: 'capture' }}>
        <SdkLoader clientId={clientId} currency={currency} />
        <PayPalButtons
          disabled={disabled}
          forceReRender={[JSON.stringify(request)]}
          style={{ layout: 'vertical', shape: 'rect', label: 'pay' }}
          createOrder={async () => {
            setError(null);
            const req = requestRef.current;
            if (!req) throw new Error('No checkout');
            try {
              const res = await createPaypalPayment(req);
              checkoutId.current = res.checkoutId;
              return res.paypalOrderId;
            } catch (e) {
              setError(errorMessage(e));
              throw e;
            }
          }}
          onApprove={async (data) => {
            const id = checkoutId.current;
            if (!id) return;
            try {
              await capturePaypalPayment(id, data.orderID);
              void navigate(paths.paymentSuccess.href(id));
            } catch (e) {
              void navigate(paths.paymentFail.href(id, errorMessage(e)));
            }
          }}
          onError={(e) => setError(e instanceof Error ? e.message : t('paypal.loadError'))}
        />
      </PayPalScriptProvider>
    </PaymentSection>
  );
}
