import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useAuthStore } from '@/lib/auth-store.ts';

/**
 * SPEC.md 2: /profile is wrapped in the card-payment context: the saved card as the user record carries it
 * (user.cardNumber, brand and last four, masked by the server). The Payment card section inside it adds a card
 * with a Stripe SetupIntent or removes it; both update the user record, which this context follows.
 */
export interface CardPaymentContextValue {
  /** The saved card as shown to its owner, brand and last four ("Visa •••• 4242"), or null. */
  cardNumber: string | null;
  hasSavedCard: boolean;
}

const CardPaymentContext = createContext<CardPaymentContextValue | null>(null);

export function CardPaymentProvider({ children }: { children: ReactNode }) {
  const cardNumber = useAuthStore((s) => s.user?.cardNumber ?? null);
  const value = useMemo(() => ({ cardNumber, hasSavedCard: Boolean(cardNumber) }), [cardNumber]);
  return <CardPaymentContext.Provider value={value}>{children}</CardPaymentContext.Provider>;
}

/** The card-payment context; throws outside CardPaymentProvider so a misplaced consumer fails loudly. */
export function useCardPayment(): CardPaymentContextValue {
  const value = useContext(CardPaymentContext);
  if (!value) throw new Error('useCardPayment must be used inside <CardPaymentProvider>');
  return value;
}
