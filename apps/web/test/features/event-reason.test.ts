import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { eventReason } from '../../src/lib/event-reason.ts';

const labels: Record<string, string> = {
  'bank.title': 'Bank transfer',
  'card.title': 'Card',
  'paypal.title': 'PayPal',
};
const t = ((key: string) => labels[key] ?? key) as unknown as TFunction;

describe('eventReason: no raw provider code reaches a person (issue 24 §2)', () => {
  it('names the provider, keeps a bank reference, drops a card or PayPal id', () => {
    expect(eventReason('bank_transfer KW-7XK2MP', t)).toBe('Bank transfer · KW-7XK2MP');
    expect(eventReason('stripe pi_3NabcDEF', t)).toBe('Card');
    expect(eventReason('paypal 8AB12345', t)).toBe('PayPal');
    expect(eventReason('bank_transfer', t)).toBe('Bank transfer');
  });

  it('leaves staff notes and carrier lines as written', () => {
    expect(eventReason('DHL Express 1234 5678 90', t)).toBe('DHL Express 1234 5678 90');
    expect(eventReason('The buyer asked to cancel', t)).toBe('The buyer asked to cancel');
    expect(eventReason(null, t)).toBeNull();
  });
});
