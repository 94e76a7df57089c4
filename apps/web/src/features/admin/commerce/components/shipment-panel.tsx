import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { notify } from '@/lib/toast.ts';
import { ShipToAddress } from '@/components/orders/ship-to.tsx';
import { downloadPackingSlip, useOrderShipment, useShipmentAction, type Shipment } from '../api/shipment.ts';
import { adminMessage } from '../../shell/server-message.ts';
import { useCan } from '../../shell/use-can.ts';
import { ShipDialog } from './ship-dialog.tsx';

function Label({ children }: { children: React.ReactNode }) {
  return (
    <Typography
      variant="caption"
      component="h3"
      sx={{ color: 'text.secondary', display: 'block', mt: 3, mb: 0.5 }}
    >
      {children}
    </Typography>
  );
}

function ShipmentBody({ shipment, orderId }: { shipment: Shipment; orderId: string }) {
  const { t, i18n } = useTranslation('admin');
  const { can } = useCan();
  const [shipping, setShipping] = useState(false);
  const deliver = useShipmentAction(shipment.id);
  const manage = can('manage', 'order');
  const courier = shipment.shippingMethod === 'courier';
  const canShip =
    courier &&
    shipment.status === 'to_ship' &&
    shipment.orders.some((o) => o.status === 'paid' || o.status === 'partially_refunded');
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {t('shipment.title')}
        </Typography>
        {courier && (
          <Chip
            variant="outlined"
            size="small"
            label={t(`shipment.status.${shipment.status}`)}
            color={shipment.status === 'to_ship' ? 'warning' : 'success'}
            data-testid="shipment-status"
          />
        )}
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('shipment.reference', { reference: shipment.reference })}
      </Typography>

      <Label>{t('shipment.buyer')}</Label>
      <Typography variant="body2">{shipment.buyer.name}</Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        <Link href={`mailto:${shipment.buyer.email}`} data-testid="shipment-email">
          {shipment.buyer.email}
        </Link>
      </Typography>
      {shipment.buyer.phone && (
        <Typography variant="body2">
          <Link href={`tel:${shipment.buyer.phone}`} dir="ltr" data-testid="shipment-phone">
            {shipment.buyer.phone}
          </Link>
        </Typography>
      )}

      <Label>{t('shipment.shipTo')}</Label>
      {courier && shipment.address ? (
        <ShipToAddress address={shipment.address} />
      ) : (
        <Typography variant="body2">{t('shipment.collect')}</Typography>
      )}

      {shipment.trackingNumber && (
        <>
          <Label>{t('shipment.tracking', { carrier: shipment.carrierName })}</Label>
          {shipment.trackingUrl ? (
            <Link
              href={shipment.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              dir="ltr"
              data-testid="shipment-tracking-link"
            >
              {shipment.trackingNumber}
            </Link>
          ) : (
            <Typography variant="body2" dir="ltr">
              {shipment.trackingNumber}
            </Typography>
          )}
        </>
      )}

      <Label>{t('shipment.rugs')}</Label>
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
        data-testid="shipment-orders"
      >
        {shipment.orders.map((o) => (
          <Box
            component="li"
            key={o.id}
            sx={{ display: 'flex', gap: 2, alignItems: 'baseline', flexWrap: 'wrap' }}
          >
            <Typography variant="body2" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {o.id === orderId ? (
                <>
                  {o.lotNumber !== null && `${t('shipment.lot', { lot: o.lotNumber })} · `}
                  {o.rugTitle}{' '}
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    ({t('shipment.thisOrder')})
                  </Box>
                </>
              ) : (
                <Link component={RouterLink} to={paths.adminOrder.href(o.id)}>
                  {o.lotNumber !== null && `${t('shipment.lot', { lot: o.lotNumber })} · `}
                  {o.rugTitle}
                </Link>
              )}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t(`orders.status.${o.status}`)}
            </Typography>
          </Box>
        ))}
      </Box>

      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 4 }}>
        {manage && canShip && (
          <Button variant="contained" onClick={() => setShipping(true)} data-testid="shipment-ship">
            {t('shipment.ship')}
          </Button>
        )}
        {manage && courier && shipment.status === 'shipped' && (
          <Button
            variant="outlined"
            disabled={deliver.isPending}
            onClick={() =>
              deliver.mutate(
                { action: 'deliver' },
                {
                  onSuccess: (res) => notify.success(adminMessage(res.message)),
                  onError: (e) => notify.error(adminMessage(e.message)),
                },
              )
            }
            data-testid="shipment-deliver"
          >
            {t('shipment.deliver')}
          </Button>
        )}
        {courier && (
          <Button
            variant="text"
            onClick={() =>
              void downloadPackingSlip(shipment, i18n.language).catch((e: Error) =>
                notify.error(adminMessage(e.message)),
              )
            }
            data-testid="shipment-packing-slip"
          >
            {t('shipment.packingSlip')}
          </Button>
        )}
      </Box>
      {shipping && <ShipDialog shipment={shipment} onClose={() => setShipping(false)} />}
    </>
  );
}

/**
 * The staff order page's shipment (issue 24 §2): the buyer's e-mail and phone, the ship-to address as its country
 * writes it, every rug paid with this one (one parcel), the carrier's tracking link, and marking it shipped or
 * delivered once for all of them.
 */
export function ShipmentPanel({ orderId }: { orderId: string }) {
  const { t } = useTranslation('admin');
  const query = useOrderShipment(orderId);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 4, md: 6 } }} data-testid="shipment-panel" component="section">
      {query.isLoading ? (
        <Box
          role="status"
          aria-label={t('common.loading')}
          sx={{ display: 'grid', placeItems: 'center', py: 6 }}
        >
          <CircularProgress size={24} aria-label={t('common.loading')} />
        </Box>
      ) : query.isError ? (
        <ErrorState
          message={t('shipment.loadFailed')}
          retryLabel={t('common.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : query.data ? (
        <ShipmentBody shipment={query.data} orderId={orderId} />
      ) : (
        <>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('shipment.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('shipment.notPaid')}
          </Typography>
        </>
      )}
    </Paper>
  );
}
