import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OrderDetail } from '@knotwork/shared/schemas/payments';
import { formatUsd } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import { SummaryRow } from './summary-row.tsx';

/**
 * The buyer's view of the money of their order (decision 072), once something has arrived: what the checkout
 * asks, what was received so far, what is still due (quoting the same reference), or the credit we will send back.
 * Nothing before the first payment: the transfer box above says what to pay.
 */
export function OrderBalance({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('payments');
  const b = order.balance;
  if (!b || (b.received === 0 && b.credit === 0)) return null;
  const unpaid = order.status === 'awaiting_payment';
  return (
    <Box
      component="section"
      aria-label={t('balance.title')}
      data-testid="order-balance"
      sx={{ mb: 10, p: 5, borderRadius: `${radius.card}px`, border: 1, borderColor: 'divider' }}
    >
      <Typography variant="overline" component="h2" sx={{ color: 'accent.dark', display: 'block', mb: 2 }}>
        {t('balance.title')}
      </Typography>
      <SummaryRow label={t('balance.total')} value={formatUsd(b.total)} />
      <SummaryRow label={t('balance.received')} value={formatUsd(b.received)} testId="order-paid-so-far" />
      {b.writtenOff > 0 && <SummaryRow label={t('balance.writtenOff')} value={formatUsd(b.writtenOff)} />}
      {b.creditRefunded > 0 && (
        <SummaryRow label={t('balance.creditRefunded')} value={formatUsd(b.creditRefunded)} />
      )}
      <Divider sx={{ my: 2 }} />
      <SummaryRow
        label={t('balance.due')}
        value={formatUsd(b.balanceDue)}
        strong
        testId="order-balance-due"
      />
      {unpaid && b.balanceDue > 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          {t('balance.dueHelp', { amount: formatUsd(b.balanceDue), reference: b.reference })}
        </Typography>
      )}
      {b.credit > 0 && (
        <Alert severity="info" variant="outlined" sx={{ mt: 3 }} data-testid="order-credit">
          {t('balance.credit', { amount: formatUsd(b.credit) })}
        </Alert>
      )}
    </Box>
  );
}
