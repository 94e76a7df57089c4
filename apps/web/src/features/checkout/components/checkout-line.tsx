import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, QuoteLine } from '@knotwork/shared/schemas/payments';
import { ResponsiveImage } from '@/components/ui/responsive-image.tsx';
import { formatMediumDateTime, formatUsd } from '@/lib/format.ts';
import { radius } from '@/lib/theme.ts';
import { SummaryRow } from './summary-row.tsx';

/** One rug of the checkout: its picture, title and price lines (hammer + premium, or the all-in price). */
export function CheckoutLine({
  order,
  line,
}: {
  order: OrderDetail | undefined;
  line: QuoteLine | undefined;
}) {
  const { t } = useTranslation('payments');
  const image = order?.rug.image ?? null;
  const title = line?.title ?? order?.rug.title;
  const hammer = line ? line.hammerPrice : order?.hammerPrice;
  const premium = line ? line.buyersPremium : order?.buyersPremium;
  const itemPrice = line ? line.itemPrice : order?.itemPrice;
  return (
    <Box
      component="li"
      data-testid="checkout-line"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '96px minmax(0, 1fr)', sm: '140px minmax(0, 1fr)' },
        gap: { xs: 4, sm: 6 },
        py: 5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ borderRadius: `${radius.card / 2}px`, overflow: 'hidden', bgcolor: 'background.subtle' }}>
        {image ? (
          <ResponsiveImage
            image={image}
            sizes="(min-width: 600px) 140px, 96px"
            alt={image.alt ?? title ?? ''}
            aspectRatio="4 / 5"
            eager
          />
        ) : (
          <Box sx={{ aspectRatio: '4 / 5' }} />
        )}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        {line?.lotNumber != null && (
          <Typography variant="overline" component="p" sx={{ color: 'accent.dark', lineHeight: 1.6 }}>
            {t('checkout.lot', { number: line.lotNumber })}
          </Typography>
        )}
        <Typography component="h3" variant="h6" sx={{ fontWeight: 500, lineHeight: 1.3, mb: 2 }}>
          {title ?? <Skeleton width="70%" />}
        </Typography>
        {itemPrice === undefined ? (
          <Skeleton width="50%" />
        ) : (
          <Box sx={{ fontSize: '0.9375rem' }}>
            {hammer != null ? (
              <>
                <SummaryRow label={t('checkout.hammer')} value={formatUsd(hammer)} />
                <SummaryRow label={t('checkout.premium')} value={formatUsd(premium ?? 0)} />
              </>
            ) : (
              <SummaryRow label={t('checkout.allIn')} value={formatUsd(itemPrice)} />
            )}
            {hammer != null && (
              <SummaryRow label={t('checkout.itemTotal')} value={formatUsd(itemPrice)} strong />
            )}
          </Box>
        )}
        {order?.status === 'awaiting_payment' && (
          <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block', mt: 1 }}>
            {t('checkout.dueBy', {
              date: formatMediumDateTime(
                order.reservedUntil && order.kind === 'fixed_price' ? order.reservedUntil : order.dueAt,
              ),
            })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
