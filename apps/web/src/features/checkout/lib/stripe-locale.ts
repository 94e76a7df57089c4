import type { StripeElementLocale } from '@stripe/stripe-js';

/**
 * The card form speaks the site's language, not the browser's: Stripe's own placeholders and card errors
 * would otherwise follow the browser ("auto") and could read French on an English page.
 */
export function stripeLocale(language: string | undefined): StripeElementLocale {
  const base = language?.split('-')[0];
  return base === 'fr' || base === 'ar' ? base : 'en';
}
