import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useTranslation } from 'react-i18next';
import { StandaloneLayout } from '@/components/layouts/standalone-layout.tsx';
import { paths } from '@/config/paths.ts';
import { useCheckout } from '../api/get-checkout.ts';

/**
 * /payment/fail?checkout=ID&reason=…: why, and the way back to the same orders' checkout. Nothing is charged
 * twice: a new attempt is a new checkout and the server pays each order at most once (decision 025). A checkout
 * that turns out paid after all sends the buyer to the success page instead.
 */
export function PaymentFailPage() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const id = params.get('checkout') ?? '';
  const reason = params.get('reason');
  const query = useCheckout(id, { poll: false });
  const checkout = query.data;
  const back = checkout ? paths.checkout.href(checkout.orderIds) : paths.myItems.href();
  return (
    <StandaloneLayout>
      <Box aria-hidden sx={{ color: 'warning.main', '& svg': { fontSize: 56 }, mb: 4 }}>
        <ErrorOutline />
      </Box>
      <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
        {t('fail.overline')}
      </Typography>
      <Typography variant="h3" component="h1" sx={{ mt: 2 }}>
        {t('fail.title')}
      </Typography>
      {reason && (
        <Alert
          severity="warning"
          variant="outlined"
          sx={{ mt: 6, textAlign: 'left' }}
          data-testid="fail-reason"
        >
          {t('fail.reason', { reason: reason.slice(0, 300) })}
        </Alert>
      )}
      {checkout?.status === 'paid' ? (
        <Button
          component={RouterLink}
          to={paths.paymentSuccess.href(checkout.id)}
          variant="contained"
          size="large"
          sx={{ mt: 8 }}
        >
          {t('success.title')}
        </Button>
      ) : (
        <>
          <Typography sx={{ color: 'text.secondary', mt: 5 }}>{t('fail.body')}</Typography>
          <Box sx={{ display: 'flex', gap: 4, mt: 10, justifyContent: 'center', flexWrap: 'wrap' }}>
            <Button
              component={RouterLink}
              to={back}
              variant="contained"
              size="large"
              data-testid="back-to-checkout"
              disabled={Boolean(id) && query.isPending}
            >
              {checkout ? t('fail.back') : t('fail.toMyItems')}
            </Button>
            {checkout && (
              <Button
                component={RouterLink}
                to={paths.myItems.href()}
                variant="outlined"
                color="inherit"
                size="large"
              >
                {t('fail.toMyItems')}
              </Button>
            )}
          </Box>
        </>
      )}
    </StandaloneLayout>
  );
}

export default PaymentFailPage;
