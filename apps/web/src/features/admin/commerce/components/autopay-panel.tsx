import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatUsd } from '@/lib/format.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useAdminOrderAutopay } from '../api/autopay.ts';

/**
 * The staff order page's autopay card (decision 096): whether the buyer's saved card is charged for this order, when
 * next, and each attempt with its outcome (the bank's decline code as Stripe gave it, for staff only). Hidden for an
 * order autopay never concerned.
 */
export function AutopayPanel({ orderId }: { orderId: string }) {
  const { t } = useTranslation('admin-settings');
  const query = useAdminOrderAutopay(orderId);
  if (query.isPending) return <Skeleton variant="rounded" height={96} />;
  if (query.isError)
    return (
      <Alert severity="error">{t('autopay.staff.loadError', { reason: errorMessage(query.error) })}</Alert>
    );
  const autopay = query.data;
  if (autopay.state === 'unavailable' && autopay.attempts.length === 0) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="autopay-title"
      data-testid="staff-autopay"
      sx={{ p: { xs: 4, md: 6 }, display: 'grid', gap: 2 }}
    >
      <Typography id="autopay-title" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('autopay.staff.title')}
      </Typography>
      <Chip
        variant="outlined"
        sx={{ justifySelf: 'start' }}
        color={autopay.state === 'paid' ? 'success' : autopay.state === 'failed' ? 'warning' : 'default'}
        label={t(`autopay.staff.state.${autopay.state}`)}
        data-testid="staff-autopay-state"
      />
      {autopay.nextAttemptAt && autopay.state !== 'off' && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('autopay.staff.next', { date: formatDateTime(autopay.nextAttemptAt) })}
        </Typography>
      )}
      {autopay.attempts.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('autopay.staff.noAttempts')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, ps: 5, display: 'grid', gap: 1 }}>
          {autopay.attempts.map((a) => (
            <Typography component="li" variant="body2" key={a.attempt} data-testid="staff-autopay-attempt">
              {t('autopay.staff.attempt', {
                date: formatDateTime(a.createdAt),
                outcome: t(`autopay.staff.outcome.${a.outcome}`),
              })}
              {a.amountCents !== null ? ` · ${formatUsd(a.amountCents)}` : ''}
              {a.declineCode ? ` · ${a.declineCode}` : ''}
              {a.paymentIntentId ? ` · ${a.paymentIntentId}` : ''}
            </Typography>
          ))}
        </Box>
      )}
    </Paper>
  );
}
