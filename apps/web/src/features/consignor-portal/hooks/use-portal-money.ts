import { useMemo } from 'react';
import { formatMoney } from '@/lib/format-money.ts';
import { useConsignorMe } from '../api/get-consignor-me.ts';

export interface PortalMoney {
  /** Cents as "€1,234.56", "1 234,56 €". */
  money: (cents: number) => string;
  /** An estimate as "€4,000 – €6,000". */
  estimate: (low: number, high: number) => string;
}

/**
 * Amounts in the house's currency as `/consignor/me` names it (every amount of the portal is in it), in the page's
 * language. The page renders its sections only once `me` has answered, so the currency is known by then.
 */
export function usePortalMoney(): PortalMoney {
  const currency = useConsignorMe().data?.currency;
  return useMemo(() => {
    const money = (cents: number) => formatMoney(cents, currency);
    return { money, estimate: (low, high) => `${money(low)} – ${money(high)}` };
  }, [currency]);
}
