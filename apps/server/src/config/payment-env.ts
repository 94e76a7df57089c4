/** The payment providers' settings, checked together: a half-configured provider stops the start, naming what is missing. */
export interface PaymentEnv {
  NODE_ENV: 'development' | 'production' | 'test';
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  PAYPAL_CLIENT_ID?: string | undefined;
  PAYPAL_CLIENT_SECRET?: string | undefined;
  PAYPAL_WEBHOOK_ID?: string | undefined;
  PAYPAL_API_URL?: string | undefined;
}

export const PAYPAL_LIVE_URL = 'https://api-m.paypal.com';
export const PAYPAL_SANDBOX_URL = 'https://api-m.sandbox.paypal.com';

/** Live PayPal only in production; anywhere else the sandbox, so a development machine never takes real money. */
export function paypalApiUrl(env: PaymentEnv): string {
  return (
    env.PAYPAL_API_URL ?? (env.NODE_ENV === 'production' ? PAYPAL_LIVE_URL : PAYPAL_SANDBOX_URL)
  ).replace(/\/+$/, '');
}

/** Each line names a variable and what is wrong with it; none when both providers are fully set or fully unset. */
export function paymentProviderProblems(env: PaymentEnv): string[] {
  const problems: string[] = [];
  const stripeSet = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY, env.STRIPE_WEBHOOK_SECRET].some(
    Boolean,
  );
  if (stripeSet) {
    // Without the webhook secret no card payment could ever be marked paid: the webhook is what reports it.
    if (!env.STRIPE_SECRET_KEY)
      problems.push('STRIPE_SECRET_KEY: required when another STRIPE_ variable is set');
    if (!env.STRIPE_PUBLISHABLE_KEY)
      problems.push('STRIPE_PUBLISHABLE_KEY: required when another STRIPE_ variable is set');
    if (!env.STRIPE_WEBHOOK_SECRET)
      problems.push('STRIPE_WEBHOOK_SECRET: required when Stripe is configured (payments arrive by webhook)');
    if (env.STRIPE_SECRET_KEY && !/^(sk|rk)_/.test(env.STRIPE_SECRET_KEY))
      problems.push('STRIPE_SECRET_KEY: must start with sk_ or rk_');
    if (env.STRIPE_PUBLISHABLE_KEY && !env.STRIPE_PUBLISHABLE_KEY.startsWith('pk_'))
      problems.push('STRIPE_PUBLISHABLE_KEY: must start with pk_');
    if (env.STRIPE_WEBHOOK_SECRET && !env.STRIPE_WEBHOOK_SECRET.startsWith('whsec_'))
      problems.push('STRIPE_WEBHOOK_SECRET: must start with whsec_');
    const live = [env.STRIPE_SECRET_KEY, env.STRIPE_PUBLISHABLE_KEY]
      .filter(Boolean)
      .map((k) => k!.includes('_live_'));
    if (live.length === 2 && live[0] !== live[1])
      problems.push('STRIPE_PUBLISHABLE_KEY: test and live keys are mixed');
  }
  const paypalSet = [env.PAYPAL_CLIENT_ID, env.PAYPAL_CLIENT_SECRET, env.PAYPAL_WEBHOOK_ID].some(Boolean);
  if (paypalSet) {
    if (!env.PAYPAL_CLIENT_ID)
      problems.push('PAYPAL_CLIENT_ID: required when another PAYPAL_ variable is set');
    if (!env.PAYPAL_CLIENT_SECRET)
      problems.push('PAYPAL_CLIENT_SECRET: required when another PAYPAL_ variable is set');
    if (!env.PAYPAL_WEBHOOK_ID)
      problems.push(
        'PAYPAL_WEBHOOK_ID: required when PayPal is configured (its webhooks are verified against it)',
      );
  }
  return problems;
}

export const stripeConfigured = (env: PaymentEnv): boolean => Boolean(env.STRIPE_SECRET_KEY);
export const paypalConfigured = (env: PaymentEnv): boolean => Boolean(env.PAYPAL_CLIENT_ID);
