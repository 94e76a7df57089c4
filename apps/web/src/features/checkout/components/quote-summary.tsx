import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format.ts';
import type { Quote } from '../api/get-checkout-quote.ts';
import { SummaryRow } from './summary-row.tsx';

/** Rugs, one shipping charge, tax and the total, as the server priced them. */
export function QuoteSummary({ quote, updating }: { quote: Quote | undefined; updating: boolean }) {
  const { t } = useTranslation('payments');
  if (!quote) return <Skeleton variant="rounded" height={140} />;
  const { shipping, tax } = quote;
  return (
    <Box
      aria-busy={updating}
      aria-live="polite"
      sx={{ opacity: updating ? 0.55 : 1, transition: 'opacity 150ms' }}
      data-testid="quote-summary"
    >
      <SummaryRow label={t('checkout.subtotal')} value={formatUsd(quote.subtotal)} testId="quote-subtotal" />
      <SummaryRow
        label={
          shipping.method === 'collect'
            ? t('checkout.collect')
            : shipping.zone
              ? t('checkout.shippingZone', { zone: t(`checkout.zone.${shipping.zone}`) })
              : t('checkout.shipping')
        }
        value={shipping.amount === 0 ? t('checkout.free') : formatUsd(shipping.amount)}
        testId="quote-shipping"
      />
      <SummaryRow
        label={tax ? t('checkout.taxRate', { rate: tax.rateBp / 100 }) : t('checkout.tax')}
        value={quote.taxAmount === 0 && !tax ? t('checkout.noTax') : formatUsd(quote.taxAmount)}
        testId="quote-tax"
      />
      <Divider sx={{ my: 2 }} />
      <SummaryRow label={t('checkout.total')} value={formatUsd(quote.total)} strong testId="quote-total" />
    </Box>
  );
}
