import Box from '@mui/material/Box';
import ErrorOutline from '@mui/icons-material/ErrorOutline';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { StatusPage } from '@/components/layouts/status-page.tsx';

/** /payment/fail: where the payment provider returns a failed or cancelled checkout. */
export function PaymentFailPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      name="paymentFail"
      mark={
        <Box sx={{ color: 'error.main', '& svg': { fontSize: 56 } }}>
          <ErrorOutline />
        </Box>
      }
      secondary={{ to: paths.contactUs.href(), label: t('actions.contactUs') }}
    />
  );
}

export default PaymentFailPage;
