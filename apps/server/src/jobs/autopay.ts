import type { AutopayService, ChargeResult } from '../modules/commerce/autopay/service.ts';

/**
 * How often each process looks for orders due for autopay (decision 096): a charge falls due at most this late, and
 * the look itself is three indexed statements when nothing is due.
 */
export const AUTOPAY_SWEEP_MS = 5_000;

/**
 * The job: at most every `everyMs` per process, the first tick of a process included. Any number of processes may
 * run it at once: each schedule is claimed under `for update skip locked`, and each attempt's Stripe call carries an
 * Idempotency-Key derived from the order and the attempt number (modules/commerce/autopay/service.ts).
 */
export function autopaySweep(
  autopay: Pick<AutopayService, 'runDue'>,
  options: { batchSize: number; maxBatches: number },
  everyMs = AUTOPAY_SWEEP_MS,
): () => Promise<Partial<Record<ChargeResult, number>>> {
  let last = -Infinity;
  return async () => {
    const now = performance.now();
    if (now - last < everyMs) return {};
    last = now;
    return autopay.runDue(options.batchSize, options.maxBatches);
  };
}
