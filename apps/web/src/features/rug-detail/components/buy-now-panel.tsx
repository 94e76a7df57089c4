import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { RugDetail } from '@knotwork/shared/schemas/catalogue';
import { paths } from '@/config/paths.ts';
import { radius } from '@/lib/theme.ts';
import { formatEstimate, formatUsd } from '@/lib/format.ts';
import { Approx } from '@/components/currency/approx.tsx';

/**
 * A rug without a lot: offered at a fixed price (buy it now), sold, or with neither (ask a specialist).
 * AUCTION-RULES.md: a fixed price is all-in apart from shipping and tax.
 */
export function BuyNowPanel({
  rug,
}: {
  rug: Pick<RugDetail, 'id' | 'fixedPrice' | 'estimateLow' | 'estimateHigh' | 'availability'>;
}) {
  const { t } = useTranslation('rug');
  const forSale = rug.fixedPrice !== null && rug.availability === 'buyNow';
  return (
    <Box
      component="section"
      aria-labelledby="buy-now-title"
      data-testid="buy-now-panel"
      sx={{
        p: { xs: 6, md: 8 },
        borderRadius: `${radius.card}px`,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="overline" component="h2" id="buy-now-title" sx={{ color: 'accent.dark' }}>
        {forSale
          ? t('buyNow.title')
          : rug.availability === 'sold'
            ? t('buyNow.soldTitle')
            : t('buyNow.enquireTitle')}
      </Typography>
      {forSale ? (
        <>
          <Typography
            component="p"
            sx={{ mt: 2, fontSize: '1.6rem', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
          >
            {formatUsd(rug.fixedPrice!)}
          </Typography>
          <Approx cents={rug.fixedPrice} block />
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {t('buyNow.note')}
          </Typography>
          <Button
            component={RouterLink}
            to={paths.buyItNow.href(rug.id)}
            variant="contained"
            size="large"
            fullWidth
            sx={{ mt: 6 }}
          >
            {t('buyNow.action')}
          </Button>
        </>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          {rug.availability === 'sold' ? t('buyNow.soldNote') : t('buyNow.enquireNote')}
        </Typography>
      )}
      <Box
        sx={{
          mt: 5,
          pt: 5,
          borderTop: 1,
          borderColor: 'divider',
          display: 'flex',
          justifyContent: 'space-between',
          gap: 3,
        }}
      >
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('lot.estimate')}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}>
          {formatEstimate(rug.estimateLow, rug.estimateHigh)}
          <Approx cents={rug.estimateLow} high={rug.estimateHigh} block style={{ textAlign: 'end' }} />
        </Typography>
      </Box>
      {!forSale && rug.availability !== 'sold' && (
        <Button
          component={RouterLink}
          to={paths.contactUs.href()}
          variant="outlined"
          color="inherit"
          fullWidth
          sx={{ mt: 6 }}
        >
          {t('buyNow.enquireAction')}
        </Button>
      )}
    </Box>
  );
}
