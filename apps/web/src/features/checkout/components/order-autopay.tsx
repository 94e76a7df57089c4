import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { formatMediumDateTime } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { useOrderAutopay } from '../api/get-order-autopay.ts';
import { useSetOrderAutopay } from '../api/set-order-autopay.ts';

/**
 * The order page's autopay line (decision 096): "Autopay on <date>" with a switch to turn it off for this order (and
 * on again while it is unpaid and nothing is in flight); after a failed attempt, why and when the next is. When the
 * job pays the order, the order itself is fetched again so the page shows it paid.
 */
export function OrderAutopay({ orderId }: { orderId: string }) {
  const { t } = useTranslation('payments');
  const query = useOrderAutopay(orderId);
  const save = useSetOrderAutopay(orderId);
  const client = useQueryClient();
  const state = query.data?.state;
  useEffect(() => {
    if (state === 'paid') void client.invalidateQueries({ queryKey: ['order', orderId] });
  }, [state, client, orderId]);

  if (query.isPending) return <Skeleton variant="rounded" height={48} sx={{ mb: 3 }} />;
  if (query.isError)
    return (
      <Alert severity="error" sx={{ mb: 3 }}>
        {t('autopay.loadError', { reason: errorMessage(query.error) })}
      </Alert>
    );
  const autopay = query.data;
  if (autopay.state === 'unavailable' || autopay.state === 'paid') return null;
  const last = autopay.attempts.at(-1);
  const when = autopay.nextAttemptAt ? formatMediumDateTime(autopay.nextAttemptAt) : '';
  const line =
    autopay.state === 'scheduled'
      ? t('autopay.orderOn', { date: when })
      : autopay.state === 'retrying'
        ? t('autopay.orderRetry', { date: when })
        : autopay.state === 'charging'
          ? t('autopay.orderCharging')
          : autopay.state === 'failed'
            ? t('autopay.orderFailed')
            : t('autopay.orderOff');
  return (
    <Box data-testid="order-autopay" data-state={autopay.state} sx={{ mb: 3 }}>
      {autopay.canSwitch ? (
        <FormControlLabel
          control={
            <Switch
              checked={autopay.enabled}
              disabled={save.isPending}
              onChange={(e) =>
                save.mutate(e.target.checked, {
                  onSuccess: (res) => notify.success(res.message),
                  onError: (err) => notify.fromError(err),
                })
              }
              data-testid="order-autopay-switch"
            />
          }
          label={<Typography sx={{ fontWeight: 500 }}>{line}</Typography>}
        />
      ) : (
        <Typography sx={{ fontWeight: 500 }}>{line}</Typography>
      )}
      {last && last.outcome !== 'succeeded' && autopay.state !== 'off' && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="order-autopay-reason">
          {t(`autopay.outcome.${last.outcome}`)}{' '}
          <Link component={RouterLink} to={paths.checkout.href([orderId])}>
            {t('autopay.payNow')}
          </Link>
        </Typography>
      )}
      {autopay.state === 'off' && autopay.canSwitch && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('autopay.orderOffHelp')}
        </Typography>
      )}
    </Box>
  );
}
