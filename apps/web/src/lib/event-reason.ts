import type { TFunction } from 'i18next';

const PROVIDER_LABEL = { bank_transfer: 'bank.title', stripe: 'card.title', paypal: 'paypal.title' } as const;

/**
 * An order event's reason as a person reads it (issue 24 §2): the server writes a payment's as
 * "<provider> <provider's id>" ("bank_transfer KW-7XK2MP", "stripe pi_3N..."). The provider is named in the
 * reader's language; a bank transfer keeps its reference (the buyer quoted it), a card or PayPal id is dropped.
 * Any other reason (a staff note, "DHL Express 1234 5678") is shown as written. `t` is the payments namespace's.
 */
export function eventReason(reason: string | null, t: TFunction): string | null {
  if (!reason) return null;
  const match = /^(bank_transfer|stripe|paypal)(?:\s+(.*))?$/.exec(reason.trim());
  if (!match) return reason;
  const provider = match[1] as keyof typeof PROVIDER_LABEL;
  const label = t(PROVIDER_LABEL[provider]);
  return provider === 'bank_transfer' && match[2] ? `${label} · ${match[2]}` : label;
}
