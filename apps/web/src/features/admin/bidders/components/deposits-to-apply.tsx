import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths.ts';
import { formatDate } from '@/lib/format.ts';
import { formatMoney } from '@/lib/format-money.ts';
import { Section } from '../../consignors/components/section.tsx';
import { useCan } from '../../shell/use-can.ts';
import { useDepositsToApply } from '../api/deposits-to-apply.ts';

/**
 * Bank deposits still held after their sale (decision 091): the house owes each bidder either an order paid from it
 * or the money back, and nothing does either by itself. Shown above the bidders only while there are some; each
 * links to the bidder's page, where the deposit is applied or marked as sent back.
 */
export function DepositsToApply() {
  const { t } = useTranslation('admin');
  const allowed = useCan().can('read', 'payment');
  const query = useDepositsToApply(allowed);
  if (!allowed || query.isPending) return null;
  if (query.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('deposits.toApplyFailed')}
      </Alert>
    );
  if (query.data.length === 0) return null;
  return (
    <Box data-testid="deposits-to-apply" sx={{ minWidth: 0 }}>
      <Section title={t('deposits.toApplyTitle', { count: query.data.length })}>
        <Typography variant="body2" color="text.secondary">
          {t('deposits.toApplyIntro')}
        </Typography>
        <Box
          component="ul"
          sx={{ m: 0, p: 0, listStyle: 'none', '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
        >
          {query.data.map((d) => (
            <Box
              component="li"
              key={d.deposit.id}
              data-testid="deposit-to-apply"
              sx={{ py: 3, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'baseline' }}
            >
              <Typography sx={{ fontWeight: 600 }}>
                {formatMoney(d.deposit.amountCents, d.deposit.currency)}
              </Typography>
              <Link component={RouterLink} to={paths.adminBidder.href(d.userId)} sx={{ fontWeight: 600 }}>
                {d.bidderName}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 14rem', minWidth: 0 }}>
                {d.deposit.saleTitle ?? t('deposits.houseWide')} · {formatDate(d.deposit.createdAt)}
                {d.deposit.reference ? ` · ${d.deposit.reference}` : ''}
              </Typography>
              <Typography variant="body2">
                {d.unpaidOrderIds.length > 0
                  ? t('deposits.unpaidOrders', { count: d.unpaidOrderIds.length })
                  : t('deposits.nothingToPay')}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>
    </Box>
  );
}
