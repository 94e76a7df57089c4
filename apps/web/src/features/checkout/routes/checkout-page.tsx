import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import { useTranslation } from 'react-i18next';
import type { CheckoutRequest, ShippingMethod } from '@knotwork/shared/schemas/payments';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { paths } from '@/config/paths.ts';
import { errorMessage } from '@/lib/error-message.ts';
import { radius } from '@/lib/theme.ts';
import { useCheckoutQuote } from '../api/get-checkout-quote.ts';
import { useOrdersById } from '../api/get-order.ts';
import { useShippingAddresses } from '../api/get-shipping-addresses.ts';
import { AddressChoice } from '../components/address-choice.tsx';
import { BankTransferPanel } from '../components/bank-transfer-panel.tsx';
import { CheckoutLine } from '../components/checkout-line.tsx';
import { ProviderPayments } from '../components/provider-payments.tsx';
import { QuoteSummary } from '../components/quote-summary.tsx';
import { ShippingMethodChoice } from '../components/shipping-method-choice.tsx';
import { parseOrderIds } from '../lib/order-ids.ts';

export interface AddressDialogSlot {
  open: boolean;
  firstAddress: boolean;
  onClose: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: { xs: 10, md: 12 } }}>
      <Typography variant="overline" component="h2" sx={{ color: 'accent.dark', display: 'block', mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/**
 * /checkout?orders=a,b (signed in): the rugs, the address, the delivery, and what it all costs as the server
 * prices it (re-quoted on every change), then the ways to pay. The address dialog is the address book's own,
 * passed in by the route (features do not import each other).
 */
export function CheckoutPage({
  renderAddressDialog,
  paymentGate,
}: {
  renderAddressDialog: (slot: AddressDialogSlot) => ReactNode;
  /** Shown instead of the ways to pay when paying must wait (the identity check above the threshold). */
  paymentGate?: ReactNode;
}) {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const orderIds = useMemo(() => parseOrderIds(params.get('orders')), [params]);
  const orders = useOrdersById(orderIds);
  const addresses = useShippingAddresses();
  const [method, setMethod] = useState<ShippingMethod>('courier');
  const [addressId, setAddressId] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Once a transfer is reserved its quote is frozen: the choices it was made with stay as they are.
  const [reserved, setReserved] = useState(false);

  // The default address (listed first) is chosen until the buyer picks another; one added here is picked at once.
  const list = addresses.data;
  const seen = useRef<string[] | null>(null);
  useEffect(() => {
    if (!list) return;
    const ids = list.map((a) => a.id);
    const before = seen.current;
    const added = before ? ids.find((id) => !before.includes(id)) : undefined;
    seen.current = ids;
    setAddressId((cur) => added ?? (cur && ids.includes(cur) ? cur : (ids[0] ?? null)));
  }, [list]);

  const request: CheckoutRequest | null =
    orderIds.length === 0
      ? null
      : method === 'collect'
        ? { orderIds, shippingMethod: 'collect' }
        : addressId
          ? { orderIds, shippingMethod: 'courier', addressId }
          : null;
  const quote = useCheckoutQuote(request);

  if (orderIds.length === 0)
    return (
      <PageContainer>
        <EmptyState
          icon={<ShoppingBagOutlined />}
          title={t('checkout.noOrders')}
          description={t('checkout.noOrdersBody')}
          headingComponent="h1"
          action={
            <Button component={RouterLink} to={paths.myItems.href()} variant="contained">
              {t('checkout.toMyItems')}
            </Button>
          }
        />
      </PageContainer>
    );

  const orderError = orders.find((o) => o.isError)?.error;
  const blockingError = orderError ?? (quote.isError ? quote.error : null);
  const lines = quote.data?.lines;

  return (
    <>
      <PageHeader overline={t('checkout.overline')} title={t('checkout.title')} intro={t('checkout.intro')} />
      <PageContainer sx={{ py: { xs: 10, md: 14 } }}>
        {blockingError && (
          <Box sx={{ mb: 8 }}>
            <ErrorState
              message={t('checkout.loadError', { reason: errorMessage(blockingError) })}
              retryLabel={t('retry')}
              onRetry={() => {
                orders.forEach((o) => o.isError && void o.refetch());
                void quote.refetch();
              }}
            />
            <Button component={RouterLink} to={paths.myItems.href()} sx={{ mt: 3 }} color="inherit">
              {t('checkout.toMyItems')}
            </Button>
          </Box>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 14 },
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
            alignItems: 'start',
          }}
        >
          <Box>
            <Section title={t('checkout.rugsCount', { count: orderIds.length })}>
              <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {orderIds.map((id, i) => (
                  <CheckoutLine
                    key={id}
                    order={orders[i]?.data}
                    line={lines?.find((l) => l.orderId === id)}
                  />
                ))}
              </Box>
            </Section>
            <Section title={t('checkout.method')}>
              <ShippingMethodChoice value={method} onChange={setMethod} disabled={reserved} />
            </Section>
            {method === 'courier' && (
              <Section title={t('checkout.address')}>
                <AddressChoice
                  value={addressId}
                  onChange={setAddressId}
                  onAdd={() => setDialogOpen(true)}
                  disabled={reserved}
                />
              </Section>
            )}
          </Box>
          <Box
            sx={{
              position: { md: 'sticky' },
              top: { md: 96 },
              display: 'flex',
              flexDirection: 'column',
              gap: 4,
            }}
          >
            <Box sx={{ p: { xs: 4, sm: 6 }, borderRadius: `${radius.card}px`, bgcolor: 'background.subtle' }}>
              <Typography
                variant="overline"
                component="h2"
                sx={{ color: 'accent.dark', display: 'block', mb: 2 }}
              >
                {t('checkout.summary')}
              </Typography>
              {request === null ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('checkout.chooseAddress')}
                </Typography>
              ) : (
                <QuoteSummary quote={quote.data} updating={quote.isFetching} />
              )}
            </Box>
            <Typography variant="overline" component="h2" sx={{ color: 'accent.dark', mt: 2 }}>
              {t('checkout.pay')}
            </Typography>
            {paymentGate && !reserved ? (
              paymentGate
            ) : (
              <>
                {!reserved && !quote.isError && (
                  <ProviderPayments
                    request={request}
                    total={quote.isFetching ? undefined : quote.data?.total}
                  />
                )}
                <BankTransferPanel
                  request={quote.isError ? null : request}
                  total={quote.isFetching ? undefined : quote.data?.total}
                  onDone={() => setReserved(true)}
                />
              </>
            )}
          </Box>
        </Box>
      </PageContainer>
      {renderAddressDialog({
        open: dialogOpen,
        firstAddress: (list?.length ?? 0) === 0,
        onClose: () => setDialogOpen(false),
      })}
    </>
  );
}

export default CheckoutPage;
