import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BankTransferResponse, CheckoutRequest } from '@knotwork/shared/schemas/payments';
import { formatUsd } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { usePayByBankTransfer } from '../api/pay-bank-transfer.ts';
import { BankTransferDetails } from './bank-transfer-details.tsx';
import { PaymentSection } from './payment-section.tsx';

/** Bank transfer, always offered: one click reserves the rugs and shows the reference to quote. */
export function BankTransferPanel({
  request,
  total,
  onDone,
}: {
  request: CheckoutRequest | null;
  total: number | undefined;
  onDone: (result: BankTransferResponse['data']) => void;
}) {
  const { t } = useTranslation('payments');
  const pay = usePayByBankTransfer();
  const [result, setResult] = useState<BankTransferResponse['data'] | null>(null);
  if (result)
    return (
      <PaymentSection title={t('bank.title')}>
        <BankTransferDetails result={result} />
      </PaymentSection>
    );
  return (
    <PaymentSection title={t('bank.title')}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 4 }}>
        {t('bank.body')}
      </Typography>
      {pay.isError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {errorMessage(pay.error)}
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        data-testid="pay-bank-transfer"
        disabled={!request || total === undefined || pay.isPending}
        onClick={() =>
          request &&
          pay.mutate(request, {
            onSuccess: (res) => {
              notify.success(res.message);
              setResult(res.data);
              onDone(res.data);
            },
          })
        }
      >
        {pay.isPending
          ? t('bank.working')
          : t('bank.button', { amount: total === undefined ? '' : formatUsd(total) })}
      </Button>
    </PaymentSection>
  );
}
