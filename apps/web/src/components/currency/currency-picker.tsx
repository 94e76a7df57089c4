import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useDisplayCurrency } from '@/lib/currency/display-currency.ts';
import { currencyName } from '@/lib/currency/currency-name.ts';

const CurrencyMenu = lazy(() => import('./currency-menu.tsx'));

/**
 * The display-currency button beside the language menu (issue 14 section 6): it names the currency prices are
 * approximated in; its menu loads on the first press, like the language menu's (decision 027).
 */
export function CurrencyPicker({ placement }: { placement: 'header' | 'footer' | 'drawer' }) {
  const { t } = useTranslation('currency');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [mounted, setMounted] = useState(false);
  const display = useDisplayCurrency();
  const open = Boolean(anchor);
  return (
    <>
      <Button
        color="inherit"
        variant="text"
        size="small"
        onClick={(e: MouseEvent<HTMLElement>) => {
          setAnchor(e.currentTarget);
          setMounted(true);
        }}
        aria-label={t('button', { currency: `${display.label} (${currencyName(display.label)})` })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid={`currency-picker-${placement}`}
        sx={{
          minWidth: 0,
          px: 1.5,
          fontVariantNumeric: 'tabular-nums',
          letterSpacing: '0.04em',
          color: placement === 'footer' ? 'text.secondary' : 'text.primary',
        }}
      >
        {placement === 'drawer' ? t('button', { currency: display.label }) : display.label}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <CurrencyMenu menuId={menuId} anchor={anchor} placement={placement} close={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
