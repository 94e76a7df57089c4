import Check from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { layout } from '@knotwork/shared/constants/layout';
import { useExchangeRates } from '@/lib/currency/exchange-rates.ts';
import { SALE_CURRENCY, useCurrencyChoice, useDisplayCurrency } from '@/lib/currency/display-currency.ts';
import { currencyName } from '@/lib/currency/currency-name.ts';

const menuTransition = { enter: layout.menuAnimationInMs, exit: layout.menuAnimationOutMs };

/** The currency picker's menu, loaded when it first opens: "Same as sale", then every currency with a rate. */
export default function CurrencyMenu({
  menuId,
  anchor,
  placement,
  close,
}: {
  menuId: string;
  anchor: HTMLElement | null;
  placement: 'header' | 'footer' | 'drawer';
  close: () => void;
}) {
  const { t } = useTranslation('currency');
  const rates = useExchangeRates();
  const display = useDisplayCurrency();
  const choose = useCurrencyChoice((s) => s.choose);
  const codes = rates.data
    ? [...new Set([rates.data.base, ...rates.data.rates.map((r) => r.currency)])]
        .filter((c) => c !== SALE_CURRENCY)
        .sort()
    : [];
  const pick = (c: string) => {
    close();
    choose(c);
  };
  const item = (value: string, label: string, selected: boolean) => (
    <MenuItem
      key={value}
      selected={selected}
      aria-current={selected ? 'true' : undefined}
      onClick={() => pick(value)}
      data-testid={`currency-option-${value}`}
    >
      <ListItemIcon>{selected && <Check fontSize="small" />}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
  return (
    <Menu
      id={menuId}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={close}
      transitionDuration={menuTransition}
      anchorOrigin={{ vertical: placement === 'footer' ? 'top' : 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: placement === 'footer' ? 'bottom' : 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': t('menu') }, paper: { sx: { maxHeight: 420 } } }}
    >
      {item('sale', t('sameAsSale', { currency: SALE_CURRENCY }), display.sameAsSale)}
      {rates.isError && <MenuItem disabled>{t('ratesFailed')}</MenuItem>}
      {codes.map((c) => item(c, `${c} · ${currencyName(c)}`, display.currency === c))}
    </Menu>
  );
}
