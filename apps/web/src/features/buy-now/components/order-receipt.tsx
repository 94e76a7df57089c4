import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { useTranslation } from 'react-i18next';
import type { Order } from '@knotwork/shared/schemas/bidding';
import { formatMediumDateTime, formatUsd } from '@/lib/format.ts';
import { paths } from '@/config/paths.ts';
import { HoldCountdown } from './hold-countdown.tsx';

/** The order a purchase made: awaiting payment, what is owed and by when; a fixed-price hold counts down. */
export function OrderReceipt({ order, offsetMs }: { order: Order; offsetMs: number }) {
  const { t } = useTranslation('bidding');
  const rows: [string, string, string?][] = [
    [t('purchase.orderId'), order.id, 'order-id'],
    [t('purchase.amount'), formatUsd(order.itemPrice), 'order-amount'],
    [t('purchase.status'), t(`orderStatus.${order.status}`), 'order-status'],
    [t('purchase.dueBy'), formatMediumDateTime(order.dueAt)],
  ];
  return (
    <Box data-testid="order-receipt" sx={{ display: 'flex', flexDirection: 'column', gap: 5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, color: 'success.main' }}>
        <CheckCircleOutline />
        <Typography variant="h5" component="h2" sx={{ color: 'text.primary' }}>
          {order.kind === 'fixed_price' ? t('purchase.heldTitle') : t('purchase.boughtTitle')}
        </Typography>
      </Box>
      {order.kind === 'fixed_price' && order.reservedUntil && (
        <Box>
          <HoldCountdown until={order.reservedUntil} offsetMs={offsetMs} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('purchase.holdExplain')}
          </Typography>
        </Box>
      )}
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 6, rowGap: 2 }}
      >
        {rows.map(([label, value, testId]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              data-testid={testId}
              sx={{ m: 0, fontWeight: 500, fontVariantNumeric: 'tabular-nums', wordBreak: 'break-all' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('purchase.nextAfter')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        {order.status === 'awaiting_payment' && (
          <Button
            component={RouterLink}
            to={paths.checkout.href([order.id])}
            variant="contained"
            data-testid="receipt-pay-now"
          >
            {t('purchase.payNow')}
          </Button>
        )}
        <Button
          component={RouterLink}
          to={`${paths.myItems.href()}?tab=purchases`}
          variant={order.status === 'awaiting_payment' ? 'outlined' : 'contained'}
          color={order.status === 'awaiting_payment' ? 'inherit' : 'primary'}
        >
          {t('purchase.toPurchases')}
        </Button>
      </Box>
    </Box>
  );
}
