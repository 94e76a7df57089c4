import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { formatUsd } from '@/lib/format.ts';
import { carrierName } from '@knotwork/shared/shipping/carriers';
import { eventReason } from '@/lib/event-reason.ts';
import { downloadWithSession } from '@/lib/download-file.ts';
import { currentLanguage } from '@/lib/i18n.ts';
import { notify } from '@/lib/toast.ts';
import { useAdminOrder, type AdminOrderDetail, type OrderAction } from '../api/order.ts';
import { AdminPage } from '../../shell/admin-page.tsx';
import { adminMessage } from '../../shell/server-message.ts';
import { OrderActionDialog, type ActionField } from '../components/order-action-dialog.tsx';
import { OrderPaymentsPanel } from '../components/order-payments-panel.tsx';
import { SecondChancePanel } from '../components/second-chance-panel.tsx';
import { AutopayPanel } from '../components/autopay-panel.tsx';
import { ShipmentPanel } from '../components/shipment-panel.tsx';
import { secondChance } from '../lib/second-chance.ts';
import { useCan } from '../../shell/use-can.ts';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 4,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ textAlign: 'end' }}>
        {value}
      </Typography>
    </Box>
  );
}

type Pending = { action: OrderAction; fields: ActionField[]; extra?: Record<string, unknown> };

/** What staff may do to an order in its state (the server checks again). */
function actionsFor(o: AdminOrderDetail): Array<Pending & { key: string }> {
  const list: Array<Pending & { key: string }> = [];
  // Recording a transfer, write-offs and credit refunds are in the payments panel (decision 072).
  // Courier orders ship with their shipment (ShipmentPanel): all the rugs paid together, one tracking number.
  if (o.status === 'paid' && o.shippingMethod !== 'courier')
    list.push({ key: 'ship', action: 'ship', fields: [{ name: 'carrier' }, { name: 'trackingNumber' }] });
  if (o.status === 'shipped' && o.shippingMethod !== 'courier')
    list.push({ key: 'deliver', action: 'deliver', fields: [{ name: 'reason', multiline: true }] });
  if (['paid', 'shipped', 'delivered', 'partially_refunded'].includes(o.status))
    list.push({
      key: 'refund',
      action: 'refund',
      fields: [
        { name: 'amount', money: true },
        { name: 'reason', multiline: true },
      ],
    });
  if (o.status === 'awaiting_payment')
    list.push({ key: 'cancel', action: 'cancel', fields: [{ name: 'reason', multiline: true }] });
  return list;
}

