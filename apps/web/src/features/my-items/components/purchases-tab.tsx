import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { useTranslation } from 'react-i18next';
import { formatMediumDateTime } from '@/lib/format.ts';
import { Approx } from '@/components/currency/approx.tsx';
import { paths } from '@/config/paths.ts';
import { useOrders, type MyOrder } from '../api/get-orders.ts';
import { ItemRow } from './item-row.tsx';
import { ListFrame } from './list-frame.tsx';
import { PurchasePaid } from './purchase-paid.tsx';

const statusColor = (status: MyOrder['status']) =>
  status === 'paid' ? 'success' : status === 'awaiting_payment' ? 'warning' : 'default';

/** A fixed-price rug held for this buyer: until when, if the hold still runs (as of when the page was fetched). */
function holdUntil(order: MyOrder, receivedAt: number): string | null {
  if (order.kind !== 'fixed_price' || order.status !== 'awaiting_payment' || !order.reservedUntil)
    return null;
  return new Date(order.reservedUntil).getTime() > receivedAt ? order.reservedUntil : null;
}

/** Can go to checkout now: awaiting payment, and not a fixed-price hold that has already run out. */
function payable(order: MyOrder, receivedAt: number): boolean {
  if (order.status !== 'awaiting_payment') return false;
  return !(
    order.kind === 'fixed_price' &&
    order.reservedUntil &&
    new Date(order.reservedUntil).getTime() <= receivedAt
  );
}

/** Every order of the caller (GET /order/list): auction wins, buy-now and fixed-price purchases, newest first. */
export function PurchasesTab() {
  const { t } = useTranslation('my-items');
  const [page, setPage] = useState(1);
  const query = useOrders(page);
  return (
    <ListFrame
      query={query}
      page={page}
      onPage={setPage}
      empty={{
        icon: <ReceiptLongOutlined />,
        title: t('purchases.emptyTitle'),
        description: t('purchases.emptyBody'),
      }}
    >
      {({ data, receivedAt }) => {
        const unpaid = data.filter((o) => payable(o, receivedAt));
        return (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            {unpaid.length > 1 && (
              <Box
                data-testid="pay-all"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  flexWrap: 'wrap',
                  gap: 3,
                  p: 4,
                  mb: 2,
                  borderRadius: 2,
                  bgcolor: 'background.subtle',
                }}
              >
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('purchases.payAllBody')}
                </Typography>
                <Button
                  component={RouterLink}
                  to={paths.checkout.href(unpaid.map((o) => o.id))}
                  variant="contained"
                  data-testid="pay-all-button"
                >
                  {t('purchases.payAll', { count: unpaid.length })}
                </Button>
              </Box>
            )}
            {data.map((order) => {
              const heldUntil = holdUntil(order, receivedAt);
              return (
                <ItemRow
                  key={order.id}
                  testId="purchase"
                  state={order.status}
                  image={order.rug.image}
                  title={order.rug.title}
                  href={paths.order.href(order.id)}
                  actions={
                    payable(order, receivedAt) ? (
                      <Button
                        component={RouterLink}
                        to={paths.checkout.href([order.id])}
                        variant="contained"
                        size="small"
                        data-testid="pay-now"
                      >
                        {t('purchases.payNow')}
                      </Button>
                    ) : (
                      <Button
                        component={RouterLink}
                        to={paths.order.href(order.id)}
                        variant="outlined"
                        color="inherit"
                        size="small"
                      >
                        {t('purchases.details')}
                      </Button>
                    )
                  }
                  overline={t('purchases.order', { id: order.id.slice(0, 8).toUpperCase() })}
                  details={
                    <>
                      <Chip
                        size="small"
                        color={statusColor(order.status)}
                        label={t(`orderStatus.${order.status}`)}
                        data-testid="purchase-status"
                      />
                      <span>{t(`purchases.kind.${order.kind}`)}</span>
                      <PurchasePaid order={order} />
                      <Approx cents={order.itemPrice} style={{ marginInlineStart: 0 }} />
                      {heldUntil && (
                        <span data-testid="purchase-held-until">
                          {t('purchases.heldUntil', { date: formatMediumDateTime(heldUntil) })}
                        </span>
                      )}
                      {/* A fixed-price hold is due when it ends: "held until" already says when. */}
                      {order.status === 'awaiting_payment' && !heldUntil && (
                        <span>{t('purchases.dueBy', { date: formatMediumDateTime(order.dueAt) })}</span>
                      )}
                    </>
                  }
                />
              );
            })}
            <Typography variant="caption" sx={{ color: 'text.secondary', mt: 2 }}>
              {t('purchases.extras')}
            </Typography>
          </Box>
        );
      }}
    </ListFrame>
  );
}
