import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { useTranslation } from 'react-i18next';
import { StandaloneLayout } from '@/components/layouts/standalone-layout.tsx';
import { paths } from '@/config/paths.ts';
import { formatMediumDateTime, formatUsd } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { radius } from '@/lib/theme.ts';
import { useCheckout } from '../api/get-checkout.ts';
import { useDownloadInvoice } from '../api/download-invoice.ts';

/**
 * /payment/success?checkout=ID: a calm "confirming" while the provider's word is on its way (the page asks
 * GET /checkout/{id} every two seconds until paid), then what was paid, what happens next and the invoice.
 */
export function PaymentSuccessPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const id = params.get('checkout') ?? '';
  const query = useCheckout(id, { poll: true });
  const download = useDownloadInvoice();
  // Stripe returns here after a redirect (3-D Secure, some wallets) with its verdict in the address.
  const redirectStatus = params.get('redirect_status');
  const myItems = (
    <Button component={RouterLink} to={paths.myItems.href()} variant="outlined" color="inherit" size="large">
      {t('success.toMyItems')}
    </Button>
  );

  if (id && redirectStatus === 'failed') return <Navigate to={paths.paymentFail.href(id)} replace />;

  let body;
  if (!id) {
    body = (
      <>
        <Typography variant="h3" component="h1">
          {t('success.noCheckout')}
        </Typography>
        <Box sx={{ mt: 8 }}>{myItems}</Box>
      </>
    );
  } else if (query.isError) {
    body = (
      <>
        <Typography variant="h3" component="h1" sx={{ mb: 6 }}>
          {t('success.noCheckout')}
        </Typography>
        <Alert severity="error" variant="outlined" sx={{ textAlign: 'left' }}>
          {t('success.notFound', { reason: errorMessage(query.error) })}
        </Alert>
        <Box sx={{ mt: 8 }}>{myItems}</Box>
      </>
    );
  } else if (query.isPending || query.data.status === 'open') {
    body = (
      <Box role="status" data-testid="payment-confirming">
        <CircularProgress size={40} thickness={2.5} sx={{ color: 'accent.main', mb: 6 }} />
        <Typography variant="h3" component="h1">
          {t('success.confirming')}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mt: 4 }}>{t('success.confirmingBody')}</Typography>
      </Box>
    );
  } else if (query.data.status === 'superseded') {
    body = (
      <>
        <Typography variant="h3" component="h1" sx={{ mb: 6 }}>
          {t('success.noCheckout')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('success.superseded')}</Typography>
        <Box sx={{ mt: 8 }}>{myItems}</Box>
      </>
    );
  } else {
    const checkout = query.data;
    const firstOrder = checkout.orderIds[0];
    body = (
      <Box data-testid="payment-confirmed">
        <Box aria-hidden sx={{ color: 'success.main', '& svg': { fontSize: 56 }, mb: 4 }}>
          <CheckCircleOutline />
        </Box>
        <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
          {t('success.overline')}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ mt: 2 }}>
          {t('success.title')}
        </Typography>
        <Typography sx={{ mt: 4, fontVariantNumeric: 'tabular-nums' }} data-testid="paid-amount">
          {t('success.paid', {
            amount: formatUsd(checkout.quote.total),
            date: formatMediumDateTime(checkout.paidAt ?? checkout.createdAt),
          })}
        </Typography>
        {checkout.invoiceNumber && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('success.invoice', { number: checkout.invoiceNumber })}
          </Typography>
        )}
        <Box
          sx={{
            mt: 8,
            p: 5,
            textAlign: 'left',
            borderRadius: `${radius.card}px`,
            bgcolor: 'background.subtle',
          }}
        >
          <Typography variant="overline" component="h2" sx={{ color: 'accent.dark' }}>
            {t('success.nextTitle')}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 5, '& li': { mb: 1.5 } }}>
            <li>{t('success.next1')}</li>
            <li>{t('success.next2')}</li>
            <li>{t('success.next3')}</li>
          </Box>
        </Box>
        <Box sx={{ display: 'flex', gap: 4, mt: 8, justifyContent: 'center', flexWrap: 'wrap' }}>
          {checkout.invoiceNumber && firstOrder && (
            <Button
              variant="contained"
              size="large"
              data-testid="download-invoice"
              disabled={download.isPending}
              onClick={() =>
                download.mutate(
                  { orderId: firstOrder, invoiceNumber: checkout.invoiceNumber! },
                  { onError: (e) => notify.fromError(e) },
                )
              }
            >
              {t('success.download')}
            </Button>
          )}
          {myItems}
        </Box>
      </Box>
    );
  }
  return <StandaloneLayout>{body}</StandaloneLayout>;
}

export default PaymentSuccessPage;
