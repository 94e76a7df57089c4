import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { formatDate } from '@/lib/format.ts';
import { formatMoney } from '@/lib/format-money.ts';
import { useBiddingStanding } from './use-bidding-standing.ts';

/**
 * Why the signed-in collector cannot bid, and what to do (issue 28 §4, decision 092): blocked for unpaid orders, the
 * orders with links to pay them and then to contact the house; blocked otherwise, contact the house; not blocked but
 * with strikes, a warning before the block. Nothing for a visitor, a collector in good standing, or while it loads
 * (the bid's own refusal still says it). On My Items and above the bid form.
 */
export function BiddingStandingNote({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('bidding');
  const { data } = useBiddingStanding();
  if (!data) return null;
  const overdue = data.unpaidOrders.filter((o) => o.overdue);
  const warn = !data.blocked && data.blockAfter > 0 && data.activeStrikes > 0 && overdue.length > 0;
  if (!data.blocked && !warn) return null;

  const orders = data.blocked && data.reason === 'unpaid' ? data.unpaidOrders : overdue;
  const contact = (
    <Link component={RouterLink} to={paths.contactUs.href()}>
      {t('standing.contact')}
    </Link>
  );
  return (
    <Alert
      severity={data.blocked ? 'error' : 'warning'}
      variant="outlined"
      sx={{ mb: compact ? 4 : 6, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
      data-testid="bidding-standing"
    >
      <AlertTitle>{data.blocked ? t('standing.blockedTitle') : t('standing.warnTitle')}</AlertTitle>
      {data.blocked && data.reason !== 'unpaid' ? (
        <Typography variant="body2">
          {t('standing.blockedOther')} {contact}
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2">
            {data.blocked
              ? t('standing.blockedUnpaid', { count: data.activeStrikes })
              : t('standing.warn', { count: overdue.length, blockAfter: data.blockAfter })}
          </Typography>
          {orders.length > 0 && (
            <Box component="ul" sx={{ m: 0, ps: 5, display: 'grid', gap: 1 }}>
              {orders.map((o) => (
                <Typography component="li" variant="body2" key={o.orderId} sx={{ overflowWrap: 'anywhere' }}>
                  <Link component={RouterLink} to={paths.order.href(o.orderId)}>
                    {o.lotNumber === null
                      ? o.rugTitle
                      : t('standing.lot', { n: o.lotNumber, title: o.rugTitle })}
                  </Link>
                  {' · '}
                  {formatMoney(o.amountCents, o.currency)}
                  {' · '}
                  <Box component="span" sx={{ color: o.overdue ? 'error.main' : 'text.secondary' }}>
                    {t(o.overdue ? 'standing.wasDue' : 'standing.due', { day: formatDate(o.dueAt) })}
                  </Box>
                </Typography>
              ))}
            </Box>
          )}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            {orders.length > 0 && (
              <Button
                component={RouterLink}
                to={paths.checkout.href(orders.map((o) => o.orderId))}
                variant="contained"
                size="small"
              >
                {t('standing.pay')}
              </Button>
            )}
            {data.blocked && (
              <Typography variant="body2">
                {t('standing.thenContact')} {contact}
              </Typography>
            )}
          </Box>
        </Box>
      )}
    </Alert>
  );
}
