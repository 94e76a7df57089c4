import { useMemo } from 'react';
import { create } from 'zustand';
import { defaultDisplayCurrency } from '@knotwork/shared/currency/locale-currency';
import type { RateTable } from '@knotwork/shared/currency/convert';
import { useHydrated } from '../time-zone.ts';
import { useExchangeRateData } from './exchange-rates.ts';

/**
 * The currency every sale is in today: the house currency, which `formatUsd` prints (decision 048). Bids,
 * orders and payments are always in it; the visitor's currency is only ever an approximate figure beside it.
 */
export const SALE_CURRENCY = 'USD';

/** localStorage key of the visitor's choice: a currency code, or `sale` for "same as the sale". */
export const DISPLAY_CURRENCY_KEY = 'knotworkDisplayCurrency';

type Choice = string | null;

function readChoice(): Choice {
  try {
    const stored = window.localStorage.getItem(DISPLAY_CURRENCY_KEY);
    return stored === 'sale' || (stored && /^[A-Z]{3}$/.test(stored)) ? stored : null;
  } catch {
    return null;
  }
}

/** The stored choice; null until the visitor picks one (then the browser's languages decide). */
// choose takes 'sale' or a currency code.
export const useCurrencyChoice = create<{ choice: Choice; choose: (c: string) => void }>((set) => ({
  choice: typeof window === 'undefined' ? null : readChoice(),
  choose: (choice) => {
    try {
      window.localStorage.setItem(DISPLAY_CURRENCY_KEY, choice);
    } catch {
      // Private mode: the choice holds for this visit only.
    }
    set({ choice });
  },
}));

export interface DisplayCurrency {
  /** The currency approximate figures are shown in; null when it is the sale's own (nothing extra shown). */
  currency: string | null;
  /** The chosen or defaulted code to name on the picker (the sale's when none). */
  label: string;
  /** Whether the visitor chose "same as sale" (or nothing, and the browser suggests no currency with a rate). */
  sameAsSale: boolean;
  table: RateTable | null;
}

/**
 * The visitor's display currency: their stored choice, else the currency of their browser's language region
 * when the house has a rate for it, else the sale's own. The server and the hydration of its page know neither
 * the stored choice nor the browser's languages: they show the sale's currency alone, and the approximate figures
 * follow right after hydration (decision 077).
 */
export function useDisplayCurrency(): DisplayCurrency {
  const choice = useCurrencyChoice((s) => s.choice);
  const hydrated = useHydrated();
  const rates = useExchangeRateData();
  return useMemo(() => {
    if (!hydrated) return { currency: null, label: SALE_CURRENCY, sameAsSale: true, table: null };
    const table: RateTable | null = rates
      ? { base: rates.base, micros: Object.fromEntries(rates.rates.map((r) => [r.currency, r.rateMicros])) }
      : null;
    const offered = (c: string) => Boolean(table && (c === table.base || c in table.micros));
    const languages = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
    const picked = choice === 'sale' ? null : (choice ?? defaultDisplayCurrency(languages, offered) ?? null);
    const currency = picked && picked !== SALE_CURRENCY ? picked : null;
    return { currency, label: currency ?? SALE_CURRENCY, sameAsSale: currency === null, table };
  }, [choice, rates, hydrated]);
}