/** /admin/orders/:id: the order's lines, buyer, history, payments and refunds, and the actions its state allows. */
export default function OrderPage() {
  const { id } = useParams();
  const { t } = useTranslation('admin');
  const { t: tPayments } = useTranslation('payments');
  const { can } = useCan();
  const { data: order, isLoading, isError, refetch } = useAdminOrder(id);
  const [pending, setPending] = useState<(Pending & { key: string }) | null>(null);

  return (
    <AdminPage
      title={order ? t('orders.orderTitle', { rug: order.rug.title }) : t('orders.title')}
      subject="order"
      actions={
        <Button
          component={RouterLink}
          to={paths.adminOrders.href()}
          startIcon={
            <ArrowBack sx={{ transform: (th) => (th.direction === 'rtl' ? 'scaleX(-1)' : undefined) }} />
          }
        >
          {t('orders.back')}
        </Button>
      }
    >
      {isLoading ? (
        <Box
          role="status"
          aria-label={t('common.loading')}
          sx={{ display: 'grid', placeItems: 'center', py: 20 }}
        >
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </Box>
      ) : isError || !order ? (
        <ErrorState
          message={t('common.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void refetch()}
        />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 6,
            gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
            alignItems: 'start',
          }}
        >
          <Box sx={{ display: 'grid', gap: 6 }}>
            <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 } }}>
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 3, flexWrap: 'wrap' }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
                  {t('orders.summary')}
                </Typography>
                <Chip
                  variant="outlined"
                  label={t(`orders.status.${order.status}`)}
                  color={order.status === 'paid' ? 'success' : 'default'}
                />
              </Box>
              <Line label={t('orders.columns.buyer')} value={`${order.buyer.name} · ${order.buyer.email}`} />
              <Line label={t('orders.columns.rug')} value={order.rug.title} />
              <Line
                label={t('orders.hammer')}
                value={order.hammerPrice === null ? '—' : formatUsd(order.hammerPrice)}
              />
              <Line label={t('orders.premium')} value={formatUsd(order.buyersPremium)} />
              <Line
                label={t('orders.shipping')}
                value={order.shippingAmount === null ? '—' : formatUsd(order.shippingAmount)}
              />
              <Line
                label={t('orders.tax')}
                value={order.taxAmount === null ? '—' : formatUsd(order.taxAmount)}
              />
              <Line
                label={t('orders.columns.total')}
                value={order.total === null ? formatUsd(order.itemPrice) : formatUsd(order.total)}
              />
              <Line label={t('orders.refunded')} value={formatUsd(order.refundedAmount)} />
              <Line label={t('orders.due')} value={when(order.dueAt)} />
              <Line label={t('orders.paidAt')} value={when(order.paidAt)} />
              <Line
                label={t('orders.tracking')}
                value={order.carrier ? `${carrierName(order.carrier)} ${order.trackingNumber ?? ''}` : '—'}
              />
              <Line label={t('orders.columns.invoice')} value={order.invoiceNumber ?? '—'} />
              {order.openCheckout && (
                <Line
                  label={t('orders.reference')}
                  value={`${order.openCheckout.reference} · ${formatUsd(order.openCheckout.total)}`}
                />
              )}
              {order.invoiceNumber && (
                <Button
                  sx={{ mt: 3 }}
                  size="small"
                  data-testid="staff-invoice-pdf"
                  // A plain link would reach the server without the session: fetched with it, in the page's language.
                  onClick={() =>
                    void downloadWithSession(
                      `/order/${encodeURIComponent(order.id)}/invoice`,
                      { lang: currentLanguage() },
                      `${order.invoiceNumber}.pdf`,
                    ).catch((e: unknown) => notify.error(adminMessage((e as Error).message)))
                  }
                >
                  {t('orders.invoicePdf')}
                </Button>
              )}
            </Paper>
            <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 } }}>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 3 }}>
                {t('orders.events')}
              </Typography>
              {order.events.length === 0 ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('orders.noEvents')}
                </Typography>
              ) : (
                order.events.map((e, i) => (
                  <Line
                    key={i}
                    label={when(e.at)}
                    value={`${t(`orders.status.${e.toStatus}`)} · ${t(`orders.actor.${e.actor}`)}${e.reason ? ` · ${eventReason(e.reason, tPayments)}` : ''}`}
                  />
                ))
              )}
            </Paper>
          </Box>
          <Box sx={{ display: 'grid', gap: 6 }}>
            <ShipmentPanel orderId={order.id} />
            <SecondChancePanel order={order} />
            {/* A closed order's next step is the second-chance panel's: no empty Actions card beside it. */}
            {can('manage', 'order') && (actionsFor(order).length > 0 || !secondChance(order, can).shown) && (
              <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 }, display: 'grid', gap: 2 }}>
                <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
                  {t('orders.actionsTitle')}
                </Typography>
                {actionsFor(order).length === 0 && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t('orders.noActions')}
                  </Typography>
                )}
                {actionsFor(order).map((a) => (
                  <Button
                    key={a.key}
                    variant={a.key === 'cancel' || a.key === 'refund' ? 'outlined' : 'contained'}
                    color={a.key === 'cancel' ? 'error' : 'primary'}
                    onClick={() => setPending(a)}
                  >
                    {t(`orders.actions.${a.key}`)}
                  </Button>
                ))}
              </Paper>
            )}
            <OrderPaymentsPanel order={order} />
            <AutopayPanel orderId={order.id} />
          </Box>
        </Box>
      )}
      {pending && order && (
        <OrderActionDialog
          orderId={order.id}
          action={pending.action}
          title={t(`orders.actions.${pending.key}`)}
          fields={pending.fields}
          extra={pending.extra}
          onClose={() => setPending(null)}
        />
      )}
    </AdminPage>
  );
}
