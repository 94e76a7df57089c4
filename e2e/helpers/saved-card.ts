import { expect } from 'vitest';
import type { startStripeFake } from '../../apps/server/test/fakes/stripe-fake.ts';
import { apiCall, type SignedInUser } from './accounts.ts';

/** Saves a card on the collector's profile as Stripe.js would: a SetupIntent confirmed at the local stand-in. */
export async function saveCard(
  baseUrl: string,
  stripe: Awaited<ReturnType<typeof startStripeFake>>,
  user: SignedInUser,
): Promise<void> {
  const setup = await apiCall<{ data: { clientSecret: string } }>(baseUrl, '/payment/stripe/setup-intent', {
    token: user.token,
    body: {},
  });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const setupIntentId = setup.body.data.clientSecret.split('_secret_')[0]!;
  stripe.confirmSetup(setupIntentId, { brand: 'visa', last4: '4242' });
  const saved = await apiCall(baseUrl, '/payment/stripe/card', {
    token: user.token,
    body: { setupIntentId },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}
