import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ShippingAddressCopy } from '@knotwork/shared/schemas/payments';
import { carrierName, trackingUrl } from '@knotwork/shared/shipping/carriers';
import { formatMediumDateTime } from '@/lib/format.ts';
import { formatAddress } from '@knotwork/shared/addresses/formats';

/** A country's name in the reader's language ('GB' -> 'Royaume-Uni'), the code where the browser has none. */
function countryName(code: string, language: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** A ship-to address as its country writes it (decision 073), name first, the country in the reader's language. */
export function ShipToAddress({ address }: { address: ShippingAddressCopy }) {
  const { i18n } = useTranslation();
  const [name, ...rest] = formatAddress(address, {
    countryName: countryName(address.country, i18n.language),
  });
  return (
    <Typography
      component="address"
      sx={{ fontStyle: 'normal', color: 'text.secondary' }}
      data-testid="ship-to-address"
    >
      <Box component="span" sx={{ display: 'block', color: 'text.primary', fontWeight: 500 }}>
        <bdi>{name}</bdi>
      </Box>
      {rest.map((l, i) => (
        <Box component="span" key={i} sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {/* Isolated: "24 Doughty Street" keeps its order on an Arabic page. */}
          <bdi>{l}</bdi>
        </Box>
      ))}
    </Typography>
  );
}

/** The carrier by name and the tracking number, linked to the carrier's own tracking page when we know it. */
export function TrackingNotice({
  order,
}: {
  order: {
    carrier: string | null;
    trackingNumber: string | null;
    shippedAt: string | null;
    deliveredAt: string | null;
  };
}) {
  const { t } = useTranslation('payments');
  if (!order.carrier || !order.trackingNumber) return null;
  const link = trackingUrl(order.carrier, order.trackingNumber);
  return (
    <Alert severity="info" variant="outlined" sx={{ mt: 3 }} data-testid="order-tracking">
      {t('order.carrier', { carrier: carrierName(order.carrier), number: order.trackingNumber })}
      {order.shippedAt && ` · ${t('order.shippedAt', { date: formatMediumDateTime(order.shippedAt) })}`}
      {order.deliveredAt && ` · ${t('order.deliveredAt', { date: formatMediumDateTime(order.deliveredAt) })}`}
      {link && (
        <>
          {' · '}
          <Link href={link} target="_blank" rel="noopener noreferrer" data-testid="order-tracking-link">
            {t('order.track')}
          </Link>
        </>
      )}
    </Alert>
  );
}
