import Box from '@mui/material/Box';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { StatusPage } from '@/components/layouts/status-page.tsx';

/** /payment/success: where the payment provider returns a completed checkout. */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      name="paymentSuccess"
      mark={
        <Box sx={{ color: 'success.main', '& svg': { fontSize: 56 } }}>
          <CheckCircleOutline />
        </Box>
      }
      secondary={{ to: paths.myItems.href(), label: t('actions.goToMyItems') }}
    />
  );
}

export default PaymentSuccessPage;
