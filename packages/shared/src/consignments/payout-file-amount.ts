import { PayoutFileError } from './payout-file-error.ts';

/**
 * The largest single SEPA credit transfer, 999,999,999.99 EUR (EPC implementation guidelines, AT-T002), in cents.
 * The CSV uses the same cap: no rug payout comes near it, so anything above is a bug upstream.
 */
export const MAX_PAYOUT_CENTS = 99_999_999_999;

/** An amount of integer cents, checked: a whole number from 1 cent to MAX_PAYOUT_CENTS. */
export function checkedCents(amountCents: number, paymentIndex: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 1 || amountCents > MAX_PAYOUT_CENTS) {
    throw new PayoutFileError(
      'invalid_amount',
      `the amount must be a whole number of cents from 1 to ${MAX_PAYOUT_CENTS}, not ${amountCents}`,
      paymentIndex,
    );
  }
  return amountCents;
}

/**
 * Cents as the decimal text banks read, `123456` as `1234.56`, built from the digits and never through a float,
 * which could print 0.30000000000000004 or lose cents beyond 2^53. Takes a bigint so a batch total is exact too.
 */
export function formatCents(cents: bigint | number): string {
  const value = BigInt(cents);
  if (value < 0n) throw new RangeError(`formatCents takes no negative amount: ${value}`);
  const digits = value.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
