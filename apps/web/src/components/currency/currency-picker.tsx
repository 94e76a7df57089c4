import { Suspense, useId, useState, type MouseEvent } from 'react';
import { lazyMui } from '@/lib/mui-loader.tsx';
import { useTranslation } from 'react-i18next';
import { useDisplayCurrency } from '@/lib/currency/display-currency.ts';
import { currencyName } from '@/lib/currency/currency-name.ts';

const CurrencyMenu = lazyMui(() => import('./currency-menu.tsx'));

/**
 * The display-currency button beside the language menu (issue 14 section 6): it names the currency prices are
 * approximated in; its menu loads on the first press, like the language menu's (decision 027). A plain button
 * (styles/buttons.css): the header and the footer show it in every page's first paint (decision 067).
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
      <button
        type="button"
        className="kw-button kw-button--small kw-currency-button"
        onClick={(e: MouseEvent<HTMLElement>) => {
          setAnchor(e.currentTarget);
          setMounted(true);
        }}
        aria-label={t('button', { currency: `${display.label} (${currencyName(display.label)})` })}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid={`currency-picker-${placement}`}
        style={{ color: placement === 'footer' ? 'var(--kw-text-secondary)' : 'var(--kw-text)' }}
      >
        {placement === 'drawer' ? t('button', { currency: display.label }) : display.label}
      </button>
      {mounted && (
        <Suspense fallback={null}>
          <CurrencyMenu menuId={menuId} anchor={anchor} placement={placement} close={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
