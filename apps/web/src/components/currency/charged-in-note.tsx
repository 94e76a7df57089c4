import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SALE_CURRENCY, useDisplayCurrency } from '@/lib/currency/display-currency.ts';

/**
 * "Bids are placed and charged in USD": under the bid form when the visitor sees approximate figures in another
 * currency (the confirmation dialog always says it).
 */
export function ChargedInNote({ purchase = false }: { purchase?: boolean }) {
  const { t } = useTranslation('currency');
  const { currency } = useDisplayCurrency();
  if (!currency) return null;
  return (
    <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
      {t(purchase ? 'chargedInPurchase' : 'chargedIn', { currency: SALE_CURRENCY })}
    </Typography>
  );
}
