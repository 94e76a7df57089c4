import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { BankTransferResponse } from '@knotwork/shared/schemas/payments';
import { paths } from '@/config/paths.ts';
import { formatMediumDateTime, formatUsd } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import { SummaryRow } from './summary-row.tsx';

/** After POST /payment/bank-transfer: the reference to quote, the amount, the due date and the instructions. */
export function BankTransferDetails({ result }: { result: BankTransferResponse['data'] }) {
  const { t } = useTranslation('payments');
  const { checkout, reference, instructions, dueAt } = result;
  return (
    <Box data-testid="bank-transfer-details" sx={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
      <Alert severity="success" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
        {t('bank.doneTitle')}
      </Alert>
      <Box sx={{ p: 5, borderRadius: `${radius.card}px`, bgcolor: 'background.subtle' }}>
        <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
          {t('bank.reference')}
        </Typography>
        <Typography
          data-testid="bank-reference"
          sx={{
            fontSize: '1.75rem',
            fontWeight: 600,
            letterSpacing: '0.08em',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {reference}
        </Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('bank.referenceHint')}
        </Typography>
        <Box sx={{ mt: 3 }}>
          <SummaryRow
            label={t('bank.amount')}
            value={formatUsd(checkout.quote.total)}
            strong
            testId="bank-amount"
          />
          <SummaryRow label={t('bank.dueBy')} value={formatMediumDateTime(dueAt)} />
        </Box>
      </Box>
      {instructions && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('bank.instructions')}
          </Typography>
          <Typography
            variant="body2"
            data-testid="bank-instructions"
            sx={{ whiteSpace: 'pre-line', color: 'text.secondary', overflowWrap: 'anywhere' }}
          >
            {instructions}
          </Typography>
        </Box>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('bank.next')}
      </Typography>
      {checkout.orderIds[0] && (
        <Button
          component={RouterLink}
          to={paths.order.href(checkout.orderIds[0])}
          variant="outlined"
          color="inherit"
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('bank.viewOrder')}
        </Button>
      )}
    </Box>
  );
}
