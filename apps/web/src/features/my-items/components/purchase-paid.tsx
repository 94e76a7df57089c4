import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { carrierName, trackingUrl } from '@knotwork/shared/shipping/carriers';
import { formatUsd } from '@/lib/format.ts';
import type { MyOrder } from '../api/get-orders.ts';

/**
 * What a purchase cost (issue 24 §2): before payment, the rug's price; once paid, the total actually paid with
 * its parts (the rug, its share of the one shipping charge, tax). Once shipped, the carrier and the tracking number
 * as a link to the carrier's own tracking page (never fetched by us).
 */
export function PurchasePaid({ order }: { order: MyOrder }) {
  const { t } = useTranslation('my-items');
  if (order.total === null) {
    return (
      <span data-testid="purchase-amount">
        {t('purchases.amount', { amount: formatUsd(order.itemPrice) })}
      </span>
    );
  }
  const parts = [
    t('purchases.paidRug', { amount: formatUsd(order.itemPrice) }),
    order.shippingMethod === 'collect'
      ? t('purchases.paidCollect')
      : t('purchases.paidShipping', { amount: formatUsd(order.shippingAmount ?? 0) }),
    ...(order.taxAmount ? [t('purchases.paidTax', { amount: formatUsd(order.taxAmount) })] : []),
  ];
  const link = trackingUrl(order.carrier, order.trackingNumber);
  return (
    <>
      <span data-testid="purchase-amount">
        {t('purchases.paid', { amount: formatUsd(order.total) })}{' '}
        <span data-testid="purchase-breakdown">({parts.join(' · ')})</span>
      </span>
      {order.trackingNumber && (
        <span data-testid="purchase-tracking">
          {t('purchases.tracking', { carrier: carrierName(order.carrier) })}{' '}
          {link ? (
            <Link
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="purchase-tracking-link"
              dir="ltr"
              sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}
            >
              {order.trackingNumber}
            </Link>
          ) : (
            <bdi>{order.trackingNumber}</bdi>
          )}
        </span>
      )}
    </>
  );
}
