import type { Stripe } from '@stripe/stripe-js';
import { loadScript } from './load-script.ts';

type StripeFactory = (key: string) => Stripe;
const stripeFactory = () => (window as unknown as { Stripe?: StripeFactory }).Stripe;

const instances = new Map<string, Promise<Stripe>>();

/** Stripe.js for this publishable key: window.Stripe when present, else https://js.stripe.com/v3 injected once. */
export function loadStripeJs(publishableKey: string): Promise<Stripe> {
  let p = instances.get(publishableKey);
  if (!p) {
    p = loadScript('https://js.stripe.com/v3', () => Boolean(stripeFactory())).then(() =>
      stripeFactory()!(publishableKey),
    );
    p.catch(() => instances.delete(publishableKey));
    instances.set(publishableKey, p);
  }
  return p;
}
