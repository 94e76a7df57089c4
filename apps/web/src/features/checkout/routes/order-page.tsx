import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { paths } from '@/config/paths.ts';
import { formatMediumDateTime, formatUsd } from '@/lib/format.ts';
import { notify } from '@/lib/toast.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { radius } from '@/lib/theme.ts';
import { useDownloadInvoice } from '../api/download-invoice.ts';
import { useOrder } from '../api/get-order.ts';
import { ShipToAddress, TrackingNotice } from '@/components/orders/ship-to.tsx';
import { OrderTimeline } from '../components/order-timeline.tsx';
import { OrderBalance } from '../components/order-balance.tsx';
import { OrderAutopay } from '../components/order-autopay.tsx';
import { SummaryRow } from '../components/summary-row.tsx';
import { flipInRtl } from '@/lib/theme.ts';
import { isNotFound } from '@/lib/api-client.ts';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 10 }}>
      <Typography variant="overline" component="h2" sx={{ color: 'accent.dark', display: 'block', mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** /my-items/orders/:id: one order, what it cost, where it goes, its history, the transfer to make, the invoice. */
export function OrderPage() {
  const { t } = useTranslation('payments');
  const { t: tItems } = useTranslation('my-items');
  const { id = '' } = useParams();
  const query = useOrder(id);
  const download = useDownloadInvoice();

  const back = (
    <Button
      component={RouterLink}
      to={paths.myItems.href()}
      startIcon={<ArrowBack sx={flipInRtl} />}
      color="inherit"
      sx={{ mb: 6 }}
    >
      {t('order.back')}
    </Button>
  );
  if (query.isPending)
    return (
      <PageContainer sx={{ py: { xs: 10, md: 14 } }}>
        {back}
        <Skeleton variant="rounded" height={360} />
      </PageContainer>
    );
  if (query.isError)
    return (
      <PageContainer sx={{ py: { xs: 10, md: 14 } }}>
        {back}
        {isNotFound(query.error) ? (
          <EmptyState icon={<ReceiptLongOutlined />} title={t('order.notFound')} headingComponent="h1" />
        ) : (
          <ErrorState
            message={t('order.loadError', { reason: errorMessage(query.error) })}
            retryLabel={t('retry')}
            onRetry={() => void query.refetch()}
          />
        )}
      </PageContainer>
    );

  const order = query.data;
  const unpaid = order.status === 'awaiting_payment';
  const address = order.shippingAddress;
  return (
    <PageContainer sx={{ py: { xs: 10, md: 14 } }}>
      {back}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 8, md: 14 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ borderRadius: `${radius.card}px`, overflow: 'hidden', bgcolor: 'background.subtle' }}>
          {order.rug.image ? (
            <ResponsiveImage
              image={order.rug.image}
              sizes="(min-width: 900px) 40vw, 92vw"
              alt={order.rug.image.alt ?? order.rug.title}
              eager
              aspectRatio="4 / 5"
            />
          ) : (
            <Box sx={{ aspectRatio: '4 / 5' }} />
          )}
        </Box>
        <Box>
          <Typography variant="overline" component="p" sx={{ color: 'accent.dark' }}>
            {t('order.overline', { id: order.id.slice(0, 8).toUpperCase() })}
          </Typography>
          <Typography variant="h3" component="h1" sx={{ mt: 1, mb: 3 }}>
            {order.rug.title}
          </Typography>
          <Chip
            label={tItems(`orderStatus.${order.status}`)}
            color={
              unpaid
                ? 'warning'
                : order.status === 'cancelled' || order.status === 'expired'
                  ? 'default'
                  : 'success'
            }
            data-testid="order-status"
            data-status={order.status}
            sx={{ mb: 8 }}
          />

          {unpaid && (
            <Box sx={{ mb: 10, p: 5, borderRadius: `${radius.card}px`, bgcolor: 'background.subtle' }}>
              {order.openCheckout ? (
                <>
                  <Typography sx={{ fontWeight: 500 }}>{t('order.openTransfer')}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                    {t('order.openTransferBody', {
                      amount: formatUsd(
                        order.balance?.checkoutId === order.openCheckout.id
                          ? order.balance.balanceDue
                          : order.openCheckout.total,
                      ),
                    })}
                  </Typography>
                  <Typography
                    data-testid="order-reference"
                    sx={{ fontSize: '1.5rem', fontWeight: 600, letterSpacing: '0.08em' }}
                  >
                    {order.openCheckout.reference}
                  </Typography>
                </>
              ) : null}
              <OrderAutopay orderId={order.id} />
              <Typography variant="body2" sx={{ color: 'text.secondary', my: 2 }}>
                {t('order.dueBy', { date: formatMediumDateTime(order.dueAt) })}
              </Typography>
              {!order.balance?.received && (
                <Button
                  component={RouterLink}
                  to={paths.checkout.href([order.id])}
                  variant={order.openCheckout ? 'outlined' : 'contained'}
                  data-testid="order-pay-now"
                >
                  {order.openCheckout ? t('order.payOther') : t('order.payNow')}
                </Button>
              )}
            </Box>
          )}

          <OrderBalance order={order} />
          <Block title={t('order.prices')}>
            {order.hammerPrice != null ? (
              <>
                <SummaryRow label={t('checkout.hammer')} value={formatUsd(order.hammerPrice)} />
                <SummaryRow label={t('checkout.premium')} value={formatUsd(order.buyersPremium)} />
              </>
            ) : (
              <SummaryRow label={t('checkout.allIn')} value={formatUsd(order.itemPrice)} />
            )}
            {order.shippingAmount != null && (
              <SummaryRow
                label={t('checkout.shipping')}
                value={order.shippingAmount === 0 ? t('checkout.free') : formatUsd(order.shippingAmount)}
              />
            )}
            {order.taxAmount != null && (
              <SummaryRow label={t('checkout.tax')} value={formatUsd(order.taxAmount)} />
            )}
            {order.total != null && (
              <>
                <Divider sx={{ my: 2 }} />
                <SummaryRow
                  label={t('checkout.total')}
                  value={formatUsd(order.total)}
                  strong
                  testId="order-total"
                />
              </>
            )}
            {order.refundedAmount > 0 && (
              <SummaryRow label={t('order.refunded')} value={formatUsd(order.refundedAmount)} />
            )}
            {order.invoiceNumber && (
              <Button
                variant="outlined"
                color="inherit"
                startIcon={<ReceiptLongOutlined />}
                data-testid="order-invoice"
                disabled={download.isPending}
                sx={{ mt: 4 }}
                onClick={() =>
                  download.mutate(
                    { orderId: order.id, invoiceNumber: order.invoiceNumber! },
                    { onError: (e) => notify.fromError(e) },
                  )
                }
              >
                {t('order.download')} · {order.invoiceNumber}
              </Button>
            )}
          </Block>

          {(order.shippingMethod || order.trackingNumber) && (
            <Block title={t('order.shippingTo')}>
              {order.shippingMethod === 'collect' ? (
                <Typography>{t('order.collect')}</Typography>
              ) : address ? (
                <ShipToAddress address={address} />
              ) : null}
              <TrackingNotice order={order} />
            </Block>
          )}

          <Block title={t('order.timeline')}>
            <OrderTimeline order={order} />
          </Block>
        </Box>
      </Box>
    </PageContainer>
  );
}

export default OrderPage;
